import { z } from 'zod';
import { MAX_INT, toBoolean } from '~/features/validation/fields';
import { plainLine } from '~/features/accounts/schemas';
import { optionalTypedNumber, perLocale, readMachineField, typedNumber } from '~/features/numbers/schema';
import type { Locale } from '~/i18n/config';
import { COMPANY_TYPE_FILTERS } from '~/features/companies/company-type-filter';
import { LOT_TYPES, MAX_LOT_PHOTOS, type LotKind } from './constants';
import { DETAIL_FIELD_TABLE, type DetailField, FIRST_YEAR_OF_MANUFACTURE } from './detail-fields';

/**
 * The lot forms' zod schemas, shared by the islands and the API (wrappers BoardList[…], SeedsList[…],
 * FertilizerList[…], TechnicList[…]). Each is built for the language numbers are typed in (the API's
 * Accept-Language, the island's page): prices and volumes are read by src/features/numbers/parse.ts, with at most
 * two decimals; the price's currency may allow fewer, which the service checks (priceDecimalsProblem).
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The largest price or volume a lot takes. */
const MAX_AMOUNT = 1e11;

const amountLimits = (options: { allowZero?: boolean }) => ({
  min: options.allowZero ? 0 : 0.01,
  minMessage: options.allowZero ? undefined : ('lots.must_be_positive' as const),
  max: MAX_AMOUNT,
});
/** A positive amount with at most two decimals (price, volume), typed in `locale`. */
export const amount = (locale: Locale, options: { allowZero?: boolean } = {}) =>
  typedNumber(locale, amountLimits(options));
/** The same, which may be left blank (zero allowed unless it must be positive). */
export const optionalAmount = (locale: Locale, options: { allowZero?: boolean } = { allowZero: true }) =>
  optionalTypedNumber(locale, amountLimits(options));
const id = z.preprocess(readMachineField, z.number({ message: 'validation.required' }).int().min(1).max(MAX_INT));
const optionalId = z.preprocess(readMachineField, z.number().int().min(1).max(MAX_INT).optional());
const flag = z.preprocess(toBoolean, z.boolean());
const optionalText = (max: number) => z.preprocess(blank, plainLine(max).optional());

const common = (locale: Locale) => ({
  type: z.enum(LOT_TYPES, { message: 'validation.invalid_option' }),
  category_id: id,
  title: plainLine(120).pipe(z.string().min(3, { message: 'lots.title_short' })),
  volume: amount(locale),
  min_volume: optionalAmount(locale),
  max_volume: optionalAmount(locale),
  per_unit_id: id,
  price: amount(locale, { allowZero: true }),
  currency_id: id,
  country_id: id,
  region_id: optionalId,
  village_id: optionalId,
  latitude: z.preprocess(readMachineField, z.number().min(-90).max(90).optional()),
  longitude: z.preprocess(readMachineField, z.number().min(-180).max(180).optional()),
  address: optionalText(200),
  description: z.preprocess(blank, z.string().trim().max(5000).optional()),
  organic: flag,
  wholesale_only: flag,
  delivery_price_per_km: optionalAmount(locale),
  /** Sent again after the seller confirmed a price far from the usual one (`price_unusual`, docs/lots.md). */
  price_confirmed: flag,
  /**
   * Published for the owner's company (docs/companies.md "Company lots"): the id of the company the owner belongs to;
   * absent or blank, the lot is the owner's own.
   */
  company_id: optionalId,
  /**
   * The owner's (or their company's) warehouse the lot is placed at (docs/warehouses.md "Lots placed at a
   * warehouse"): its point, country, region and village become the lot's. Absent or blank, none.
   */
  warehouse_id: optionalId,
  /** Storage keys of photos uploaded with /{kind}/upload-photo, in display order. */
  photos: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(200)).max(MAX_LOT_PHOTOS, { message: 'lots.too_many_photos' }),
  ),
});

/** The zod schema of one detail field, from its description in DETAIL_FIELD_TABLE: every detail may be left out. */
function detailSchema(detail: DetailField, locale: Locale): z.ZodType {
  switch (detail.input) {
    case 'text':
      return optionalText(detail.max);
    case 'date':
      return z.preprocess(blank, z.iso.date().optional());
    case 'year':
      return optionalTypedNumber(locale, {
        decimals: 0,
        min: FIRST_YEAR_OF_MANUFACTURE,
        max: new Date().getFullYear() + 1,
      });
    case 'number':
      return optionalTypedNumber(locale, { decimals: 0, min: detail.min, max: detail.max });
    case 'flag':
      return flag;
    case 'select': {
      const options = z.enum(detail.options);
      return z.preprocess(blank, detail.fallback === undefined ? options.optional() : options.default(detail.fallback));
    }
  }
}

const detailsOf = (kind: LotKind, locale: Locale): Record<string, z.ZodType> =>
  Object.fromEntries(DETAIL_FIELD_TABLE[kind].map((detail) => [detail.field, detailSchema(detail, locale)]));

/** The fields of one kind's details (stored in lots.details, flattened in the API), in the form's order. */
export const DETAIL_FIELDS: Record<LotKind, string[]> = Object.fromEntries(
  Object.entries(DETAIL_FIELD_TABLE).map(([kind, fields]) => [kind, fields.map((detail) => detail.field)]),
) as Record<LotKind, string[]>;

const limitsAreNumbers = (value: object) =>
  (['min_volume', 'max_volume'] as const).every((field) =>
    ['number', 'undefined'].includes(typeof (value as Record<string, unknown>)[field]),
  );

/** The create/update schema of a kind: volumes in order, a place (village or map point), a type the kind allows. */
function buildLotSchema(kind: LotKind, locale: Locale) {
  const allowedTypes = kind === 'technic' ? ['sell', 'rent'] : ['sell', 'buy'];
  return z
    .object({ ...common(locale), ...detailsOf(kind, locale) })
    .refine((lot) => allowedTypes.includes(lot.type), { message: 'validation.invalid_option', path: ['type'] })
    .refine((lot) => lot.min_volume === undefined || lot.max_volume === undefined || lot.min_volume <= lot.max_volume, {
      message: 'lots.min_above_max',
      path: ['min_volume'],
      // Only limits that were read as numbers compare: an unreadable one has its own message.
      when: (p) => typeof p.value === 'object' && p.value !== null && limitsAreNumbers(p.value),
    })
    .refine((lot) => (lot.max_volume ?? 0) <= lot.volume && (lot.min_volume ?? 0) <= lot.volume, {
      message: 'lots.limit_above_volume',
      path: ['max_volume'],
      // Only once there is a volume to compare with: an empty volume has its own "required" message.
      when: (p) =>
        typeof p.value === 'object' &&
        p.value !== null &&
        typeof (p.value as { volume?: unknown }).volume === 'number' &&
        limitsAreNumbers(p.value),
    })
    .refine(
      (lot) =>
        lot.village_id !== undefined ||
        lot.warehouse_id !== undefined ||
        (lot.latitude !== undefined && lot.longitude !== undefined),
      {
        message: 'lots.place_required',
        path: ['village_id'],
        when: (p) => typeof p.value === 'object',
      },
    )
    .refine((lot) => (lot.latitude === undefined) === (lot.longitude === undefined), {
      message: 'accounts.point_incomplete',
      path: ['latitude'],
      when: (p) => typeof p.value === 'object',
    })
    .refine(
      (lot) => kind !== 'technic' || lot.type !== 'rent' || (lot as { rent_per?: string }).rent_per !== undefined,
      {
        message: 'lots.rent_per_required',
        path: ['rent_per'],
        when: (p) => typeof p.value === 'object',
      },
    );
}
const LOT_SCHEMAS = Object.fromEntries(
  (Object.keys(DETAIL_FIELD_TABLE) as LotKind[]).map((kind) => [
    kind,
    perLocale((locale) => buildLotSchema(kind, locale)),
  ]),
) as Record<LotKind, (locale: Locale) => ReturnType<typeof buildLotSchema>>;

/** The create/update schema of a kind, reading numbers as `locale` writes them (built once per kind and language). */
export const lotSchema = (kind: LotKind, locale: Locale) => LOT_SCHEMAS[kind](locale);
export type LotInput = z.output<ReturnType<typeof lotSchema>>;

/** `POST /{kind}/update-prices`: up to 100 lots' new prices (prices[n][id], prices[n][price]), typed in `locale`. */
export const bulkPricesSchema = perLocale((locale) =>
  z.object({
    prices: z
      .array(z.object({ id, price: amount(locale, { allowZero: true }) }))
      .min(1)
      .max(100),
  }),
);

/** The search object of `GET /{kind}/index` (BoardQuoteSearch[…] etc.); empty values mean "no filter". */
export const lotSearchSchema = perLocale((locale) =>
  z.object({
    type: z.preprocess(blank, z.enum(LOT_TYPES).optional()),
    category_id: optionalId,
    region_id: optionalId,
    regions: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
      z.array(id).max(50).optional(),
    ),
    country_id: optionalId,
    user_id: optionalId,
    favorites: z.preprocess(toBoolean, z.boolean().optional()),
    have_geolocation: z.preprocess(toBoolean, z.boolean().optional()),
    with_photo: z.preprocess(toBoolean, z.boolean().optional()),
    organic: z.preprocess(toBoolean, z.boolean().optional()),
    /** An empty price_from means 0: every price. */
    price_from: optionalTypedNumber(locale, { max: MAX_AMOUNT }).transform((value) => value ?? 0),
    price_to: optionalAmount(locale),
    /** The currency price_from and price_to are in (the default currency, US dollar, when absent). */
    currency_id: optionalId,
    company_type: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
      // The owner's trader status (farmer, trader, input_seller, cooperative) or the type of the company a lot is
      // published for (COMPANY_TYPES keys); either matches (docs/lots.md "Filters").
      z.array(z.enum(COMPANY_TYPE_FILTERS)).max(20).optional(),
    ),
    maker: optionalText(80),
    q: z.preprocess(blank, z.string().trim().max(100).optional()),
  }),
);
export type LotSearch = z.output<ReturnType<typeof lotSearchSchema>>;
