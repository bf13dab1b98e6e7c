import { type LotKind, PRICE_TYPES, RENT_PER } from '../../features/lots/constants';
import { PRICE_TYPE_LABEL, RENT_PER_LABEL } from '../../features/lots/labels';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/config';
import type { MessageKey, Translate } from '../../i18n/t';
import type { LotItem } from '../../server/services/lots/lot-item';

export interface DetailRow {
  label: string;
  value: string;
  /** Longer free text (a chemical specification, where a machine stands): shown on its own lines. */
  long?: boolean;
}

type Format = 'text' | 'long' | 'date' | 'year' | 'flag' | 'km' | 'price_type' | 'rent_per';

/** Every kind-specific field of the lot form (DETAIL_FIELDS), in the order the form asks for them. */
const FIELDS: Record<LotKind, { field: string; label: MessageKey; format: Format }[]> = {
  board: [
    { field: 'crop_name', label: 'lot_page.crop_name', format: 'text' },
    { field: 'crop_variety', label: 'lot_page.variety', format: 'text' },
  ],
  seed: [
    { field: 'seed_name', label: 'lot_page.seed_name', format: 'text' },
    { field: 'seed_variety', label: 'lot_page.variety', format: 'text' },
    { field: 'generation', label: 'lot_page.generation', format: 'text' },
    { field: 'available_from', label: 'lot_page.available_from', format: 'date' },
    { field: 'available_to', label: 'lot_page.available_to', format: 'date' },
  ],
  fertilizer: [
    { field: 'fertilizer_name', label: 'lot_page.fertilizer_name', format: 'text' },
    { field: 'fertilizer_type', label: 'lot_page.fertilizer_type', format: 'text' },
    { field: 'applied_to', label: 'lot_page.applied_to', format: 'text' },
    { field: 'chemical_specification', label: 'lot_page.chemical_specification', format: 'long' },
  ],
  technic: [
    { field: 'maker', label: 'lot_page.maker', format: 'text' },
    { field: 'model', label: 'lot_page.model', format: 'text' },
    { field: 'year_of_manufacture', label: 'lot_page.year_of_manufacture', format: 'year' },
    { field: 'price_type', label: 'lot_page.price_type', format: 'price_type' },
    { field: 'rent_per', label: 'lot_page.rent_per', format: 'rent_per' },
    { field: 'working_radius_km', label: 'lot_page.working_radius', format: 'km' },
    { field: 'has_insurance', label: 'lot_page.has_insurance', format: 'flag' },
    { field: 'is_owner', label: 'lot_page.is_owner', format: 'flag' },
    { field: 'can_deliver_or_pickup', label: 'lot_page.can_deliver_or_pickup', format: 'flag' },
    { field: 'maintained_on_time', label: 'lot_page.maintained_on_time', format: 'flag' },
    { field: 'rate_includes_extras', label: 'lot_page.rate_includes_extras', format: 'flag' },
    { field: 'location_description', label: 'lot_page.location_description', format: 'long' },
  ],
};

/** A value of one of the lists in constants.ts, or undefined (details are stored untyped). */
function listValue<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.find((item) => item === value);
}

function formatValue(value: unknown, format: Format, t: Translate, locale: Locale): string | undefined {
  switch (format) {
    case 'flag':
      return typeof value === 'boolean' ? t(value ? 'lot_page.yes' : 'lot_page.no') : undefined;
    case 'date':
      // A calendar date (YYYY-MM-DD): read and shown in UTC so no time zone moves it to the day before.
      return typeof value === 'string' && value ? formatDate(`${value}T00:00:00Z`, locale, { dateStyle: 'long', timeZone: 'UTC' }) : undefined;
    case 'year':
      return typeof value === 'number' ? String(value) : undefined;
    case 'km':
      return typeof value === 'number' ? t('lot_page.working_radius_value', { km: value }) : undefined;
    case 'price_type': {
      const priceType = listValue(PRICE_TYPES, value);
      return priceType && t(PRICE_TYPE_LABEL[priceType]);
    }
    case 'rent_per': {
      const per = listValue(RENT_PER, value);
      return per && t(RENT_PER_LABEL[per]);
    }
    default:
      return typeof value === 'string' && value.trim() ? value : undefined;
  }
}

/**
 * The lot's kind-specific facts with their labels. Fields the seller left empty are left out (a flag that was
 * never answered is not a "no").
 */
export function detailRows(lot: LotItem, t: Translate, locale: Locale): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const { field, label, format } of FIELDS[lot.kind]) {
    const value = formatValue((lot as Record<string, unknown>)[field], format, t, locale);
    if (value !== undefined) rows.push({ label: t(label), value, long: format === 'long' });
  }
  return rows;
}
