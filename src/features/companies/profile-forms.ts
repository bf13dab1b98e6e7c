import { z } from 'zod';
import { plainLine } from '~/features/accounts/schemas';
import { perLocale, readMachineField, typedNumber } from '~/features/numbers/schema';
import { MAX_INT } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import type { MessageKey } from '~/i18n/t';
import type { ProfileFormKind } from './constants';

/**
 * The three profile forms' zod schemas (docs/companies.md "Profiles"), one per kind, shared by the pages
 * (/farmer-profile-form, /trader-profile-form, /cooperative-form) and the API (`/user/profile-form?kind=`).
 * Numbers a person types (farm size, volume, number of members) are read in the request's language by
 * src/features/numbers/parse.ts; crops and commodities are categories of board lots, regions are region ids.
 * What a schema answers is what member_profiles.data stores.
 */

/** When a farmer grows: East Africa's two rainy seasons, the dry season, or all year under irrigation. */
export const SEASONS = ['long_rains', 'short_rains', 'dry_season', 'all_year'] as const;
export type Season = (typeof SEASONS)[number];
/** The unit of a farm's size. */
export const FARM_SIZE_UNITS = ['acre', 'hectare'] as const;
/** The period a trader's volume is given for. */
export const VOLUME_PERIODS = ['month', 'year'] as const;

/** The most crops, commodities, regions or collection points one profile lists. */
export const MAX_PROFILE_ITEMS = 30;

const list = (value: unknown) =>
  value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value];
const id = z.preprocess(readMachineField, z.number().int().min(1).max(MAX_INT));
/**
 * A list (form checkboxes `name[]`, or a JSON array) of items, without repeats, at least one: a wrong item is one
 * message on the list's field (not on `name.0`), where the form shows it.
 */
const listOf = <T>(item: z.ZodType<T>, message: MessageKey, max = MAX_PROFILE_ITEMS, maxMessage?: MessageKey) =>
  z
    .preprocess(
      list,
      z
        .array(z.unknown())
        .min(1, { message })
        .max(max, maxMessage ? { message: maxMessage } : undefined),
    )
    .transform((items, ctx) => {
      const out: T[] = [];
      for (const value of items) {
        const parsed = item.safeParse(value);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: 'validation.invalid_option', input: value });
          return z.NEVER;
        }
        if (!out.includes(parsed.data)) out.push(parsed.data);
      }
      return out;
    });
const ids = (message: MessageKey) => listOf(id, message);
const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: 'validation.invalid_option' });

const farmer = (locale: Locale) =>
  z.object({
    farm_size: typedNumber(locale, { min: 0.01, minMessage: 'lots.must_be_positive', max: 1_000_000 }),
    farm_size_unit: enumOf(FARM_SIZE_UNITS),
    crops: ids('profile_forms.crops_required'),
    seasons: listOf(z.enum(SEASONS), 'profile_forms.seasons_required', SEASONS.length * 2),
  });

const trader = (locale: Locale) =>
  z.object({
    commodities: ids('profile_forms.crops_required'),
    /** Tonnes traded per period. */
    volume_tonnes: typedNumber(locale, { min: 0.01, minMessage: 'lots.must_be_positive', max: 10_000_000 }),
    volume_period: enumOf(VOLUME_PERIODS),
    regions: ids('profile_forms.regions_required'),
  });

/** Collection points: one per line in the form (a textarea), a list in JSON. */
const collectionPoints = z.preprocess(
  (value) =>
    (typeof value === 'string' ? value.split(/\r?\n/) : list(value))
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== ''),
  listOf(plainLine(120), 'profile_forms.points_required', MAX_PROFILE_ITEMS, 'profile_forms.too_many_points'),
);

const cooperative = (locale: Locale) =>
  z.object({
    members_count: typedNumber(locale, { decimals: 0, min: 1, max: 10_000_000 }),
    crops: ids('profile_forms.crops_required'),
    collection_points: collectionPoints,
    representative: plainLine(120).pipe(z.string().min(2, { message: 'validation.required' })),
  });

const BUILDERS = { farmer, trader, cooperative } as const;
const SCHEMAS = {
  farmer: perLocale(farmer),
  trader: perLocale(trader),
  cooperative: perLocale(cooperative),
} satisfies { [K in ProfileFormKind]: (locale: Locale) => ReturnType<(typeof BUILDERS)[K]> };

/** The schema of one kind, reading numbers as `locale` writes them (built once per kind and language). */
export const profileFormSchema = <K extends ProfileFormKind>(kind: K, locale: Locale) =>
  SCHEMAS[kind](locale) as ReturnType<(typeof BUILDERS)[K]>;

export type FarmerProfile = z.output<ReturnType<typeof farmer>>;
export type TraderProfile = z.output<ReturnType<typeof trader>>;
export type CooperativeProfile = z.output<ReturnType<typeof cooperative>>;
export type MemberProfileData = FarmerProfile | TraderProfile | CooperativeProfile;

/** The fields each form shows, in order (the first with a problem gets the message beside it). */
export const PROFILE_FORM_FIELDS = {
  farmer: ['farm_size', 'farm_size_unit', 'crops', 'seasons'],
  trader: ['commodities', 'volume_tonnes', 'volume_period', 'regions'],
  cooperative: ['members_count', 'crops', 'collection_points', 'representative'],
} as const satisfies Record<ProfileFormKind, readonly string[]>;

/** The page of each kind's form, and the kind of each page. */
export const PROFILE_FORM_PATHS: Record<ProfileFormKind, string> = {
  farmer: '/farmer-profile-form',
  trader: '/trader-profile-form',
  cooperative: '/cooperative-form',
};
