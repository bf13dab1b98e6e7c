import { csvText } from '~/features/wallet/csv';
import type { ChartData } from '~/features/statistics/query';

/** Where the points of a series come from, as the CSV names it: Mavuno's own deals and lots, or the import sources. */
const sourceOf = (series: ChartData['series'][number]) =>
  series.series === 'reference' ? series.sources.join(' + ') : 'Mavuno';

/**
 * A chart's points as CSV (the chart's download): one row per point of each series shown, with the price as a
 * decimal in the chart's currency per basis (kg or unit), quartiles, observations, volume and the thin mark.
 */
export function writePriceChartCsv(chart: ChartData): string {
  const decimals = chart.currency.decimals;
  const money = (minor: number) => (minor / 10 ** decimals).toFixed(decimals);
  const rows: (string | number)[][] = [
    ['date', 'series', 'source', 'price', 'currency', 'unit', 'p25', 'p75', 'observations', 'volume', 'thin'],
  ];
  for (const series of chart.series)
    for (const point of series.points)
      rows.push([
        point.date,
        series.series,
        sourceOf(series),
        money(point.price_minor),
        chart.currency.code,
        chart.basis.unit,
        money(point.p25_minor),
        money(point.p75_minor),
        point.n,
        point.volume,
        point.thin ? 'yes' : 'no',
      ]);
  return csvText(rows);
}

/** The download's file name: `mavuno-prices-<crop>-<zoom>-<to>.csv`, in ASCII whatever the crop's name (Maïs → mais). */
export function priceChartCsvName(chart: ChartData): string {
  const crop = chart.category.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `mavuno-prices-${crop || chart.category.id}-${chart.zoom}-${chart.to}.csv`;
}
