import { reloadWithSnack } from '~/stores/snackbar';
import { useId, useRef, useState } from 'react';
import { OFFER_COMMENT_MAX, RATING_MAX, RATING_MIN } from '~/features/deals/constants';
import { apiPost } from '~/stores/api';
import { Field, FieldError, FormAlert, SubmitButton } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  offerId: number;
  /** The plain form without JavaScript: the rating's own page (src/server/loaders/deal-step.ts) and the form token. */
  form: { action: string; token: string };
  messages: Messages;
}

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * The rating of the other party once the deal is done (POST /user/set-feedback, once per party): five stars as a
 * radio group (arrow keys move between them, each has its own name for screen readers) and a comment. Without
 * JavaScript the same form posts to /user/offer/{id}/feedback.
 */
export default function FeedbackForm({ offerId, form, messages }: Props) {
  const t = createClientTranslator(messages);
  const id = useId();
  const firstStar = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (rating === null) {
      setErrors({ rating: t('validation.required') });
      firstStar.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    setErrors({});
    const result = await apiPost('/user/set-feedback', {
      UserFeedback: { offer_id: offerId, rating, comment: comment.trim() || undefined },
    });
    if (result.ok) {
      reloadWithSnack(t('deal.feedback_sent'));
      return;
    }
    setBusy(false);
    const fields = result.error.errors ?? {};
    const placed = { rating: fields.rating?.[0], comment: fields.comment?.[0] };
    setErrors(placed);
    if (!placed.rating && !placed.comment) setProblem(problemOf(result, t));
  }

  return (
    <form
      method="post"
      action={form.action}
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <input type="hidden" name="form_token" value={form.token} />
      <FormAlert problem={problem} onRetry={() => void send()} retryLabel={t('auth.form_retry')} />
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="mb-1 font-medium">{t('deal.feedback_rating')}</legend>
        {/* Stars 44 px wide for thumbs; the mask clips an outline, so the group shows the keyboard focus. */}
        <div className="flex flex-wrap items-center gap-3">
          <div className="rating gap-1 rounded-box p-1 [--size:2.75rem] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary">
            {STARS.map((star) => (
              <input
                key={star}
                ref={star === RATING_MIN ? firstStar : undefined}
                type="radio"
                name="rating"
                value={star}
                className="mask mask-star-2 bg-warning"
                aria-label={t('deal.feedback_star', { rating: star })}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setErrors((current) => ({ ...current, rating: undefined }));
                }}
                disabled={busy}
              />
            ))}
          </div>
          {rating !== null && <span className="font-medium">{t('deal.feedback_star', { rating })}</span>}
        </div>
        <FieldError id={`${id}-rating`} message={errors.rating} />
      </fieldset>
      <Field
        id={`${id}-comment`}
        label={t('deal.feedback_comment')}
        optional={t('deal.optional')}
        error={errors.comment}
        compact
      >
        {(control) => (
          <textarea
            {...control}
            name="comment"
            className={`textarea w-full text-base ${errors.comment ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={OFFER_COMMENT_MAX}
            value={comment}
            disabled={busy}
            onChange={(event) => setComment(event.target.value)}
          />
        )}
      </Field>
      <SubmitButton busy={busy} plainForm>
        {t('deal.feedback_send')}
      </SubmitButton>
    </form>
  );
}
