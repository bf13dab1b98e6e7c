import type { Locale } from '~/i18n/config';
import { localAmountText, localNumberText } from '~/features/numbers/text';
import type { LotKind, LotType } from './constants';
import { DETAIL_FIELDS } from './schemas';

/**
 * The lot form's values as inputs hold them: text as strings, ticks as booleans. `lotSchema(kind, locale)` reads
 * blanks as "not given" and text as numbers written the page's way, so the same values are checked in the form
 * and on the server. Detail fields of every kind are present; the schema keeps only those of the form's kind.
 * Shared by the form island and the page's loader (src/server/loaders/lot-form.ts), which fills it from a lot.
 */
export interface LotFormValues {
  type: LotType;
  category_id: string;
  title: string;
  volume: string;
  min_volume: string;
  max_volume: string;
  per_unit_id: string;
  price: string;
  currency_id: string;
  country_id: string;
  region_id: string;
  village_id: string;
  latitude: string;
  longitude: string;
  address: string;
  description: string;
  organic: boolean;
  wholesale_only: boolean;
  delivery_price_per_km: string;
  crop_name: string;
  crop_variety: string;
  seed_name: string;
  seed_variety: string;
  generation: string;
  available_from: string;
  available_to: string;
  fertilizer_name: string;
  fertilizer_type: string;
  applied_to: string;
  chemical_specification: string;
  maker: string;
  model: string;
  year_of_manufacture: string;
  price_type: string;
  rent_per: string;
  working_radius_km: string;
  location_description: string;
  has_insurance: boolean;
  is_owner: boolean;
  can_deliver_or_pickup: boolean;
  maintained_on_time: boolean;
  rate_includes_extras: boolean;
  /** The owner's company id when the lot is published for it, else blank (docs/companies.md "Company lots"). */
  company_id: string;
  /** The owner's warehouse the lot is placed at, else blank (docs/warehouses.md "Lots placed at a warehouse"). */
  warehouse_id: string;
  /** Keys of the uploaded photos in display order (kept in step with the photo picker). */
  photos: string[];
}
export type LotFormField = keyof LotFormValues;

const BOOLEAN_FIELDS = new Set<LotFormField>([
  'organic',
  'wholesale_only',
  'has_insurance',
  'is_owner',
  'can_deliver_or_pickup',
  'maintained_on_time',
  'rate_includes_extras',
]);

/** The fields every kind has, in the order the form shows them: these, the kind's details, then the rest. */
const LEADING_FIELDS: LotFormField[] = ['type', 'category_id', 'title'];
const TRAILING_FIELDS: LotFormField[] = [
  'volume',
  'per_unit_id',
  'min_volume',
  'max_volume',
  'price',
  'currency_id',
  'country_id',
  'region_id',
  'village_id',
  'latitude',
  'longitude',
  'address',
  'description',
  'delivery_price_per_km',
  'organic',
  'wholesale_only',
  'company_id',
  'warehouse_id',
  'photos',
];

/** A blank form of a type, with the defaults the page knows (currency, the member's place). */
export function emptyLotValues(type: LotType, defaults: Partial<LotFormValues> = {}): LotFormValues {
  const fields = [...LEADING_FIELDS, ...TRAILING_FIELDS, ...(Object.values(DETAIL_FIELDS).flat() as LotFormField[])];
  const blank = Object.fromEntries(fields.map((field) => [field, BOOLEAN_FIELDS.has(field) ? false : '']));
  return { ...(blank as unknown as LotFormValues), price_type: 'fixed', photos: [], type, ...defaults };
}

/** Numbers a person reads and edits: written as the page's language writes them ("72,000", "72 000"). */
const QUANTITY_FIELDS = new Set<LotFormField>(['volume', 'min_volume', 'max_volume']);
const MONEY_FIELDS = new Set<LotFormField>(['price', 'delivery_price_per_km']);

/**
 * A lot's answer (LotItem) as form values, for the update form: amounts written as `locale` writes numbers
 * (the form reads them back the same way), other values as they are.
 */
export function lotFormValuesFrom(
  lot: Record<string, unknown>,
  kind: LotKind,
  photoKeys: string[],
  locale: Locale,
): LotFormValues {
  const values = emptyLotValues(lot.type as LotType, { photos: photoKeys });
  for (const field of Object.keys(values) as LotFormField[]) {
    if (field === 'type' || field === 'photos' || !(field in lot)) continue;
    const value = lot[field];
    const out = values as unknown as Record<string, unknown>;
    if (BOOLEAN_FIELDS.has(field)) out[field] = value === true;
    else if (value === null || value === undefined) out[field] = '';
    else if (MONEY_FIELDS.has(field) && typeof value === 'number') out[field] = localAmountText(value, locale);
    else if (QUANTITY_FIELDS.has(field) && typeof value === 'number') out[field] = localNumberText(value, locale);
    else out[field] = String(value);
  }
  if (kind === 'technic' && !values.price_type) values.price_type = 'fixed';
  return values;
}

/** The order fields appear in: the first one with an error gets the focus. */
export function fieldOrder(kind: LotKind): LotFormField[] {
  return [...LEADING_FIELDS, ...(DETAIL_FIELDS[kind] as LotFormField[]), ...TRAILING_FIELDS];
}

/**
 * A machine's rent unit belongs to a lot for rent only: left out of any other lot's body, whether the island sends
 * it to the API or the browser posts the plain form (src/server/loaders/lot-form.ts).
 */
export function dropStrayRentUnit<Body extends Record<string, unknown>>(kind: LotKind, body: Body): Body {
  if (kind !== 'technic' || body.type === 'rent' || !('rent_per' in body)) return body;
  const { rent_per: _rentPer, ...rest } = body;
  return rest as Body;
}
