import { ACTIVITIES } from '~/features/accounts/constants';
import { ACTIVITY_LABEL } from '~/features/accounts/labels';
import { FieldError, fieldAria } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';

export default function ActivityStep({ t }: { t: ClientTranslate }) {
  const { register, errors, idOf } = useStepFields();
  const id = idOf('activity');
  const error = errors.activity?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('signup.activity_legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ACTIVITIES.map((activity, index) => (
          <label
            key={activity}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-base-200"
          >
            <input
              id={index === 0 ? id : undefined}
              type="radio"
              value={activity}
              className="radio radio-primary"
              {...fieldAria(id, { error })}
              {...register('activity')}
            />
            <span>{t(ACTIVITY_LABEL[activity])}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
