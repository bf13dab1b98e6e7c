import { z } from 'zod';
import { optionalInt, requiredInt } from '~/features/validation/fields';

/** The periods of the price charts: one month (daily points), three months and a year (weekly points). */
export const ZOOMS = ['month', '3months', 'year'] as const;
export type Zoom = (typeof ZOOMS)[number];
export const DEFAULT_ZOOM: Zoom = 'year';
/** The crops the charts compare when the reader has chosen none: maize (3) against beans (7). */
export const DEFAULT_CATEGORY = 3;
export const DEFAULT_COMPARE_CATEGORY = 7;
/** Line colours of the first and the second category: red, then yellow. */
export const CHART_COLOURS = ['#c62828', '#f2b600'] as const;
export const SERIES = ['traded', 'asked', 'reference'] as const;
export type SeriesName = (typeof SERIES)[number];
/** A point resting on fewer observations than this is marked thin. */
export const THIN_BELOW = 3;

/** The spellings of a period people and clients use (`1m`, `3m`, `12m`, `quarter`…), read as one of ZOOMS. */
const ZOOM_ALIASES: Record<string, Zoom> = {
  month: 'month',
  '1month': 'month',
  '1m': 'month',
  '30d': 'month',
  '3months': '3months',
  '3month': '3months',
  '3m': '3months',
  quarter: '3months',
  '90d': '3months',
  year: 'year',
  '1year': 'year',
  '1y': 'year',
  '12m': 'year',
  '12months': 'year',
  '365d': 'year',
};

export const zoomField = z.preprocess(
  (value) =>
    value === undefined || value === '' || value === null
      ? DEFAULT_ZOOM
      : typeof value === 'string'
        ? (ZOOM_ALIASES[
            value
              .trim()
              .toLowerCase()
              .replace(/[\s_-]/g, '')
          ] ?? value)
        : value,
  z.enum(ZOOMS),
);

/** `series=traded,reference` (or repeated): which series to show; all three when absent. */
const seriesField = z.preprocess(
  (value) => {
    if (value === undefined || value === '' || value === null) return [...SERIES];
    const list = (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(','));
    return list.map((item) => item.trim()).filter(Boolean);
  },
  z.array(z.enum(SERIES)).min(1),
);

/** What a price chart shows: a crop, a period, a currency and an area (API and the /prices page). */
export const chartQuerySchema = z.object({
  categoryId: requiredInt(),
  zoom: zoomField,
  currency_id: optionalInt(),
  country_id: optionalInt(),
  region_id: optionalInt(),
  series: seriesField,
});
export type ChartQuery = z.infer<typeof chartQuerySchema>;

export interface PricePoint {
  /** The first day of the point's period (a day, or the Monday of a week), YYYY-MM-DD. */
  date: string;
  /** Per basis (kg or unit), minor units of the chosen currency. */
  price_minor: number;
  p25_minor: number;
  p75_minor: number;
  /** Observations under the point (deals, lots or imported prices). */
  n: number;
  /** Quantity under the point in the basis (kg or units); 0 for imported prices. */
  volume: number;
  /** Fewer than THIN_BELOW observations: shown, marked, never hidden. */
  thin: boolean;
}

export interface SeriesSummary {
  last_price_minor: number | null;
  last_date: string | null;
  first_price_minor: number | null;
  /** From the period's first point to its last, in per cent (one decimal). */
  change_percent: number | null;
  high_minor: number | null;
  low_minor: number | null;
  /** Observations and quantity over the period (for traded: deals and the volume traded). */
  count: number;
  volume: number;
  /** The last point's month against the series' first month of data (= 100). */
  index: number | null;
  index_base_month: string | null;
  /** The last point's month against the same month a year before, once a year of data exists. */
  year_on_year_percent: number | null;
}

export interface ChartSeries {
  series: SeriesName;
  /** Where reference prices came from ('KAMIS', 'demo'…): named on every chart that shows them. */
  sources: string[];
  /** The series includes generated demo data. */
  demo: boolean;
  points: PricePoint[];
  summary: SeriesSummary;
}

export interface ChartData {
  category: { id: number; name: string; parent_id: number | null };
  zoom: Zoom;
  from: string;
  to: string;
  currency: { id: number; code: string; symbol: string; decimals: number; per_usd: number; rate_date: string };
  /** 'kg' for crops priced by mass (every mass unit converted), else the one unit the prices are given in. */
  basis: { kind: 'kg' | 'unit'; unit_id: number; unit: string };
  /** The unit most prices were given in (a 90 kg bag…), with its kilograms, to show beside the price per kg. */
  common_unit: { id: number; name: string; kg: number | null } | null;
  area: { country_id: number | null; region_id: number | null };
  series: ChartSeries[];
}
