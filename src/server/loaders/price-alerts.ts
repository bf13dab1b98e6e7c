import { parseNumber } from '~/features/numbers/parse';
import { priceAlertIdSchema, priceAlertSchema, type PriceAlertKind } from '~/features/statistics/alerts';
import { parseId } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, type Translate, createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { type Executor, getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { listCategoriesFlat } from '~/server/services/reference/list-categories';
import { listCountries } from '~/server/services/reference/list-countries';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { listCountryRegions } from '~/server/services/reference/list-regions';
import { createPriceAlert } from '~/server/services/statistics/create-price-alert';
import { deletePriceAlert } from '~/server/services/statistics/delete-price-alert';
import { type PriceAlertItem, listPriceAlerts, readPriceAlert } from '~/server/services/statistics/list-price-alerts';
import { updatePriceAlert } from '~/server/services/statistics/update-price-alert';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  handleFormPost,
} from './form-post';

/**
 * The member's price alert pages (docs/statistics.md "Price alerts"), every form a plain HTML POST to its page with
 * an `action` field; a done step redirects (303) with `?done={action}`, a refused one shows the form again with the
 * errors beside their fields, what the page understood of the typed threshold, and the API's status:
 * - /user/profile/price-alerts: the member's alerts, each with its edit link and delete button (which asks to confirm);
 * - /user/profile/price-alerts/new: a new alert (`create`);
 * - /user/profile/price-alerts/{id}: edit (`update`) and `delete` (with a ticked `confirm`).
 */
export const PRICE_ALERTS_PATH = '/user/profile/price-alerts';

export const PRICE_ALERT_ACTIONS = ['create', 'update', 'delete'] as const;
export type PriceAlertAction = (typeof PRICE_ALERT_ACTIONS)[number];

const DONE: Record<PriceAlertAction, MessageKey> = {
  create: 'price_alerts.created',
  update: 'price_alerts.updated',
  delete: 'price_alerts.deleted',
};

export const PRICE_ALERT_FIELDS = [
  'category_id',
  'region_id',
  'kind',
  'threshold',
  'currency_id',
  'move_percent',
  'by_email',
  'by_sms',
  'confirm',
] as const;
export type PriceAlertField = (typeof PRICE_ALERT_FIELDS)[number];

export interface PriceAlertCard {
  id: number;
  /** "Maize (Nakuru): above KES 72,000.00 per kg". */
  summary: string;
  channels: string;
  active: boolean;
  lastFiredOn: string | null;
}

export interface AlertChoices {
  crops: { id: number; name: string; level: number }[];
  regions: { country: string; items: { id: number; name: string }[] }[];
  currencies: { id: number; code: string; name: string }[];
  /** SMS is offered to a member whose phone is verified. */
  smsAllowed: boolean;
}

export interface PriceAlertFormView extends AlertChoices {
  form: FormState<PriceAlertField>;
  /** What the page understood of the typed threshold ("KES 72,000.00"), when it reads as a number. */
  understood: string | null;
}

const KIND_SUMMARY: Record<PriceAlertKind, MessageKey> = {
  above: 'price_alerts.summary_above',
  below: 'price_alerts.summary_below',
  move: 'price_alerts.summary_move',
};

function alertCard(alert: PriceAlertItem, t: Translate, locale: Locale, decimals: Map<number, number>): PriceAlertCard {
  const crop = alert.region_name ? `${alert.category_name} (${alert.region_name})` : alert.category_name;
  const threshold =
    alert.threshold_minor === null
      ? ''
      : formatMoney(
          alert.threshold_minor,
          { code: alert.currency, decimals: decimals.get(alert.currency_id) ?? 2 },
          locale,
        );
  return {
    id: alert.id,
    summary: t(KIND_SUMMARY[alert.kind], { crop, threshold, percent: String(alert.move_percent ?? '') }),
    channels: [alert.by_email ? t('price_alerts.by_email') : '', alert.by_sms ? t('price_alerts.by_sms') : '']
      .filter(Boolean)
      .join(', '),
    active: alert.active,
    lastFiredOn: alert.last_fired_on,
  };
}

/** A threshold as the edit form shows it: the page's way of writing numbers, without grouping. */
const thresholdText = (value: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-US', { maximumFractionDigits: 2, useGrouping: false }).format(
    value,
  );

function alertValues(alert: PriceAlertItem, locale: Locale): FormState<PriceAlertField>['values'] {
  return {
    category_id: String(alert.category_id),
    region_id: alert.region_id ? String(alert.region_id) : '',
    kind: alert.kind,
    threshold: alert.threshold === null ? '' : thresholdText(alert.threshold, locale),
    currency_id: String(alert.currency_id),
    move_percent: alert.move_percent === null ? '' : String(alert.move_percent),
    by_email: alert.by_email ? '1' : '',
    by_sms: alert.by_sms ? '1' : '',
  };
}

async function loadChoices(db: Executor, locale: Locale, smsAllowed: boolean) {
  const [crops, countries, currencies] = await Promise.all([
    listCategoriesFlat(db, 'board', locale),
    listCountries(db, locale),
    listCurrencies(db, locale),
  ]);
  const regions = await Promise.all(
    countries.map(async (country) => ({
      country: country.name,
      items: (await listCountryRegions(db, country.id, locale)).map((r) => ({ id: r.id, name: r.name })),
    })),
  );
  return {
    choices: {
      crops: crops.map((c) => ({ id: c.id, name: c.name, level: c.level })),
      regions: regions.filter((group) => group.items.length > 0),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name })),
      smsAllowed,
    } satisfies AlertChoices,
    currencies,
  };
}

/** What the page understood of a typed threshold, in the chosen currency, or null when it reads as no number. */
export function understoodThreshold(
  typed: string | undefined,
  currency: { code: string; decimals: number } | undefined,
  locale: Locale,
): string | null {
  if (!typed?.trim()) return null;
  const read = parseNumber(typed, { locale });
  if (!read.ok) return null;
  return currency
    ? formatMoney(Math.round(read.value * 10 ** currency.decimals), currency, locale)
    : String(read.value);
}

function alertInput(fields: Record<string, string>) {
  const picked: Record<string, string> = {};
  for (const name of [
    'category_id',
    'region_id',
    'kind',
    'threshold',
    'currency_id',
    'move_percent',
    'by_email',
    'by_sms',
  ])
    picked[name] = fields[name] ?? '';
  return picked;
}

function postedValues(fields: Record<string, string>): FormState<PriceAlertField>['values'] {
  const { form_token: _token, action: _action, confirm: _confirm, ...values } = fields;
  return values as FormState<PriceAlertField>['values'];
}

function postedAction(fields: Record<string, string>, allowed: readonly PriceAlertAction[]): PriceAlertAction {
  const action = fields.action as PriceAlertAction;
  if (!allowed.includes(action)) throw new AppError('bad_request', 'errors.bad_request');
  return action;
}

function doneNotice(url: URL, t: Translate): string | null {
  const done = url.searchParams.get('done');
  return done && (PRICE_ALERT_ACTIONS as readonly string[]).includes(done) ? t(DONE[done as PriceAlertAction]) : null;
}

// /user/profile/price-alerts

export interface PriceAlertListView {
  alerts: PriceAlertCard[];
  done: string | null;
  token: string;
}

export async function loadPriceAlertList(request: FormPageRequest): Promise<PriceAlertListView | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const [alerts, currencies] = await Promise.all([listPriceAlerts(db, user.id, locale), listCurrencies(db, locale)]);
  const decimals = new Map(currencies.map((c) => [c.id, c.decimals]));
  return {
    alerts: alerts.map((alert) => alertCard(alert, t, locale, decimals)),
    done: doneNotice(request.url, t),
    token: blankForm(request, '').token,
  };
}

// /user/profile/price-alerts/new

export async function loadNewPriceAlert(
  request: FormPageRequest,
): Promise<PageOutcome<PriceAlertFormView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const db = await getDb();
  const action = localizePath(`${PRICE_ALERTS_PATH}/new`, locale);
  const { choices, currencies } = await loadChoices(db, locale, user.phoneVerified);
  const view = (form: FormState<PriceAlertField>): PriceAlertFormView => ({
    ...choices,
    form,
    understood: understoodThreshold(
      form.values.threshold,
      currencies.find((c) => String(c.id) === form.values.currency_id),
      locale,
    ),
  });
  if (request.request.method !== 'POST') {
    const currency = currencies.find((c) => c.is_default) ?? currencies[0];
    const blank = blankForm(request, action, { kind: 'above', by_email: '1', currency_id: String(currency?.id ?? '') });
    return { view: view(blank), status: 200, headers: PRIVATE_PAGE };
  }
  return handleFormPost<PriceAlertField, PriceAlertFormView>(request, {
    action,
    shownFields: PRICE_ALERT_FIELDS,
    keep: postedValues,
    run: async (fields) => {
      postedAction(fields, ['create']);
      await createPriceAlert(db, user.id, parseInput(priceAlertSchema(locale), alertInput(fields)));
      return `${localizePath(PRICE_ALERTS_PATH, locale)}?done=create`;
    },
    view: (state) => view(state),
  });
}

// /user/profile/price-alerts/{id}

export interface PriceAlertEditView extends PriceAlertFormView {
  alert: PriceAlertCard;
  failedAction: PriceAlertAction | null;
  done: string | null;
}

/**
 * One alert's page: undefined for a visitor (the page sends them to sign in), `not_found` for an alert that is not
 * the member's (a 404, as the API answers).
 */
export async function loadPriceAlertEdit(
  request: FormPageRequest,
  rawId: string | undefined,
): Promise<PageOutcome<PriceAlertEditView> | 'not_found' | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const id = parseId(rawId);
  if (id === undefined) return 'not_found';
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const action = localizePath(`${PRICE_ALERTS_PATH}/${id}`, locale);
  const found = await readPriceAlert(db, user.id, id, locale);
  if (!found) return 'not_found';
  const { choices, currencies } = await loadChoices(db, locale, user.phoneVerified);
  const decimals = new Map(currencies.map((c) => [c.id, c.decimals]));
  const view = (form: FormState<PriceAlertField>, failedAction: PriceAlertAction | null): PriceAlertEditView => {
    const values = failedAction === 'update' ? form.values : { ...alertValues(found, locale), ...form.values };
    return {
      ...choices,
      alert: alertCard(found, t, locale, decimals),
      form: { ...form, values },
      understood: understoodThreshold(
        values.threshold,
        currencies.find((c) => String(c.id) === values.currency_id),
        locale,
      ),
      failedAction,
      done: doneNotice(request.url, t),
    };
  };
  if (request.request.method !== 'POST')
    return { view: view(blankForm(request, action), null), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost<PriceAlertField, PriceAlertEditView>(request, {
    action,
    shownFields: PRICE_ALERT_FIELDS,
    keep: postedValues,
    run: async (fields) => {
      const posted = postedAction(fields, ['update', 'delete']);
      if (posted === 'delete') {
        if (fields.confirm !== '1')
          throw new AppError('validation_failed', 'errors.validation_failed', {
            fields: { confirm: [{ key: 'price_alerts.confirm_required' }] },
          });
        await deletePriceAlert(db, user.id, parseInput(priceAlertIdSchema, { id }).id);
        return `${localizePath(PRICE_ALERTS_PATH, locale)}?done=delete`;
      }
      await updatePriceAlert(db, user.id, id, parseInput(priceAlertSchema(locale), alertInput(fields)));
      return `${action}?done=update`;
    },
    view: (state, _error, fields) =>
      view(
        fields.action === 'delete' ? { ...state, values: {} } : state,
        (PRICE_ALERT_ACTIONS as readonly string[]).includes(fields.action ?? '')
          ? (fields.action as PriceAlertAction)
          : null,
      ),
  });
}
