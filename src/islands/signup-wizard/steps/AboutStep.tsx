import { AGE_RANGES, GENDERS } from '~/features/accounts/constants';
import { AGE_RANGE_LABEL, GENDER_LABEL } from '~/features/accounts/labels';
import { FieldError, SelectField, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

/** Gender and age range: both optional, and "prefer not to say" is an answer. */
export default function AboutStep({ t }: { t: ClientTranslate }) {
  const { register, errors, idOf } = useStepFields();
  const genderId = idOf('gender');
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">
          {t('signup.gender')} <span className="font-normal opacity-75">({t('auth.field_optional')})</span>
        </legend>
        <div className="flex flex-col gap-x-6 sm:flex-row sm:flex-wrap">
          {[...GENDERS, ''].map((gender, index) => (
            <label key={gender || 'none'} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                id={index === 0 ? genderId : undefined}
                type="radio"
                value={gender}
                className="radio radio-primary"
                {...fieldAria(genderId, { error: errors.gender })}
                {...register('gender')}
              />
              {gender ? t(GENDER_LABEL[gender as (typeof GENDERS)[number]]) : t('signup.prefer_not_to_say')}
            </label>
          ))}
        </div>
        <FieldError id={genderId} message={errors.gender?.message} />
      </fieldset>
      <SelectField
        id={idOf('age_range')}
        label={t('signup.age_range')}
        optional={t('auth.field_optional')}
        registration={register('age_range')}
        error={errors.age_range?.message}
      >
        <option value="">{t('signup.prefer_not_to_say')}</option>
        {AGE_RANGES.map((range) => (
          <option key={range} value={range}>
            {t(AGE_RANGE_LABEL[range])}
          </option>
        ))}
      </SelectField>
    </>
  );
}
