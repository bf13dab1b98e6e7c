import { describe, expect, it } from 'vitest';
import { importLineSchema } from '~/features/statistics/import-line';
import { type ChartData, chartQuerySchema } from '~/features/statistics/query';
import { chooseBasis, periodStart } from '~/server/services/statistics/read-price-chart';
import { summariseSeries } from '~/server/services/statistics/summarise-series';
import { priceChartCsvName, writePriceChartCsv } from '~/server/services/statistics/write-price-chart-csv';

const point = (date: string, price_minor: number, n = 1) => ({
  date,
  price_minor,
  p25_minor: price_minor,
  p75_minor: price_minor,
  n,
  volume: 0,
  thin: n < 3,
});

describe('chart query', () => {
  it('reads every zoom alias and defaults to a year', () => {
    const zoom = (value: unknown) => chartQuerySchema.parse({ categoryId: '3', zoom: value }).zoom;
    expect(['1m', '1 month', '30d', 'MONTH'].map(zoom)).toEqual(['month', 'month', 'month', 'month']);
    expect(['3m', 'quarter', '3-months', '90d'].map(zoom)).toEqual(['3months', '3months', '3months', '3months']);
    expect(['12m', '1y', '365d', undefined, ''].map(zoom)).toEqual(['year', 'year', 'year', 'year', 'year']);
    expect(chartQuerySchema.safeParse({ categoryId: 3, zoom: 'week' }).success).toBe(false);
    expect(chartQuerySchema.parse({ categoryId: 3, series: 'traded,reference' }).series).toEqual([
      'traded',
      'reference',
    ]);
  });

  it('starts a period the day after the same date one, three or twelve months back', () => {
    expect(periodStart('2026-03-31', 'month')).toBe('2026-03-04'); // 2026-02-31 rolls to 03-03
    expect(periodStart('2026-11-27', '3months')).toBe('2026-08-28');
    expect(periodStart('2026-11-27', 'year')).toBe('2025-11-28');
  });
});

describe('series summary', () => {
  it('indexes the last month on the first month of data and compares a year back once it exists', () => {
    const months = [
      { month: '2025-01', price: 200 },
      { month: '2025-03', price: 250 },
      { month: '2026-03', price: 300 },
    ];
    const summary = summariseSeries([point('2026-03-02', 280), point('2026-03-09', 300, 4)], months);
    expect(summary).toMatchObject({
      index: 150,
      index_base_month: '2025-01',
      year_on_year_percent: 20,
      change_percent: 7.1,
      count: 5,
    });
    const single = summariseSeries([point('2025-03-02', 250)], months.slice(0, 2));
    expect(single.year_on_year_percent).toBeNull();
    // One point is no change over the period (not 0 %).
    expect(single.change_percent).toBeNull();
  });

  it('indexes the month of the last data even when the last weekly point starts in the month before', () => {
    // The week of Monday 27 October holds data of 2 November: the index is November's.
    const months = [
      { month: '2026-01', price: 100 },
      { month: '2026-10', price: 120 },
      { month: '2026-11', price: 130 },
    ];
    expect(summariseSeries([point('2026-10-20', 120), point('2026-10-27', 130)], months).index).toBe(130);
  });

  it('takes the change on exact prices, not on prices rounded to a cent', () => {
    // US$0.8140 and US$0.8060 a kg both show as 81 cents; the move of about -1 % still shows.
    const points = [point('2026-01-05', 81), point('2026-03-02', 81)];
    expect(summariseSeries(points, [], [81.4, 80.6]).change_percent).toBe(-1);
    expect(summariseSeries(points, []).change_percent).toBe(0);
  });
});

describe('chart CSV', () => {
  const chart = {
    category: { id: 59, name: 'Fèves de cacao', parent_id: 8 },
    zoom: 'month',
    from: '2026-10-28',
    to: '2026-11-27',
    currency: { id: 7, code: 'GHS', symbol: 'GH₵', decimals: 2, per_usd: 11.9, rate_date: '2026-11-01' },
    basis: { kind: 'kg', unit_id: 1, unit: 'kg' },
    common_unit: null,
    area: { country_id: null, region_id: null },
    series: [
      {
        series: 'reference',
        sources: ['KAMIS', '=cmd'],
        demo: false,
        points: [point('2026-11-20', 5166)],
        summary: {},
      },
    ],
  } as unknown as ChartData;

  it('writes decimals in the currency per basis, escapes formula-like cells, names the file in ASCII', () => {
    expect(writePriceChartCsv(chart)).toBe(
      'date,series,source,price,currency,unit,p25,p75,observations,volume,thin\r\n' +
        '2026-11-20,reference,KAMIS + =cmd,51.66,GHS,kg,51.66,51.66,1,0,yes\r\n',
    );
    expect(priceChartCsvName(chart)).toBe('mavuno-prices-feves-de-cacao-month-2026-11-27.csv');
  });
});

describe('import lines', () => {
  const line = {
    date: '2026-11-20',
    category: 'maize',
    country: 'ke',
    region: 'Nakuru',
    currency: 'kes',
    unit: 'bag_90kg',
    price: '3600.50',
    source: 'KAMIS',
  };
  it('accepts a good line and refuses bad dates, prices and the demo source', () => {
    expect(importLineSchema.parse(line)).toMatchObject({ country: 'KE', currency: 'KES', price: '3600.50' });
    for (const bad of [
      { date: '2026-02-30' },
      { date: '20/11/2026' },
      { date: '2026-13-45' },
      { price: '3,600' },
      { price: '-5' },
      { price: '0' },
      { source: 'Demo' },
      { source: '' },
      { country: 'KEN' },
    ])
      expect(importLineSchema.safeParse({ ...line, ...bad }).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('the basis of a crop', () => {
  const KG = 1;
  const BAG_90 = 4;
  const CRATE = 5;
  const BUNCH = 6;
  it('is per kg while mass units have at least as many prices as any other unit', () => {
    expect(
      chooseBasis([
        { basis: 'kg', unit_id: BAG_90, n: 7 },
        { basis: 'kg', unit_id: KG, n: 4 },
        { basis: 'unit', unit_id: CRATE, n: 11 },
      ]),
    ).toEqual({ byMass: true, commonUnitId: BAG_90 });
  });

  it('stays per crate when one lot is listed per kg in a market priced by the crate', () => {
    expect(
      chooseBasis([
        { basis: 'kg', unit_id: KG, n: 1 },
        { basis: 'unit', unit_id: CRATE, n: 40 },
        { basis: 'unit', unit_id: BUNCH, n: 3 },
      ]),
    ).toEqual({ byMass: false, commonUnitId: CRATE });
    expect(chooseBasis([])).toEqual({ byMass: false, commonUnitId: null });
  });
});
