import { useFormContext } from 'react-hook-form';
import { TRADER_STATUSES } from '../../../features/accounts/constants';
import { FieldError, describedBy } from '../../auth/FormParts';
import type { ClientTranslate } from '../../lib/i18n';
import { KIND_KEYS } from '../labels';
import { type WizardPath, type WizardValues, fieldId } from '../wizard-model';

const CARD = 'flex min-h-12 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-base-200';

/** Who is signing up (preselected from ?trader_status) and whether to answer everything now or later. */
export default function StartStep({ path, onPathChange, t }: { path: WizardPath; onPathChange: (path: WizardPath) => void; t: ClientTranslate }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WizardValues>();
  const kindError = errors.trader_status?.message;
  const kindId = fieldId('trader_status');
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('auth.field_kind')}</legend>
        {TRADER_STATUSES.map((status, index) => (
          <label key={status} className={CARD}>
            <input
              id={index === 0 ? kindId : undefined}
              type="radio"
              value={status}
              className="radio radio-primary mt-0.5"
              aria-invalid={kindError ? true : undefined}
              aria-describedby={describedBy(kindId, false, Boolean(kindError))}
              {...register('trader_status')}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{t(KIND_KEYS[status].title)}</span>
              <span className="text-sm opacity-80">{t(KIND_KEYS[status].text)}</span>
            </span>
          </label>
        ))}
        <FieldError id={kindId} message={kindError} />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('signup.path_legend')}</legend>
        {(['quick', 'advanced'] as const).map((option) => (
          <label key={option} className={CARD}>
            <input type="radio" name="wizard-path" value={option} checked={path === option} onChange={() => onPathChange(option)} className="radio radio-primary mt-0.5" />
            <span className="flex flex-col">
              <span className="font-semibold">{option === 'quick' ? t('signup.path_quick') : t('signup.path_full')}</span>
              <span className="text-sm opacity-80">{option === 'quick' ? t('signup.path_quick_text') : t('signup.path_full_text')}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
