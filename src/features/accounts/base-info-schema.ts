import { z } from 'zod';
import { TRADER_STATUSES } from '~/features/accounts/constants';
import { mainInfoProfileSchema, mainInfoUserSchema } from '~/features/accounts/schemas';
import { perLocale } from '~/features/numbers/schema';
import type { Locale } from '~/i18n/config';

/**
 * The base-info form: the shared `User[…]` and `UserProfile[…]` schemas side by side, except that the form
 * asks for a first name (the API reads a blank one as "unchanged", which a person editing the field does not mean).
 * Built for the page's language, which the farm size and turnover are typed in.
 */
export const baseInfoSchema = perLocale((locale: Locale) => {
  const profile = mainInfoProfileSchema(locale).shape;
  return z.object({
    firstname: z.string().trim().min(1, { message: 'validation.required' }).max(80),
    lastname: profile.lastname,
    email: mainInfoUserSchema.shape.email,
    phone: mainInfoUserSchema.shape.phone,
    trader_status: z.enum(TRADER_STATUSES, { message: 'accounts.choose_kind' }),
    locale: profile.locale,
    currency_id: mainInfoUserSchema.shape.currency_id,
    activity: profile.activity,
    farm_size_acres: profile.farm_size_acres,
    turnover_amount: profile.turnover_amount,
    turnover_period: profile.turnover_period,
    gender: profile.gender,
    age_range: profile.age_range,
    /** Asked only when the e-mail address changes (the server requires it then). */
    current_password: mainInfoUserSchema.shape.current_password,
  });
});
export type BaseInfo = z.output<ReturnType<typeof baseInfoSchema>>;
export type BaseInfoField = keyof BaseInfo;
export const BASE_INFO_FIELDS = Object.keys(baseInfoSchema('en').shape) as BaseInfoField[];
/** What the form holds: the text of each control. */
export type BaseInfoValues = Record<BaseInfoField, string>;

const USER_FIELDS = ['email', 'phone', 'trader_status', 'currency_id', 'current_password'] as const;

/** Splits the form into the API's two objects: which field goes where is set by docs/auth.md. */
export function toMainInfoBody(info: BaseInfo) {
  const User: Record<string, string | number | undefined> = {};
  const UserProfile: Record<string, string | number | undefined> = {};
  for (const field of BASE_INFO_FIELDS) {
    const target = (USER_FIELDS as readonly string[]).includes(field) ? User : UserProfile;
    // A cleared optional field parses as null and is sent blank, which the API reads as "clear it".
    target[field] = info[field] === null ? '' : info[field];
  }
  return { User, UserProfile };
}

/** `User.email` / `UserProfile.firstname` → the form's field names. */
export function flattenMainInfoErrors(
  errors: Record<string, string[]> | undefined,
): Record<string, string[]> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [name.replace(/^(User|UserProfile)\./, ''), messages]),
  );
}
