import { useFormContext } from 'react-hook-form';
import { ACTIVITIES } from '../../../features/accounts/constants';
import { FieldError, describedBy } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { ACTIVITY_LABEL } from '../labels';
import { type WizardValues, fieldId } from '../wizard-model';

export default function ActivityStep({ t }: { t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const id = fieldId('activity');
  const error = errors.activity?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('signup.activity_legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {ACTIVITIES.map((activity, index) => (
          <label key={activity} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-base-200">
            <input
              id={index === 0 ? id : undefined}
              type="radio"
              value={activity}
              className="radio radio-primary"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, false, Boolean(error))}
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
