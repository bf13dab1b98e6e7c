import { useFormContext } from 'react-hook-form';
import { AGE_RANGES, GENDERS } from '../../../features/accounts/constants';
import { FieldError, describedBy } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { AGE_RANGE_LABEL, GENDER_LABEL } from '../labels';
import { type WizardValues, fieldId } from '../wizard-model';

/** Gender and age range: both optional, and "prefer not to say" is an answer. */
export default function AboutStep({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const genderId = fieldId('gender');
  const ageId = fieldId('age_range');
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
                aria-invalid={errors.gender ? true : undefined}
                aria-describedby={describedBy(genderId, false, Boolean(errors.gender))}
                {...register('gender')}
              />
              {gender ? t(GENDER_LABEL[gender as (typeof GENDERS)[number]]) : t('signup.prefer_not_to_say')}
            </label>
          ))}
        </div>
        <FieldError id={genderId} message={errors.gender?.message} />
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={ageId} className="font-semibold">
          {t('signup.age_range')} <span className="font-normal opacity-75">({t('auth.field_optional')})</span>
        </label>
        <select
          id={ageId}
          className={`select select-lg w-full text-base ${errors.age_range ? 'select-error' : ''}`}
          aria-invalid={errors.age_range ? true : undefined}
          aria-describedby={describedBy(ageId, false, Boolean(errors.age_range))}
          {...register('age_range')}
        >
          <option value="">{t('signup.prefer_not_to_say')}</option>
          {AGE_RANGES.map((range) => (
            <option key={range} value={range}>
              {t(AGE_RANGE_LABEL[range])}
            </option>
          ))}
        </select>
        <FieldError id={ageId} message={errors.age_range?.message} />
      </div>
    </>
  );
}
