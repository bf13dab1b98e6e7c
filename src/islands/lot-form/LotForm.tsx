import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useEffectEvent } from '~/islands/lib/use-effect-event';
import { type FieldErrors, type Resolver, type UseFormRegisterReturn, useController, useForm } from 'react-hook-form';
import { KINDS, type LotKind, type LotType } from '~/features/lots/constants';
import { LOT_TYPE_CHOICE } from '~/features/lots/labels';
import { lotSchema } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { $offlineQuotes, queueOfflineQuote } from '~/stores/offline-quotes';
import { showSnack } from '~/stores/snackbar';
import { type ApiResult, apiPost, toFormEntries } from '~/stores/api';
import { Field, FormAlert, SubmitButton, TextField } from '~/islands/lib/fields';
import { zodFormResolver } from '~/islands/lib/forms';
import { type Messages, createClientTranslator, type ClientTranslate } from '~/islands/lib/i18n';
import { useApiSubmit } from '~/islands/lib/use-api-submit';
import { NumberField } from '~/islands/lib/number-field';
import { parseNumber } from '~/features/numbers/parse';
import CategoryField from './CategoryField';
import { DETAIL_INPUTS, TECHNIC_FLAGS } from './detail-inputs';
import LotPlaceFields from './LotPlaceFields';
import { type LotFormField, type LotFormValues, dropStrayRentUnit, fieldOrder } from '~/features/lots/form-values';
import type {
  CategoryChoice,
  CurrencyChoice,
  ExistingPhoto,
  PlainLotForm,
  UnitOption,
  WarehouseChoice,
} from '~/features/lots/lot-form-types';
import PhotoPicker from './PhotoPicker';
import QuantityFields from './QuantityFields';
import { useLotPhotos } from './use-lot-photos';

export interface LotFormProps {
  messages: Messages;
  kind: LotKind;
  /** The lot being edited; none for a new lot. */
  lotId?: number;
  /** Types the member may choose between; a single one is preset by the page (board sell lot, buy request). */
  types: LotType[];
  initial: LotFormValues;
  photos: ExistingPhoto[];
  categories: CategoryChoice[];
  units: UnitOption[];
  currencies: CurrencyChoice[];
  userId: number;
  /** The page's language: numbers are read and said back as it writes them. */
  locale: Locale;
  /** The owner's company, when they belong to one: the lot may be published for it. */
  company?: { id: number; name: string };
  /** The owner's (and their company's) warehouses the lot may be placed at. */
  warehouses?: WarehouseChoice[];
  /** The same form as a plain HTML form post (before the island runs, and without JavaScript). */
  plain: PlainLotForm;
}

/** A saved lot, one kept on this device until the network is back, or a price the seller must confirm first. */
type Outcome =
  | { kind: 'saved'; id: number }
  | { kind: 'queued'; quoteId: string }
  | { kind: 'unusual'; message: string; price: unknown };

/**
 * The add and edit form of every kind of lot (one island, the kind and type given by the page). Values are
 * checked with the API's own lotSchema; photos are uploaded as they are picked and sent as keys. When the
 * network is gone at submit, the lot is kept on this device (src/stores/offline-quotes.ts) and sent later.
 * Server-rendered, it is a plain form posting its named fields to the page itself, so it works without
 * JavaScript too (src/server/loaders/lot-form.ts postLotForm; docs/lots.md "The lot form without JavaScript").
 */
export default function LotForm(props: LotFormProps) {
  // A new key gives a fresh form after a lot was kept offline and the member wants to write another.
  const [round, setRound] = useState(0);
  return <LotFormBody key={round} {...props} onAnother={() => setRound((n) => n + 1)} />;
}

function LotFormBody({
  messages,
  kind,
  lotId,
  types,
  initial,
  photos: existingPhotos,
  categories,
  units,
  currencies,
  userId,
  locale,
  company,
  warehouses = [],
  plain,
  onAnother,
}: LotFormProps & { onAnother: () => void }) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const meta = KINDS[kind];
  const isUpdate = lotId !== undefined;
  const schema = useMemo(() => lotSchema(kind, locale), [kind, locale]);
  const resolver = useMemo(
    () => zodFormResolver(schema, t, messages) as unknown as Resolver<LotFormValues>,
    [schema, t, messages],
  );
  // The focus goes to the first invalid field in the order shown (react-hook-form's own order is that of
  // registration, and the category and place controls register after the plain inputs).
  // A refused plain post's errors are shown from the first render (the server's HTML included).
  const serverErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(plain.errors).map(([name, message]) => [name, { type: 'server', message }]),
      ) as FieldErrors<LotFormValues>,
    [plain.errors],
  );
  const form = useForm<LotFormValues>({
    defaultValues: initial,
    resolver,
    shouldFocusError: false,
    errors: serverErrors,
  });
  const {
    register,
    setValue,
    formState: { errors, isSubmitting, isSubmitted, submitCount },
  } = form;
  const photos = useLotPhotos(meta.apiPrefix, existingPhotos, t);
  const photosField = useController({ control: form.control, name: 'photos' });
  const [queued, setQueued] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // A price far from the usual one (409 price_unusual) waits for "Yes, the price is right"; that price is then
  // sent with price_confirmed. The question goes away once another price is typed, which is checked again.
  const [unusual, setUnusual] = useState<{ message: string; price: unknown } | null>(plain.unusual ?? null);
  const confirmedPrice = useRef<unknown>(undefined);
  const typedPrice = parseNumber(form.watch('price') ?? '', { locale });
  const askingPrice = unusual !== null && typedPrice.ok && typedPrice.value === unusual.price ? unusual : null;

  // After each submit, with the errors it found.
  const focusFirstError = useEffectEvent(() => {
    const first = fieldOrder(kind).find((name) => errors[name]);
    if (first) form.setFocus(first);
  });
  useEffect(() => {
    if (submitCount > 0) focusFirstError();
  }, [submitCount]);

  // The uploaded photos' keys go into the form when the set changes (validated once the form was submitted).
  const photoKeys = photos.keys.join('\n');
  const syncPhotos = useEffectEvent((keys: string[]) => setValue('photos', keys, { shouldValidate: isSubmitted }));
  useEffect(() => {
    syncPhotos(photoKeys === '' ? [] : photoKeys.split('\n'));
  }, [photoKeys]);

  const path = `/${meta.apiPrefix}/${isUpdate ? 'update-quote' : 'create-quote'}`;
  const { problem, submit } = useApiSubmit<LotFormValues, Outcome>(form, {
    fields: fieldOrder(kind),
    t,
    send: async (values) => {
      if (photos.unsettled) return { message: t('lot_form.photos_pending') };
      const body = { [meta.wrapper]: bodyOf(values, kind, lotId, confirmedPrice.current) };
      const result = await apiPost<{ id?: number }>(path, body);
      if (result.ok)
        return {
          ok: true,
          status: result.status,
          data: { kind: 'saved', id: result.data.id ?? lotId! },
        } satisfies ApiResult<Outcome>;
      if (result.error.code === 'price_unusual')
        return {
          ok: true,
          status: result.status,
          data: { kind: 'unusual', message: result.error.message, price: values.price },
        } satisfies ApiResult<Outcome>;
      if (result.status === 0) {
        const encoded = new URLSearchParams(toFormEntries(body) as [string, string][]).toString();
        const quoteId = queueOfflineQuote({
          path: `/api-v2${path}`,
          body: encoded,
          title: String(values.title),
          userId,
        });
        if (quoteId) return { ok: true, status: 0, data: { kind: 'queued', quoteId } } satisfies ApiResult<Outcome>;
      }
      if (result.error.errors) showSnack('error', t('lot_form.not_saved'));
      return result;
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'queued') return setQueued(outcome.quoteId);
      if (outcome.kind === 'unusual') return setUnusual({ message: outcome.message, price: outcome.price });
      setLeaving(true);
      showSnack('success', t(isUpdate ? 'lot_form.updated' : 'lot_form.created'));
      // A moment for the snackbar to be seen (and read out) before the lot's page replaces this one.
      window.setTimeout(() => window.location.assign(localizePath(`${meta.sitePath}/${outcome.id}`, locale)), 900);
    },
  });

  if (queued) return <QueuedNotice quoteId={queued} t={t} onAnother={isUpdate ? undefined : onAnother} />;

  const busy = isSubmitting || leaving;
  const deliveryCurrency = currencies.find((c) => String(c.id) === form.watch('currency_id'));
  // Inputs stay enabled while sending (react-hook-form reads a disabled input as empty); the button is what waits.
  // Registered inputs get their values from react-hook-form once the island runs; the server's HTML (what a
  // browser without JavaScript shows and posts) needs them written in.
  const field = (name: LotFormField) => ({
    id: `lot-${name}`,
    registration: register(name),
    error: errors[name]?.message,
    defaultValue: String(initial[name] ?? ''),
  });
  const optional = t('address.optional');

  return (
    <form
      method="post"
      action={plain.action}
      encType="multipart/form-data"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="form_token" value={plain.token} />
      {submitCount === 0 && !problem && plain.problem && !askingPrice && (
        <FormAlert problem={{ message: plain.problem }} />
      )}
      <Section id="about" title={t('lot_form.section_about')}>
        {types.length > 1 && (
          <fieldset className="flex flex-col gap-1" aria-describedby={errors.type ? 'lot-type-error' : undefined}>
            <legend className="mb-1 font-semibold">
              {t('lot_form.type_legend')}
              <span className="ml-1 text-error" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {types.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-field border border-base-300 px-4 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input
                    type="radio"
                    className="radio radio-primary"
                    value={option}
                    defaultChecked={initial.type === option}
                    {...register('type')}
                  />
                  {t(LOT_TYPE_CHOICE[option])}
                </label>
              ))}
            </div>
            {errors.type?.message && (
              <p id="lot-type-error" className="text-sm font-medium text-error">
                {errors.type.message}
              </p>
            )}
          </fieldset>
        )}
        <CategoryField control={form.control} categories={categories} t={t} />
        <TextField
          {...field('title')}
          label={t('lot_form.title')}
          hint={t('lot_form.title_hint')}
          required
          maxLength={120}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {DETAIL_INPUTS[kind].map((input) =>
            input.number ? (
              <NumberField
                key={input.name}
                {...field(input.name)}
                label={t(input.label)}
                optional={optional}
                hint={input.hint ? t(input.hint) : undefined}
                text={String(form.watch(input.name) ?? '')}
                reading={{
                  locale,
                  decimals: 0,
                  meaning: input.number === 'year' ? { year: true } : { unit: 'km' },
                }}
                t={t}
              />
            ) : (
              <TextField
                key={input.name}
                {...field(input.name)}
                label={t(input.label)}
                optional={optional}
                hint={input.hint ? t(input.hint) : undefined}
                type={input.type ?? 'text'}
                maxLength={input.maxLength}
              />
            ),
          )}
        </div>
      </Section>

      <Section id="quantity" title={t('lot_form.section_quantity')}>
        <QuantityFields form={form} kind={kind} units={units} currencies={currencies} locale={locale} t={t} />
      </Section>

      <Section id="place" title={t('lot_form.section_place')}>
        <LotPlaceFields form={form} t={t} warehouses={warehouses} places={plain.places} />
        <TextField
          {...field('address')}
          label={t('lot_form.address')}
          optional={optional}
          maxLength={200}
          autoComplete="address-line1"
        />
      </Section>

      <Section id="photos" title={t('lot_form.section_photos')}>
        <PhotoPicker
          photos={photos}
          t={t}
          error={errors.photos?.message}
          disabled={busy}
          inputRef={photosField.field.ref}
        />
      </Section>

      <Section id="more" title={t('lot_form.section_more')}>
        <Field
          id="lot-description"
          label={t('lot_form.description')}
          optional={optional}
          hint={t('lot_form.description_hint')}
          error={errors.description?.message}
        >
          {(control) => (
            <textarea
              {...control}
              className="textarea textarea-lg w-full text-base"
              rows={5}
              maxLength={5000}
              defaultValue={initial.description}
              {...register('description')}
            />
          )}
        </Field>
        <NumberField
          {...field('delivery_price_per_km')}
          label={t('lot_form.delivery_price')}
          optional={optional}
          hint={t('lot_form.delivery_price_hint')}
          text={form.watch('delivery_price_per_km')}
          reading={{ locale, meaning: deliveryCurrency ? { money: deliveryCurrency } : { plain: true } }}
          t={t}
        />
        <div className="flex flex-col gap-1">
          {kind !== 'technic' && (
            <>
              <Checkbox
                id="lot-organic"
                label={t('lot_form.organic')}
                registration={register('organic')}
                checked={initial.organic}
              />
              <Checkbox
                id="lot-wholesale_only"
                label={t('lot_form.wholesale_only')}
                registration={register('wholesale_only')}
                checked={initial.wholesale_only}
              />
            </>
          )}
          {kind === 'technic' &&
            TECHNIC_FLAGS.map((flag) => (
              <Checkbox
                key={flag.name}
                id={`lot-${flag.name}`}
                label={t(flag.label)}
                registration={register(flag.name)}
                checked={initial[flag.name] === true}
              />
            ))}
        </div>
        {company && (
          <label htmlFor="lot-company_id" className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              id="lot-company_id"
              type="checkbox"
              name="company_id"
              value={String(company.id)}
              className="checkbox checkbox-primary"
              checked={form.watch('company_id') === String(company.id)}
              onChange={(event) =>
                setValue('company_id', event.currentTarget.checked ? String(company.id) : '', { shouldDirty: true })
              }
            />
            <span>{t('lot_form.for_company', { company: company.name })}</span>
          </label>
        )}
        {errors.company_id?.message && <p className="text-sm text-error">{errors.company_id.message}</p>}
      </Section>

      <FormAlert problem={problem} onRetry={submit} retryLabel={t('auth.form_retry')} />
      {askingPrice && (
        <UnusualPrice
          message={askingPrice.message}
          t={t}
          onConfirm={() => {
            confirmedPrice.current = askingPrice.price;
            setUnusual(null);
            void submit();
          }}
          onChange={() => {
            setUnusual(null);
            form.setFocus('price');
          }}
        />
      )}
      <div className="sm:max-w-sm">
        <SubmitButton busy={busy} plainForm>
          {t(isUpdate ? 'lot_form.submit_update' : 'lot_form.submit_create')}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * What the API is sent: the checked values (numbers as the schema read them, so the server reads the same
 * numbers in any language), the photos in order, no rent unit on a lot that is not for rent, and the seller's
 * confirmation of an unusual price when this is the price they confirmed.
 */
function bodyOf(values: LotFormValues, kind: LotKind, lotId: number | undefined, confirmedPrice: unknown) {
  const body = dropStrayRentUnit(kind, {
    ...(values as unknown as Record<string, string | number | boolean | string[] | undefined>),
  });
  if (lotId !== undefined) body.id = lotId;
  body.price_confirmed = confirmedPrice !== undefined && confirmedPrice === body.price;
  return body;
}

/**
 * The price is far from the usual one: the server's message names the median; the seller confirms (the lot is
 * sent again with the confirmation) or goes back to the price. Focused when shown, so it is read out.
 */
function UnusualPrice({
  message,
  t,
  onConfirm,
  onChange,
}: {
  message: string;
  t: ClientTranslate;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => own.current?.focus(), []);
  return (
    <div
      ref={own}
      role="alert"
      tabIndex={-1}
      aria-labelledby="lot-price-unusual-title"
      className="alert alert-warning flex flex-col items-start gap-3"
      data-testid="lot-price-unusual"
    >
      <p id="lot-price-unusual-title" className="text-lg font-semibold">
        {t('lot_form.price_unusual_title')}
      </p>
      <p>{message}</p>
      <div className="flex flex-wrap gap-2">
        {/* Without JavaScript the form is posted again with the confirmation. */}
        <button
          type="submit"
          name="price_confirmed"
          value="true"
          className="btn btn-primary min-h-11"
          onClick={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {t('lot_form.price_confirm')}
        </button>
        <button type="button" className="btn min-h-11" onClick={onChange}>
          {t('lot_form.price_change')}
        </button>
      </div>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`lot-section-${id}`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={`lot-section-${id}`} className="card-title text-xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function Checkbox({
  id,
  label,
  registration,
  checked,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Ticked at first (the server's HTML; react-hook-form keeps it afterwards). */
  checked: boolean;
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3">
      <input id={id} type="checkbox" className="checkbox checkbox-primary" defaultChecked={checked} {...registration} />
      <span>{label}</span>
    </label>
  );
}

/** Said while the kept lot waits; once it has gone (the banner above tells how), only "add another" stays. */
function QueuedNotice({ quoteId, t, onAnother }: { quoteId: string; t: ClientTranslate; onAnother?: () => void }) {
  const waiting = useStore($offlineQuotes).some((quote) => quote.id === quoteId && !quote.rejected);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const another = onAnother && (
    <button type="button" className="btn min-h-11" onClick={onAnother}>
      {t('lot_form.add_another')}
    </button>
  );
  if (!waiting) return <div>{another}</div>;
  return (
    <div
      role="status"
      tabIndex={-1}
      ref={notice}
      className="alert alert-info flex flex-col items-start gap-3"
      data-testid="lot-queued"
    >
      <p className="text-lg font-semibold">{t('lot_form.queued_title')}</p>
      <p>{t('lot_form.queued_text')}</p>
      {another}
    </div>
  );
}
