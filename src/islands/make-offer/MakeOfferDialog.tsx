import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { distanceKm } from '~/features/deals/figures';
import { LOCALE_META, type Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { lotQuantityText } from '~/features/lots/lot-format';
import { apiPost } from '~/stores/api';
import { FormAlert, SubmitButton, SuccessAlert, useHydrated } from '~/islands/lib/fields';
import Icon from '~/islands/lib/Icon';
import { type ClientTranslate, type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { localToday } from '~/features/deals/booking-days';
import BookingFields from './BookingFields';
import DeliveryFields from './DeliveryFields';
import { PAYMENT_CHOICES } from '~/features/deals/offer-form-fields';
import {
  type OfferFormValues,
  OFFER_FIELDS,
  initialValues,
  liveFigures,
  offerQuantity,
  offerResolver,
  toOfferFields,
} from './offer-form';
import { type MapPoint, type OfferLot, OPEN_LABEL, submitLabel, successKey } from '~/features/deals/offer-lot';
import OfferTotals from './OfferTotals';
import PriceVolumeFields from './PriceVolumeFields';
import { useBookedRanges } from './use-booked-ranges';

export interface MakeOfferDialogProps {
  lot: OfferLot;
  /** The offer page with the same form (src/server/loaders/offer-page.ts), where the button leads without JavaScript. */
  pageHref: string;
  /** The signed-in member's first address with a map point, for the proposed delivery distance. */
  userPoint: MapPoint | null;
  locale: Locale;
  messages: Messages;
}

/** What create-offer answers that the dialog reads (the whole answer is an OfferView, docs/deals.md). */
interface CreatedOffer {
  id: number;
  is_direct_buy: boolean;
}

/** How long the success message stays before the deal's page opens: long enough to be read out. */
const LEAVE_AFTER_MS = 2500;

/**
 * The lot page's "Make an offer" (or "Offer to sell", "Book"): a button that leads to the offer page without
 * JavaScript and, once hydrated, opens a modal with the same fields (src/features/deals/offer-form-fields.ts) and
 * their live totals, checked with the API's own schema and the lot's limits, sent to
 * POST /offer/create-offer. On success it says what happens next and opens the new offer's page.
 *
 * The native <dialog> traps the focus and closes with Escape; the focus goes to the dialog's title on opening
 * and back to the button on closing. The form is built on the first opening and kept, so closing by mistake
 * loses nothing.
 */
export default function MakeOfferDialog({ lot, pageHref, userPoint, locale, messages }: MakeOfferDialogProps) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [created, setCreated] = useState<CreatedOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const label = t(OPEN_LABEL[lot.type]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      heading.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  function show() {
    setOpened(true);
    setOpen(true);
  }

  function hide() {
    if (busy) return;
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    <>
      {/* Until React runs the button leads to the offer page (a GET form keeps it a button); then it opens the dialog. */}
      <form
        method="get"
        action={pageHref}
        className="flex flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <button
          ref={trigger}
          type="submit"
          className="btn btn-primary min-h-12"
          aria-haspopup={hydrated ? 'dialog' : undefined}
        >
          <Icon name="offers" />
          {label}
        </button>
      </form>
      <dialog
        ref={dialog}
        className="modal modal-bottom sm:modal-middle"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          hide();
        }}
        onClose={() => setOpen(false)}
      >
        {opened && (
          <div className="modal-box flex max-h-[92dvh] w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
            <div className="flex items-start justify-between gap-3">
              <h2 ref={heading} id={titleId} tabIndex={-1} className="text-lg font-bold outline-none">
                {label}
                <span className="block text-base font-normal opacity-80">{lot.title}</span>
              </h2>
              <button
                type="button"
                className="btn btn-ghost btn-square min-h-11 min-w-11"
                aria-label={t('make_offer.close')}
                title={t('make_offer.close')}
                disabled={busy}
                onClick={hide}
              >
                <Icon name="close" />
              </button>
            </div>
            {created ? (
              <Created lot={lot} offer={created} locale={locale} t={t} />
            ) : (
              <OfferForm
                lot={lot}
                userPoint={userPoint}
                locale={locale}
                messages={messages}
                t={t}
                open={open}
                onBusy={setBusy}
                onCreated={setCreated}
                onCancel={hide}
              />
            )}
          </div>
        )}
      </dialog>
    </>
  );
}

interface OfferFormProps {
  lot: OfferLot;
  userPoint: MapPoint | null;
  locale: Locale;
  messages: Messages;
  t: ClientTranslate;
  open: boolean;
  onBusy: (busy: boolean) => void;
  onCreated: (offer: CreatedOffer) => void;
  onCancel: () => void;
}

function OfferForm({ lot, userPoint, locale, messages, t, open, onBusy, onCreated, onCancel }: OfferFormProps) {
  const intlLocale = LOCALE_META[locale].intl;
  const [today] = useState(() => localToday());
  const booked = useBookedRanges(lot.id, open && lot.type === 'rent');
  const bookedRef = useRef(booked.items);
  bookedRef.current = booked.items;
  const formatQuantity = (value: number) => lotQuantityText(lot, value, t, locale);
  const [resolver] = useState(() =>
    offerResolver(lot, () => bookedRef.current, today, t, messages, formatQuantity, locale),
  );
  const [defaults] = useState(() => initialValues(lot, userPoint, locale));
  const form = useForm<OfferFormValues>({ defaultValues: defaults, resolver });
  const values = { ...defaults, ...useWatch({ control: form.control }) } as OfferFormValues;
  const figures = liveFigures(lot, values, locale);
  const proposedKm = lot.point && userPoint ? distanceKm(lot.point, userPoint) : null;
  const busy = form.formState.isSubmitting;

  useEffect(() => onBusy(busy), [busy, onBusy]);

  const { problem, submit } = useApiSubmit<OfferFormValues, CreatedOffer>(form, {
    fields: OFFER_FIELDS,
    t,
    send: async (sent) => {
      const result = await apiPost<CreatedOffer>('/offer/create-offer', { Offer: toOfferFields(lot, sent, locale) });
      // A refused booking may have met a booking approved since the calendar was read: show the days as they are now.
      if (!result.ok && lot.type === 'rent') void booked.reload();
      return result;
    },
    onSuccess: onCreated,
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {lot.type === 'rent' && (
        <BookingFields
          form={form}
          lot={lot}
          booked={booked}
          today={today}
          intlLocale={intlLocale}
          locale={locale}
          t={t}
        />
      )}
      <PriceVolumeFields form={form} lot={lot} locale={locale} t={t} />
      <DeliveryFields form={form} lot={lot} proposedKm={proposedKm} locale={locale} t={t} />
      {/* Three ways to pay (docs/deals.md): direct, from the wallet, or online after approval; one line each. */}
      <fieldset
        className="flex min-w-0 flex-col gap-1"
        aria-describedby={form.formState.errors.payment_type ? 'offer-payment_type-error' : undefined}
        data-testid="offer-payment"
      >
        <legend className="mb-1 font-medium">{t('make_offer.payment_type')}</legend>
        <div className="flex flex-col gap-2">
          {PAYMENT_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-field border border-base-300 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
            >
              <input
                type="radio"
                className="radio radio-primary"
                value={choice.value}
                {...form.register('payment_type')}
              />
              <span>
                <span className="block">{t(choice.label)}</span>
                <span className="block text-sm opacity-80">{t(choice.hint)}</span>
              </span>
            </label>
          ))}
        </div>
        {form.formState.errors.payment_type?.message && (
          <p id="offer-payment_type-error" className="text-sm font-medium text-error">
            {form.formState.errors.payment_type.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor="offer-comment" className="font-medium">
          {t('make_offer.comment')}
          <span className="font-normal opacity-75"> ({t('address.optional')})</span>
        </label>
        <textarea
          id="offer-comment"
          className={`textarea w-full ${form.formState.errors.comment ? 'textarea-error' : ''}`}
          rows={3}
          maxLength={1000}
          aria-invalid={form.formState.errors.comment ? true : undefined}
          aria-describedby={form.formState.errors.comment ? 'offer-comment-error' : undefined}
          {...form.register('comment')}
        />
        {form.formState.errors.comment?.message && (
          <p id="offer-comment-error" className="text-sm font-medium text-error">
            {form.formState.errors.comment.message}
          </p>
        )}
      </div>
      <OfferTotals lot={lot} figures={figures} quantity={offerQuantity(lot, values, locale)} locale={locale} t={t} />
      <FormAlert problem={problem} onRetry={() => void submit()} retryLabel={t('auth.form_retry')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost min-h-12" onClick={onCancel} disabled={busy}>
          {t('profile.cancel')}
        </button>
        <SubmitButton busy={busy} className="">
          {t(submitLabel(lot))}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The outcome, then the new offer's page after a moment (or at once by the link). */
function Created({
  lot,
  offer,
  locale,
  t,
}: {
  lot: OfferLot;
  offer: CreatedOffer;
  locale: Locale;
  t: ClientTranslate;
}) {
  const href = localizePath(`/user/offer/${offer.id}`, locale);
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(href), LEAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [href]);
  return (
    <SuccessAlert>
      <p className="font-semibold" data-testid="offer-created">
        {t(successKey(lot.type, offer.is_direct_buy))}
      </p>
      <a href={href} className="btn btn-sm min-h-10">
        {t('make_offer.open_offer')}
      </a>
    </SuccessAlert>
  );
}
