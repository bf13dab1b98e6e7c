import { reloadWithSnack } from '~/stores/snackbar';
import { useEffect, useRef, useState } from 'react';
import type { OfferAction, OfferType } from '~/features/deals/constants';
import { dealLabels } from '~/features/deals/labels';
import { dealStepPath } from '~/features/deals/deal-steps';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import ConfirmDialog from '~/islands/lib/ConfirmDialog';
import { apiPost } from '~/stores/api';
import { FormAlert } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { documentProblem, photoProblem } from './attachments';
import { type Refusal, classifyRefusal } from '~/features/deals/refusals';
import StepFields, { type StepErrors, type StepValues } from './StepFields';

interface Props {
  offerId: number;
  /** What the user may do now (OfferView.allowed_actions), in the state machine's order. */
  actions: OfferAction[];
  /** A booking of machinery says "Machine handed over" where goods say "Goods sent". */
  offerType: OfferType;
  /** The page's language: each button leads to its step's own page without JavaScript (dealStepPath). */
  locale: Locale;
  messages: Messages;
}

/** Saying no or taking the offer back ends it: those buttons and their dialog are red. */
const ENDING: OfferAction[] = ['decline-offer', 'delete-offer'];
const EMPTY: StepValues = { comment: '', photo: null, document: null };

/**
 * The buttons of the deal page. Without JavaScript each is a form leading to its step's confirmation page
 * (/user/offer/{id}/{action}, src/server/loaders/deal-step.ts). Once hydrated, each step asks "I Confirm" in a
 * dialog that says what the step does, with an optional comment, photo and PDF (checked here first, then by the
 * server), posts to /api-v2/offer/{action} and reloads the page, which shows the new state and, after the reload,
 * what was done.
 */
export default function DealActions({ offerId, actions, offerType, locale, messages }: Props) {
  const t = createClientTranslator(messages);
  const words = dealLabels(offerType);
  const text = words.action;
  const [open, setOpen] = useState(false);
  // The dialog stays mounted (closing the native <dialog> gives the focus back); it keeps the last step's text.
  const [asked, setAsked] = useState<OfferAction>(actions[0] ?? 'approve-offer');
  const [values, setValues] = useState<StepValues>(EMPTY);
  const [errors, setErrors] = useState<StepErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // What a refusal leaves the user: a reload when the deal moved on meanwhile, declining when an approval cannot succeed.
  const [refusal, setRefusal] = useState<Refusal>('other');
  const [busy, setBusy] = useState(false);
  // A new key per opening gives the file inputs a fresh, empty state.
  const [round, setRound] = useState(0);
  // Counts failed sends: each one moves the focus to what explains it (see below).
  const [failures, setFailures] = useState(0);
  const fields = useRef<HTMLDivElement>(null);

  // While the step was sent its buttons and fields were disabled, which drops the focus. A field the server
  // refused takes it (its error is read with it); otherwise the alert, which takes it itself (FormAlert).
  useEffect(() => {
    if (failures > 0) fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);

  function ask(action: OfferAction) {
    setAsked(action);
    setValues(EMPTY);
    setErrors({});
    setProblem(null);
    setRefusal('other');
    setRound((n) => n + 1);
    setOpen(true);
  }

  function chooseFile(field: 'photo' | 'document', file: File | null) {
    const wrong = file ? (field === 'photo' ? photoProblem(file) : documentProblem(file)) : undefined;
    setErrors((current) => ({ ...current, [field]: wrong ? t(wrong) : undefined }));
    setValues((current) => ({ ...current, [field]: wrong ? null : file }));
  }

  async function confirm() {
    if (errors.photo || errors.document) {
      // A refused file stays named in its input until another is chosen: send the user there.
      fields.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await apiPost(`/offer/${asked}`, {
      id: offerId,
      comment: values.comment.trim() || undefined,
      photo: values.photo ?? undefined,
      document: values.document ?? undefined,
    });
    if (result.ok) {
      reloadWithSnack(t(text[asked].done));
      return;
    }
    setBusy(false);
    const fieldErrors = result.error.errors ?? {};
    const placed: StepErrors = {
      comment: fieldErrors.comment?.[0],
      photo: fieldErrors.photo?.[0],
      document: fieldErrors.document?.[0],
    };
    setErrors(placed);
    const kind = classifyRefusal(asked, result.status, result.error.reason);
    setRefusal(kind);
    if (!placed.comment && !placed.photo && !placed.document) {
      const found = problemOf(result, t);
      setProblem(kind === 'only-decline' ? { message: `${found.message} ${t('deal.only_decline')}` } : found);
    }
    setFailures((n) => n + 1);
  }

  /** From a refused approval to declining: the dialog closes and opens again for the decline, read out afresh. */
  function declineInstead() {
    setOpen(false);
    window.setTimeout(() => ask('decline-offer'), 0);
  }

  const refusalAction =
    refusal === 'stale' ? (
      <button type="button" className="btn btn-sm min-h-10" onClick={() => window.location.reload()}>
        {t('deal.reload_page')}
      </button>
    ) : refusal === 'only-decline' && actions.includes('decline-offer') ? (
      <button type="button" className="btn btn-sm min-h-10" onClick={declineInstead}>
        {t(text['decline-offer'].label)}
      </button>
    ) : undefined;

  const tone = ENDING.includes(asked) ? 'danger' : 'primary';
  return (
    <fieldset aria-label={t('deal.actions_group', { id: offerId })} className="flex min-w-0 flex-col gap-2">
      {actions.map((action) => (
        <form
          key={action}
          method="get"
          action={localizePath(dealStepPath(offerId, action), locale)}
          className="flex flex-col"
          onSubmit={(event) => {
            event.preventDefault();
            ask(action);
          }}
        >
          <button
            type="submit"
            className={`btn min-h-12 w-full ${ENDING.includes(action) ? 'btn-outline btn-error' : 'btn-primary'}`}
            disabled={busy}
            data-action={action}
          >
            {t(text[action].label)}
          </button>
        </form>
      ))}
      <ConfirmDialog
        open={open}
        title={t(text[asked].label)}
        text={t(text[asked].confirm)}
        confirmLabel={t('deal.i_confirm')}
        cancelLabel={t('deal.cancel')}
        busy={busy}
        tone={tone}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <div key={round} ref={fields} className="flex flex-col gap-3">
          <StepFields
            t={t}
            photoHint={t(words.photoHint)}
            documentHint={t(words.documentHint)}
            values={values}
            errors={errors}
            disabled={busy}
            onComment={(comment) => setValues((current) => ({ ...current, comment }))}
            onFile={chooseFile}
          />
          {/* Not inline: the focus was lost while sending, so the alert takes it and is read out at once. */}
          <FormAlert
            problem={problem}
            onRetry={() => void confirm()}
            retryLabel={t('auth.form_retry')}
            action={refusalAction}
          />
        </div>
      </ConfirmDialog>
    </fieldset>
  );
}
