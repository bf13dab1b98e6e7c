import type { TraderStatus } from '~/features/accounts/constants';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { type StepId, stepTitleKey } from './wizard-model';

/**
 * Where the person is: daisyUI steps (names shown from the small-tablet width up; on a phone the numbers, with
 * the names still read out) and "Step 3 of 10" in words.
 */
export default function StepIndicator({
  steps,
  current,
  kind,
  t,
}: {
  steps: StepId[];
  current: number;
  kind: TraderStatus;
  t: ClientTranslate;
}) {
  return (
    <nav aria-label={t('signup.progress_label')} className="space-y-2">
      <p className="text-sm font-semibold opacity-80">
        {t('signup.progress', { step: current + 1, total: steps.length })}
      </p>
      <div className="overflow-x-auto pb-1">
        <ol className="steps w-full text-xs sm:text-sm">
          {steps.map((step, index) => (
            <li
              key={step}
              className={`step min-w-7 max-sm:after:!size-6 sm:min-w-16 ${index <= current ? 'step-primary' : ''}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="sr-only sm:not-sr-only">{t(stepTitleKey(step, kind))}</span>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
