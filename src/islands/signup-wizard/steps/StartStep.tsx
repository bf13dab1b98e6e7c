import { useFormContext } from 'react-hook-form';
import { CHOICE_CARD, KindChoice } from '~/islands/auth/AccountFields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { useStepFields } from '~/islands/signup-wizard/use-step-fields';
import type { WizardPath, WizardValues } from '~/islands/signup-wizard/wizard-model';

/** Who is signing up (preselected from ?trader_status) and whether to answer everything now or later. */
export default function StartStep({
  path,
  onPathChange,
  t,
}: {
  path: WizardPath;
  onPathChange: (path: WizardPath) => void;
  t: ClientTranslate;
}) {
  const initial = useFormContext<WizardValues>().formState.defaultValues?.trader_status;
  return (
    <>
      <KindChoice {...useStepFields()} t={t} initial={initial} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('signup.path_legend')}</legend>
        {(['quick', 'advanced'] as const).map((option) => (
          <label key={option} className={CHOICE_CARD}>
            <input
              type="radio"
              name="wizard-path"
              value={option}
              checked={path === option}
              onChange={() => onPathChange(option)}
              className="radio radio-primary mt-0.5"
            />
            <span className="flex flex-col">
              <span className="font-semibold">
                {option === 'quick' ? t('signup.path_quick') : t('signup.path_full')}
              </span>
              <span className="text-sm opacity-80">
                {option === 'quick' ? t('signup.path_quick_text') : t('signup.path_full_text')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
