import { type LotKind, PRICE_TYPES, RENT_PER } from '~/features/lots/constants';
import { DETAIL_FIELD_TABLE, type DetailField, type DetailFormat, pageLabelOf } from '~/features/lots/detail-fields';
import { PRICE_TYPE_LABEL, RENT_PER_LABEL } from '~/features/lots/labels';
import { formatDate } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { LotItem } from '~/server/services/lots/lot-item';

export interface DetailRow {
  label: string;
  value: string;
  /** Longer free text (a chemical specification, where a machine stands): shown on its own lines. */
  long?: boolean;
}

/**
 * Every kind-specific field (DETAIL_FIELD_TABLE), in the order the form asks for them, long text (a chemical
 * specification, where a machine stands) last.
 */
const FIELDS = Object.fromEntries(
  Object.entries(DETAIL_FIELD_TABLE).map(([kind, fields]) => [
    kind,
    [...fields.filter((d) => d.format !== 'long'), ...fields.filter((d) => d.format === 'long')],
  ]),
) as Record<LotKind, DetailField[]>;

/** A value of one of the lists in constants.ts, or undefined (details are stored untyped). */
function listValue<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.find((item) => item === value);
}

function formatValue(value: unknown, format: DetailFormat, t: Translate, locale: Locale): string | undefined {
  switch (format) {
    case 'flag':
      return typeof value === 'boolean' ? t(value ? 'lot_page.yes' : 'lot_page.no') : undefined;
    case 'date':
      // A calendar date (YYYY-MM-DD): read and shown in UTC so no time zone moves it to the day before.
      return typeof value === 'string' && value
        ? formatDate(`${value}T00:00:00Z`, locale, { dateStyle: 'long', timeZone: 'UTC' })
        : undefined;
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
  for (const detail of FIELDS[lot.kind]) {
    const value = formatValue((lot as Record<string, unknown>)[detail.field], detail.format, t, locale);
    if (value !== undefined) rows.push({ label: t(pageLabelOf(detail)), value, long: detail.format === 'long' });
  }
  return rows;
}
