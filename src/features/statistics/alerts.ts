import { z } from 'zod';
import { optionalTypedNumber, perLocale } from '~/features/numbers/schema';
import { optionalInt, requiredInt, toBoolean } from '~/features/validation/fields';

/** The kinds of alert (the same list as the price_alerts table's). */
export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/** The largest threshold a member may type (in the alert's currency, per kg or per unit). */
export const MAX_ALERT_THRESHOLD = 100_000_000;

const flag = z.preprocess(toBoolean, z.boolean({ message: 'validation.invalid' }));

/**
 * A price alert as a member sets it (docs/statistics.md "Price alerts"), shared by the profile form and the API:
 * a crop (board category), optionally a region, the kind, and for above/below a threshold typed in the member's
 * language ("72,000", "70 000", "72 000,50") in a currency, for `move` a percentage (1–100); by e-mail and/or SMS.
 * Whether the member may have SMS (a verified phone) is the service's check.
 */
const alertFields = (locale: Parameters<typeof optionalTypedNumber>[0]) => ({
  category_id: requiredInt(),
  region_id: optionalInt(),
  kind: z.enum(PRICE_ALERT_KINDS, { message: 'validation.invalid_option' }),
  threshold: optionalTypedNumber(locale, { max: MAX_ALERT_THRESHOLD, min: 0.01 }),
  currency_id: requiredInt(),
  move_percent: optionalTypedNumber(locale, { decimals: 0, min: 1, max: 100 }),
  by_email: flag.default(false),
  by_sms: flag.default(false),
});

type AlertShape = {
  kind: PriceAlertKind;
  threshold?: number;
  move_percent?: number;
  by_email: boolean;
  by_sms: boolean;
};

function alertRules(value: AlertShape, ctx: z.RefinementCtx) {
  if (value.kind !== 'move' && value.threshold === undefined)
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'price_alerts.threshold_required' });
  if (value.kind === 'move' && value.move_percent === undefined)
    ctx.addIssue({ code: 'custom', path: ['move_percent'], message: 'price_alerts.percent_required' });
  if (!value.by_email && !value.by_sms)
    ctx.addIssue({ code: 'custom', path: ['by_email'], message: 'price_alerts.channel_required' });
}

export const priceAlertSchema = perLocale((locale) => z.object(alertFields(locale)).superRefine(alertRules));
export type PriceAlertInput = z.output<ReturnType<typeof priceAlertSchema>>;

export const priceAlertUpdateSchema = perLocale((locale) =>
  z.object({ id: requiredInt(), ...alertFields(locale) }).superRefine(alertRules),
);

export const priceAlertIdSchema = z.object({ id: requiredInt() });

/** The unsubscribe link's token: 43 characters of base64url (32 random bytes). */
export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
