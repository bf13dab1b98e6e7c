import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { optionalTypedNumber, perLocale, readMachineField } from '~/features/numbers/schema';
import { ARTICLE_CATEGORIES } from '~/features/articles/constants';
import { MAX_INT } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { z } from 'zod';
import {
  ACTIVITIES,
  ADDRESS_LABELS,
  AGE_RANGES,
  GENDERS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PIN_LENGTH,
  TRADER_STATUSES,
  TURNOVER_PERIODS,
} from './constants';
import { DEFAULT_PHONE_COUNTRY, normalizePhone } from './phone';

/**
 * Zod schemas of the accounts forms, shared by the islands (react-hook-form) and the API. Custom messages are
 * dictionary keys; both sides translate them. Figures a person types (farm size, turnover) are read as the
 * request's language writes numbers, so the schemas that hold them are built per language.
 */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value === null ? undefined : value;
const toNumber = readMachineField;
const toBoolean = (value: unknown) =>
  value === 'true' || value === '1' || value === 1 || value === true || value === 'on'
    ? true
    : value === 'false' || value === '0' || value === 0 || value === false || value === ''
      ? false
      : value;

/** Run a cross-field check even when other fields already failed, so the form shows every problem at once. */
export const whenFields =
  (...names: string[]) =>
  (payload: { value: unknown }) =>
    names.every((name) => typeof payload.value === 'object' && payload.value !== null && name in payload.value);
const passwordsMatch = {
  message: 'accounts.passwords_differ',
  path: ['password_repeat'],
  when: whenFields('password', 'password_repeat'),
};
const samePasswords = (s: { password?: unknown; password_repeat?: unknown }) => s.password === s.password_repeat;

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'validation.email' }));
/** Phone numbers in international form (+254…); a number without country code is read as Kenyan. */
export const phoneField = z
  .string()
  .trim()
  .max(32)
  .refine((value) => isValidPhoneNumber(value, DEFAULT_PHONE_COUNTRY), { message: 'accounts.phone_invalid' });
export const passwordField = z.string().min(PASSWORD_MIN, { message: 'accounts.password_too_short' }).max(PASSWORD_MAX);
/**
 * No control characters (C0, DEL and C1: U+009B opens a terminal escape too) and no bidirectional overrides or
 * isolates: names are shown to other users and in the terminal.
 */
export const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
export const plainLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !CONTROL.test(v), { message: 'validation.invalid' });
const nameField = plainLine(80).pipe(z.string().min(1, { message: 'validation.required' }));
const optionalId = z.preprocess(toNumber, z.number().int().min(1).max(MAX_INT).optional());
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values).optional());

export const loginSchema = z.object({
  /** The e-mail address, or the phone number of an account made with a phone only. */
  email: z.string().trim().min(1, { message: 'validation.required' }).max(254),
  password: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX),
  remember_me: z.preprocess(toBoolean, z.boolean().default(false)),
});

export const addressSchema = z
  .object({
    label: z.enum(ADDRESS_LABELS).default('home'),
    country_id: z.preprocess(toNumber, z.number().int().min(1).max(MAX_INT)),
    region_id: optionalId,
    village_id: optionalId,
    city: z.preprocess(blankToUndefined, z.string().trim().max(120).optional()),
    street: z.preprocess(blankToUndefined, z.string().trim().max(160).optional()),
    house: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
    latitude: z.preprocess(toNumber, z.number().min(-90).max(90).optional()),
    longitude: z.preprocess(toNumber, z.number().min(-180).max(180).optional()),
  })
  .refine((a) => (a.latitude === undefined) === (a.longitude === undefined), {
    message: 'accounts.point_incomplete',
    path: ['latitude'],
  })
  .refine((a) => a.village_id !== undefined || a.city !== undefined || a.latitude !== undefined, {
    message: 'accounts.address_place_required',
    path: ['village_id'],
  });
export type AddressInput = z.infer<typeof addressSchema>;

/** Acres of land, and a turnover in the user's currency: two decimals at most. */
const farmSize = (locale: Locale) => optionalTypedNumber(locale, { max: 1_000_000 });
const turnover = (locale: Locale) => optionalTypedNumber(locale, { max: 1e12 });

const profileFields = (locale: Locale) => ({
  locale: optionalEnum(['en', 'sw', 'fr'] as const),
  currency_id: optionalId,
  activity: optionalEnum(ACTIVITIES),
  farm_size_acres: farmSize(locale),
  turnover_amount: turnover(locale),
  turnover_period: optionalEnum(TURNOVER_PERIODS),
  gender: optionalEnum(GENDERS),
  age_range: optionalEnum(AGE_RANGES),
});

/**
 * `SignupForm[...]`: the quick path needs a name, an e-mail or a phone, and a password; the wizard sends the rest.
 * Built for the language the figures are typed in.
 */
export const signupSchema = perLocale((locale: Locale) =>
  z
    .object({
      first_name: nameField,
      last_name: z.preprocess(blankToUndefined, plainLine(80).optional()),
      email: z.preprocess(blankToUndefined, emailField.optional()),
      phone: z.preprocess(blankToUndefined, phoneField.optional()),
      /** Proof that the phone's PIN was entered (from /user/verify-phone-pin). */
      phone_token: z.preprocess(blankToUndefined, z.string().max(100).optional()),
      password: passwordField,
      password_repeat: z.string(),
      trader_status: z.enum(TRADER_STATUSES, { message: 'accounts.choose_kind' }),
      /** The member's country; without it, the address's country, else the phone number's. */
      country_id: optionalId,
      address: addressSchema.optional(),
      captcha_token: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
      ...profileFields(locale),
    })
    .refine((s) => s.email !== undefined || s.phone !== undefined, {
      message: 'accounts.email_or_phone',
      path: ['email'],
      when: () => true,
    })
    .refine(samePasswords, passwordsMatch),
);
export type SignupInput = z.infer<ReturnType<typeof signupSchema>>;

export const sendPinSchema = z.object({
  phone: phoneField,
  captcha_token: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
});
export const verifyPinSchema = z.object({
  phone: phoneField,
  pin: z.string().trim().length(PIN_LENGTH, { message: 'accounts.pin_length' }),
});

/**
 * Where a reset link goes: an e-mail address (lower-cased), or a phone number, made E.164 (a number without a
 * country code is read as Kenyan) — the link then goes by SMS (docs/auth.md "Password reset by SMS").
 */
export const emailOrPhoneField = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(254)
  .transform((value, ctx) => {
    if (value.includes('@')) {
      const email = emailField.safeParse(value);
      if (email.success) return email.data;
      ctx.addIssue({ code: 'custom', message: 'validation.email' });
      return z.NEVER;
    }
    const phone = normalizePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: 'accounts.email_or_phone' });
    return z.NEVER;
  });

export const requestResetSchema = z.object({
  /** The account's e-mail address, or its confirmed phone number. */
  email: emailOrPhoneField,
  captcha_token: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
});
export const resetPasswordSchema = z
  .object({ token: z.string().min(10).max(200), password: passwordField, password_repeat: z.string() })
  .refine(samePasswords, passwordsMatch);
const newPasswordFields = { password: passwordField, password_repeat: z.string() };
/**
 * `POST /user/change-password`: the current password is needed (changePassword says so when it is missing), except by
 * an account that has none yet (made on a feature phone), which sets its first one from a recent sign-in.
 */
export const changePasswordSchema = z
  .object({
    current_password: z.preprocess(blankToUndefined, z.string().max(PASSWORD_MAX).optional()),
    ...newPasswordFields,
  })
  .refine(samePasswords, passwordsMatch);
/** The profile's form for an account with a password: the current one is asked first. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX),
    ...newPasswordFields,
  })
  .refine(samePasswords, passwordsMatch);
/** The profile's form for an account without a password: a first one. */
export const firstPasswordFormSchema = z.object(newPasswordFields).refine(samePasswords, passwordsMatch);

/** `User[...]` of /user/update-main-info. */
export const mainInfoUserSchema = z.object({
  email: z.preprocess(blankToUndefined, emailField.optional()),
  /** Needed only to change the e-mail address (the address that can reset the password). */
  current_password: z.preprocess(blankToUndefined, z.string().max(PASSWORD_MAX).optional()),
  phone: z.preprocess(blankToUndefined, phoneField.optional()),
  trader_status: z.enum(TRADER_STATUSES).optional(),
  currency_id: optionalId,
  country_id: optionalId,
  news_notification: z.preprocess(toBoolean, z.boolean().optional()),
  /**
   * The article categories whose news is e-mailed (docs/articles.md "News e-mails"): a list (a form sends
   * `User[news_categories][]` once per ticked box and one blank value, so that none ticked is an empty list).
   */
  news_categories: z.preprocess(
    (v) => (v === undefined ? v : (Array.isArray(v) ? v : [v]).filter((item) => item !== '')),
    z
      .array(z.enum(ARTICLE_CATEGORIES, { message: 'validation.invalid_option' }))
      .max(ARTICLE_CATEGORIES.length)
      .optional(),
  ),
  favorite_application_notification: z.preprocess(toBoolean, z.boolean().optional()),
  /** E-mail when an offer or a deal waits for the user (docs/deals.md "E-mail"). */
  deal_notification: z.preprocess(toBoolean, z.boolean().optional()),
  /**
   * Notices by SMS to the confirmed phone: an offer received, a deal's steps, money held and released
   * (docs/feature-phones.md "Notices"); on for an account made on a phone, off for one made on the site.
   */
  sms_notification: z.preprocess(toBoolean, z.boolean().optional()),
  /** E-mail (or SMS) about chat messages left unread for 15 minutes (docs/chat.md "Notices"). */
  message_notification: z.preprocess(toBoolean, z.boolean().optional()),
  /** Signed-in members may call or WhatsApp the member from their lots' pages (docs/lots.md "Share and call"). */
  contact_by_phone: z.preprocess(toBoolean, z.boolean().optional()),
});
/** A field the profile form may clear: absent = unchanged, blank = cleared (null). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

/** `UserProfile[...]` of /user/update-main-info, built for the language the figures are typed in. */
export const mainInfoProfileSchema = perLocale((locale: Locale) =>
  z.object({
    locale: optionalEnum(['en', 'sw', 'fr'] as const),
    firstname: z.preprocess(blankToUndefined, nameField.optional()),
    lastname: clearable(plainLine(80)),
    activity: clearable(z.enum(ACTIVITIES)),
    farm_size_acres: clearable(farmSize(locale)),
    turnover_amount: clearable(turnover(locale)),
    turnover_period: clearable(z.enum(TURNOVER_PERIODS)),
    gender: clearable(z.enum(GENDERS)),
    age_range: clearable(z.enum(AGE_RANGES)),
  }),
);

export const favoriteCategoriesSchema = z.object({
  index: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? v : [v]),
    z
      .array(z.preprocess(toNumber, z.number().int().min(1).max(MAX_INT)))
      .min(1)
      .max(100),
  ),
});
