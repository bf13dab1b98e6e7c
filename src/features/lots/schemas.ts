import { z } from 'zod';
import { MAX_INT } from '~/features/validation/fields';
import { plainLine } from '~/features/accounts/schemas';
import { LOT_TYPES, MAX_LOT_PHOTOS, type LotKind } from './constants';
import { DETAIL_FIELD_TABLE, type DetailField, FIRST_YEAR_OF_MANUFACTURE } from './detail-fields';

/**
 * The lot forms' zod schemas, shared by the islands and the API (wrappers BoardList[…], SeedsList[…],
 * FertilizerList[…], TechnicList[…]). Prices and volumes: numbers with at most 2 decimals, a comma accepted as
 * the decimal mark.
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const toNumber = (value: unknown) => {
  const present = blank(value);
  if (typeof present === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(present)) return Number(present.replace(',', '.'));
  return present;
};
const toBoolean = (value: unknown) =>
  value === 'true' || value === '1' || value === 1 || value === true || value === 'on'
    ? true
    : value === 'false' || value === '0' || value === 0 || value === false || value === '' || value === undefined
      ? false
      : value;
/** At most two decimals, exact for any amount a double holds to the cent (555490948.68 included). */
export const hasDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;
const hasTwoDecimals = (value: number) => hasDecimals(value, 2);

/** A positive amount with at most two decimals (price, volume). */
export const amount = (options: { min?: number; allowZero?: boolean } = {}) =>
  z.preprocess(
    toNumber,
    // No custom type message: a missing value then reads "required", a word "enter a number" (issueToMessage).
    z
      .number()
      .min(options.allowZero ? 0 : (options.min ?? 0.01), {
        message: options.allowZero ? 'validation.too_small' : 'lots.must_be_positive',
      })
      .max(1e11)
      .refine(hasTwoDecimals, { message: 'validation.two_decimals' }),
  );
const optionalAmount = z.preprocess(
  toNumber,
  z.number().min(0).max(1e11).refine(hasTwoDecimals, { message: 'validation.two_decimals' }).optional(),
);
const id = z.preprocess(toNumber, z.number({ message: 'validation.required' }).int().min(1).max(MAX_INT));
const optionalId = z.preprocess(toNumber, z.number().int().min(1).max(MAX_INT).optional());
const flag = z.preprocess(toBoolean, z.boolean());
const optionalText = (max: number) => z.preprocess(blank, plainLine(max).optional());

const common = {
  type: z.enum(LOT_TYPES, { message: 'validation.invalid_option' }),
  category_id: id,
  title: plainLine(120).pipe(z.string().min(3, { message: 'lots.title_short' })),
  volume: amount(),
  min_volume: optionalAmount,
  max_volume: optionalAmount,
  per_unit_id: id,
  price: amount({ allowZero: true }),
  currency_id: id,
  country_id: id,
  region_id: optionalId,
  village_id: optionalId,
  latitude: z.preprocess(toNumber, z.number().min(-90).max(90).optional()),
  longitude: z.preprocess(toNumber, z.number().min(-180).max(180).optional()),
  address: optionalText(200),
  description: z.preprocess(blank, z.string().trim().max(5000).optional()),
  organic: flag,
  wholesale_only: flag,
  delivery_price_per_km: optionalAmount,
  /** Storage keys of photos uploaded with /{kind}/upload-photo, in display order. */
  photos: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string().max(200)).max(MAX_LOT_PHOTOS, { message: 'lots.too_many_photos' }),
  ),
};

/** The zod schema of one detail field, from its description in DETAIL_FIELD_TABLE: every detail may be left out. */
function detailSchema(detail: DetailField): z.ZodType {
  switch (detail.input) {
    case 'text':
      return optionalText(detail.max);
    case 'date':
      return z.preprocess(blank, z.iso.date().optional());
    case 'year':
      return z.preprocess(
        toNumber,
        z
          .number()
          .int()
          .min(FIRST_YEAR_OF_MANUFACTURE)
          .max(new Date().getFullYear() + 1)
          .optional(),
      );
    case 'number':
      return z.preprocess(toNumber, z.number().int().min(detail.min).max(detail.max).optional());
    case 'flag':
      return flag;
    case 'select': {
      const options = z.enum(detail.options);
      return z.preprocess(blank, detail.fallback === undefined ? options.optional() : options.default(detail.fallback));
    }
  }
}

const DETAILS = Object.fromEntries(
  Object.entries(DETAIL_FIELD_TABLE).map(([kind, fields]) => [
    kind,
    Object.fromEntries(fields.map((detail) => [detail.field, detailSchema(detail)])),
  ]),
) as Record<LotKind, Record<string, z.ZodType>>;

/** The fields of one kind's details (stored in lots.details, flattened in the API), in the form's order. */
export const DETAIL_FIELDS: Record<LotKind, string[]> = Object.fromEntries(
  Object.entries(DETAIL_FIELD_TABLE).map(([kind, fields]) => [kind, fields.map((detail) => detail.field)]),
) as Record<LotKind, string[]>;

/** The create/update schema of a kind: volumes in order, a place (village or map point), a type the kind allows. */
export function lotSchema(kind: LotKind) {
  const allowedTypes = kind === 'technic' ? ['sell', 'rent'] : ['sell', 'buy'];
  return z
    .object({ ...common, ...DETAILS[kind] })
    .refine((lot) => allowedTypes.includes(lot.type), { message: 'validation.invalid_option', path: ['type'] })
    .refine((lot) => lot.min_volume === undefined || lot.max_volume === undefined || lot.min_volume <= lot.max_volume, {
      message: 'lots.min_above_max',
      path: ['min_volume'],
      when: (p) => typeof p.value === 'object',
    })
    .refine((lot) => (lot.max_volume ?? 0) <= lot.volume && (lot.min_volume ?? 0) <= lot.volume, {
      message: 'lots.limit_above_volume',
      path: ['max_volume'],
      // Only once there is a volume to compare with: an empty volume has its own "required" message.
      when: (p) =>
        typeof p.value === 'object' && p.value !== null && typeof (p.value as { volume?: unknown }).volume === 'number',
    })
    .refine((lot) => lot.village_id !== undefined || (lot.latitude !== undefined && lot.longitude !== undefined), {
      message: 'lots.place_required',
      path: ['village_id'],
      when: (p) => typeof p.value === 'object',
    })
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
export type LotInput = z.output<ReturnType<typeof lotSchema>>;

/** The search object of `GET /{kind}/index` (BoardQuoteSearch[…] etc.); empty values mean "no filter". */
export const lotSearchSchema = z.object({
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
  /** An empty price_from means 0 (docs/lots.md). */
  price_from: z.preprocess((v) => (v === '' || v === undefined ? 0 : toNumber(v)), z.number().min(0).max(1e11)),
  price_to: optionalAmount,
  /** The currency price_from and price_to are in (the default currency, US dollar, when absent). */
  currency_id: optionalId,
  company_type: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.enum(['farmer', 'trader', 'input_seller', 'cooperative'])).optional(),
  ),
  maker: optionalText(80),
  q: z.preprocess(blank, z.string().trim().max(100).optional()),
});
export type LotSearch = z.output<typeof lotSearchSchema>;
