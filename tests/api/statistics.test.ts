import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZOOMS } from '~/features/statistics/query';
import { importMarketPrices } from '~/server/services/statistics/import-market-prices';
import { listCategoryIndices } from '~/server/services/statistics/list-category-indices';
import { periodStart, readPriceChart, todayUtc } from '~/server/services/statistics/read-price-chart';
import {
  priceCellsOfLots,
  priceCellsOfMarketPrices,
  priceCellsOfOffer,
  recomputeAllPrices,
  refreshPriceCells,
} from '~/server/services/statistics/refresh-price-cells';
import { apiRequest, form, get, post } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

const database = useTestDatabase();
const db = () => database.handle().db;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const KES = 1;
const USD = 3;
const NGN = 6;
const GHS = 7;
const XOF = 8;
const today = todayUtc();
const chartPath = '/statistic/get-chart-category-data';

let lotId: number;
beforeAll(async () => {
  // One maize deal in Nakuru at KES 3,600 a 90 kg bag, approved today.
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  lotId = await sellMaize(seller.auth);
  const offer = await makeOffer(buyer.auth, {
    order_type: 'board_list',
    order_id: lotId,
    offer_type: 1,
    price: '3600',
    volume: '10',
    delivery_type: 1,
  });
  expect(offer.status, offer.text).toBe(200);
  expect((await act(seller.auth, 'approve-offer', offer.json.id)).status).toBe(200);
  // Reference prices: a tonne price (Ghana cocoa) and a crate price (Nigerian tomatoes).
  const imported = await importMarketPrices(
    db(),
    [
      'date,category,country,region,currency,unit,price,source',
      `${today},59,GH,Ashanti,GHS,tonne,51660,Test board`,
      `${today},40,NG,Kano,NGN,crate,40000,Test board`,
    ].join('\n'),
  );
  expect(imported).toMatchObject({ ok: true, imported: 2, replaced: 0 });
});

describe('normalisation and conversion', () => {
  it('shows a deal at KES 3,600 per 90 kg bag as KES 40 per kg, and in US dollars at the stored rate', async () => {
    const kes = await get(`${chartPath}?categoryId=3&zoom=month&currency_id=${KES}&series=traded`);
    expect(kes.status).toBe(200);
    expect(kes.json.basis).toMatchObject({ kind: 'kg', unit: 'kg' });
    expect(kes.json.common_unit).toMatchObject({ id: 4, kg: 90 });
    const [traded] = kes.json.series;
    expect(traded.series).toBe('traded');
    expect(traded.points).toEqual([
      { date: today, price_minor: 4000, p25_minor: 4000, p75_minor: 4000, n: 1, volume: 900, thin: true },
    ]);
    const usd = await get(`${chartPath}?categoryId=3&zoom=month&currency_id=${USD}&series=traded`);
    // 40 KES / 129.2 KES per USD = 0.3096 USD → 31 cents.
    expect(usd.json.series[0].points[0].price_minor).toBe(31);
    expect(usd.json.currency).toMatchObject({ code: 'USD', decimals: 2, rate_date: expect.any(String) });
    // The default currency is the US dollar.
    expect((await get(`${chartPath}?categoryId=3&zoom=month`)).json.currency.code).toBe('USD');
  });

  it('gives a tonne price per kg and keeps a crate price per crate', async () => {
    const cocoa = await get(`${chartPath}?categoryId=59&zoom=month&currency_id=${GHS}&series=reference`);
    expect(cocoa.json.basis.kind).toBe('kg');
    expect(cocoa.json.series[0].points.at(-1).price_minor).toBe(5166);
    expect(cocoa.json.series[0].sources).toEqual(['Test board']);
    const tomatoes = await get(`${chartPath}?categoryId=40&zoom=month&currency_id=${NGN}&series=reference`);
    expect(tomatoes.json.basis).toMatchObject({ kind: 'unit' });
    expect(tomatoes.json.basis.unit).not.toBe('kg');
    expect(tomatoes.json.series[0].points.at(-1).price_minor).toBe(4_000_000);
  });
});

describe('thin points, index and year on year', () => {
  it('marks points under three observations thin, indexes on the first month and compares a year back', async () => {
    const lines = ['date,category,country,region,currency,unit,price,source'];
    // One observation a month from January 2025 to March 2026, 1000 XOF rising by 50 a month…
    for (let m = 0; m < 15; m++) {
      const date = new Date(Date.UTC(2025, m, 15)).toISOString().slice(0, 10);
      lines.push(`${date},14,SN,Kaolack,XOF,kg,${1000 + 50 * m},S1`);
    }
    // …and on 2026-03-16 three sources at once (not thin), at the month's price.
    for (const source of ['S2', 'S3', 'S4']) lines.push(`2026-03-16,14,SN,Kaolack,XOF,kg,1700,${source}`);
    expect(await importMarketPrices(db(), lines.join('\n'))).toMatchObject({ ok: true, imported: 18 });

    const chart = await readPriceChart(
      db(),
      { categoryId: 14, zoom: 'month', currency_id: XOF, series: ['reference'] },
      'en',
      { today: '2026-03-20' },
    );
    const points = chart.series[0].points;
    expect(points.map((p) => [p.date, p.n, p.thin])).toEqual([
      ['2026-03-15', 1, true],
      ['2026-03-16', 3, false],
    ]);
    const summary = chart.series[0].summary;
    expect(summary.index_base_month).toBe('2025-01');
    // March 2026: (1700 + 3 × 1700) / 4 = 1700 against 1000 in January 2025.
    expect(summary.index).toBe(170);
    // Against March 2025 (1100): +54.5 %.
    expect(summary.year_on_year_percent).toBe(54.5);

    const early = await readPriceChart(
      db(),
      { categoryId: 14, zoom: 'year', currency_id: XOF, series: ['reference'] },
      'en',
      { today: '2025-06-20' },
    );
    expect(early.series[0].summary.index).toBe(125); // June 2025: 1250
    expect(early.series[0].summary.year_on_year_percent).toBeNull();
  });
});

describe('changes of one cell at the same moment', () => {
  it('counts every lot listed at once in one crop, region and day, and refuses none', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    // Barley (95) in Nakuru, per kg: a cell no other test writes.
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sellMaize(seller.auth, { category_id: 95, per_unit_id: 1, price: 30 + i })),
    );
    expect(ids).toHaveLength(5);
    const [cell] = await rows(sql`select sum(n)::int as n from price_daily
      where series = 'asked' and category_id = 95 and day = ${today}::date`);
    expect(Number(cell.n)).toBe(5);
  });
});

describe('incremental cells equal a full recomputation', () => {
  it('holds over random lots, deals and imported prices changed many times', async () => {
    let seed = 20261127;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const day = () => new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 20))).toISOString().slice(0, 10);

    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const kenyan = (
      await rows(sql`select r.id from regions r join countries c on c.id = r.country_id
      where c.code = 'KE' order by r.id limit 5`)
    ).map((row) => Number(row.id));
    const lotIds: number[] = [];
    const offerIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await sellMaize(seller.auth, { category_id: pick([3, 4, 7]), per_unit_id: pick([1, 2, 4]) });
      lotIds.push(id);
      for (let j = 0; j < 2; j++) {
        const made = await makeOffer(buyer.auth, {
          order_type: 'board_list',
          order_id: id,
          offer_type: 1,
          price: String(3000 + Math.floor(random() * 1000)),
          volume: '10',
          delivery_type: 1,
        });
        expect(made.status).toBe(200);
        offerIds.push(made.json.id);
      }
      expect((await act(seller.auth, 'approve-offer', offerIds.at(-2)!)).status).toBe(200);
    }
    const marketIds: number[] = [];

    // Each change as the services make it: the cells before and after, refreshed in one transaction.
    type Tx = Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0];
    const change = async (
      cellsOf: (tx: Tx) => ReturnType<typeof priceCellsOfLots>,
      write: (tx: Tx) => Promise<unknown>,
    ) =>
      db().transaction(async (tx) => {
        const before = await cellsOf(tx);
        await write(tx);
        await refreshPriceCells(tx, [...before, ...(await cellsOf(tx))]);
      });
    for (let step = 0; step < 60; step++) {
      const lot = pick(lotIds);
      const offer = pick(offerIds);
      const lotCells = (tx: Tx) => priceCellsOfLots(tx, [lot]);
      const offerCells = (tx: Tx) => priceCellsOfOffer(tx, offer);
      const kind = Math.floor(random() * 7);
      switch (kind) {
        case 0:
          await change(lotCells, (tx) =>
            tx.execute(
              sql`update lots set price_minor = ${Math.floor(200_000 + random() * 300_000)} where id = ${lot}`,
            ),
          );
          break;
        case 1:
          await change(lotCells, (tx) =>
            tx.execute(sql`update lots set region_id = ${pick(kenyan)} where id = ${lot}`),
          );
          break;
        case 2:
          await change(lotCells, (tx) =>
            tx.execute(sql`update lots set created_at = ${`${day()}T10:00:00Z`}::timestamptz where id = ${lot}`),
          );
          break;
        case 3: // approved (again) on some day
          await change(offerCells, (tx) =>
            tx.execute(sql`update offers set status = 3, approved_at = ${`${day()}T12:00:00Z`}::timestamptz,
              price_minor = ${Math.floor(250_000 + random() * 200_000)} where id = ${offer}`),
          );
          break;
        case 4: // called off
          await change(offerCells, (tx) => tx.execute(sql`update offers set status = 1 where id = ${offer}`));
          break;
        case 5: {
          const [row] = await rows(sql`insert into market_prices (category_id, region_id, currency_id, unit_id,
            price_minor, observed_on, source)
            values (${pick([3, 7])}, ${pick(kenyan)}, 1, ${pick([1, 4, 5])}, ${Math.floor(100_000 + random() * 300_000)},
              ${day()}, ${pick(['A', 'B'])}) returning id`);
          marketIds.push(Number(row.id));
          await refreshPriceCells(db(), await priceCellsOfMarketPrices(db(), [Number(row.id)]));
          break;
        }
        case 6: {
          if (marketIds.length === 0) break;
          const id = pick(marketIds);
          await change(
            (tx) => priceCellsOfMarketPrices(tx, [id]),
            (tx) =>
              tx.execute(sql`update market_prices set price_minor = ${Math.floor(100_000 + random() * 300_000)},
                observed_on = ${day()}, region_id = ${pick(kenyan)} where id = ${id}`),
          );
          break;
        }
      }
    }
    const snapshot = () =>
      rows(sql`select * from price_daily order by series, category_id, country_id, region_id,
      unit_id, source, day`);
    const incremental = await snapshot();
    expect(incremental.filter((row) => row.series === 'traded').length).toBeGreaterThan(0);
    expect(incremental.filter((row) => row.series === 'reference').length).toBeGreaterThan(0);
    await recomputeAllPrices(db());
    expect(await snapshot()).toEqual(incremental);
  });
});

describe('the API', () => {
  const aliases: Record<string, string> = {
    month: 'month',
    '1m': 'month',
    '30d': 'month',
    '1 month': 'month',
    '3months': '3months',
    '3m': '3months',
    quarter: '3months',
    '90d': '3months',
    year: 'year',
    '12m': 'year',
    '1y': 'year',
    '365d': 'year',
    '': 'year',
  };
  it('answers every zoom and alias, by GET, form POST and JSON POST', async () => {
    for (const [alias, zoom] of Object.entries(aliases)) {
      const answer = await get(`${chartPath}?categoryId=3&zoom=${encodeURIComponent(alias)}`);
      expect(answer.status, alias).toBe(200);
      expect(answer.json).toMatchObject({ zoom, from: periodStart(today, zoom as never), to: today });
    }
    for (const zoom of ZOOMS) {
      const byForm = await post(chartPath, form({ categoryId: 3, zoom, currency_id: KES }));
      expect(byForm.status).toBe(200);
      expect(byForm.json).toMatchObject({ zoom, currency: { code: 'KES' } });
      const byJson = await post(chartPath, { categoryId: 3, zoom, series: ['traded'] });
      expect(byJson.json.series.map((s: { series: string }) => s.series)).toEqual(['traded']);
    }
    // A weekly period starts its points on Mondays.
    const year = await get(`${chartPath}?categoryId=3&zoom=year&series=asked`);
    for (const point of year.json.series[0].points) expect(new Date(`${point.date}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('refuses an unknown crop (404, localized), a bad zoom or currency (422 per field)', async () => {
    const unknown = await get(`${chartPath}?categoryId=9999`, 'sw');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('not_found');
    const english = await get(`${chartPath}?categoryId=9999`, 'en');
    expect(unknown.json.message).not.toBe(english.json.message);
    expect(english.json.message).toBe('No crop has this id. Choose a crop from the list.');
    const badZoom = await get(`${chartPath}?categoryId=3&zoom=decade`);
    expect(badZoom.status).toBe(422);
    expect(Object.keys(badZoom.json.errors)).toEqual(['zoom']);
    const badCurrency = await get(`${chartPath}?categoryId=3&currency_id=999`);
    expect(badCurrency.status).toBe(422);
    expect(Object.keys(badCurrency.json.errors)).toEqual(['currency_id']);
    const cardsBadCurrency = await get('/statistic/categories-statistic-info?currency_id=999');
    expect(cardsBadCurrency.status).toBe(422);
    expect((await post(chartPath, { categoryId: 3, series: ['volume'] })).status).toBe(422);
  });

  it('downloads a chart as CSV, only the series asked for', async () => {
    const answer = await get(`${chartPath}?categoryId=59&zoom=month&currency_id=${GHS}&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="mavuno-prices-cocoa-beans-month-${today}.csv"`,
    );
    const lines = answer.text.trim().split('\r\n');
    expect(lines[0]).toBe('date,series,source,price,currency,unit,p25,p75,observations,volume,thin');
    expect(lines.slice(1)).toEqual([`${today},reference,Test board,51.66,GHS,kg,51.66,51.66,1,0,yes`]);

    const maize = await get(`${chartPath}?categoryId=3&zoom=month&currency_id=${KES}&format=csv&series=traded`);
    const body = maize.text.trim().split('\r\n').slice(1);
    expect(body.length).toBeGreaterThan(0);
    for (const line of body) expect(line.split(',')[1]).toBe('traded');
    expect(body).toContain(`${today},traded,Mavuno,40.00,KES,kg,40.00,40.00,1,900,yes`);
    const posted = await post(chartPath, form({ categoryId: 3, format: 'csv', series: 'asked' }));
    expect(posted.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  });

  it('lists the overview cards, each with one named series', async () => {
    const answer = await get(`/statistic/categories-statistic-info?currency_id=${KES}&zoom=3m`);
    expect(answer.status).toBe(200);
    const items = answer.json.items as { category: { id: number }; is_root: boolean; series: string }[];
    const maize = items.find((card) => card.category.id === 3);
    const cereals = items.find((card) => card.category.id === 1);
    expect(maize).toMatchObject({ is_root: false, series: 'traded', currency: { code: 'KES' }, thin: true });
    expect(cereals).toMatchObject({ is_root: true, category: { parent_id: null } });
    const cocoa = items.find((card) => card.category.id === 59);
    expect(cocoa).toMatchObject({ series: 'reference', sources: ['Test board'], demo: false });
    // Only crops with data: a crop nobody priced has no card.
    expect(items.find((card) => card.category.id === 94)).toBeUndefined();
    expect((await post('/statistic/categories-statistic-info', { zoom: 'month' })).json.items.length).toBe(
      items.length,
    );
    const service = await listCategoryIndices(db(), { locale: 'en', currencyId: KES, zoom: '3months' });
    expect(service.map((card) => card.category.id)).toEqual(items.map((card) => card.category.id));
  });

  it('gives the category tree with what data each node has', async () => {
    const answer = await get('/statistic/category-with-statistic-data');
    expect(answer.status).toBe(200);
    const cereals = answer.json.items.find((node: { id: number }) => node.id === 1);
    expect(cereals).toMatchObject({ has_data: true, parent_id: null });
    const maize = cereals.children.find((node: { id: number }) => node.id === 3);
    expect(maize).toMatchObject({ has_data: true, parent_id: 1, last_date: today });
    expect(maize.series).toEqual(expect.arrayContaining(['traded', 'asked']));
    const milled = cereals.children.find((node: { id: number }) => node.id === 94);
    expect(milled).toMatchObject({ has_data: false, series: [], last_date: null });
    expect((await apiRequest('/statistic/category-with-statistic-data', { method: 'POST' })).status).toBe(200);
  });
});

describe('import of market prices', () => {
  const header = 'date,category,country,region,currency,unit,price,source';
  const count = async () => Number((await rows(sql`select count(*)::int as n from market_prices`))[0].n);

  it('imports nothing when a line is wrong, and names the lines', async () => {
    const before = await count();
    const result = await importMarketPrices(
      db(),
      [
        header,
        `${today},maize,KE,Nakuru,KES,bag_90kg,3500,KAMIS`,
        `${today},maize,KE,Atlantis,KES,bag_90kg,3500,KAMIS`,
        `2026-02-30,maize,KE,Nakuru,KES,bag_90kg,3500,KAMIS`,
        `${today},maize,KE,Nakuru,KES,bag_90kg,"3,500",demo`,
      ].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...new Set(result.problems.map((p) => p.line))]).toEqual([3, 4, 5]);
    expect(result.problems.some((p) => p.message.includes('Atlantis'))).toBe(true);
    expect(await count()).toBe(before);
  });

  it('replaces a price on re-import and updates the chart', async () => {
    const file = (price: string) => [header, `${today},maize,ke,Nakuru,KES,bag_90kg,${price},KAMIS`].join('\r\n');
    expect(await importMarketPrices(db(), file('3150'))).toMatchObject({ ok: true, imported: 1, replaced: 0 });
    const before = await count();
    expect(await importMarketPrices(db(), file('3240.50'))).toMatchObject({ ok: true, imported: 1, replaced: 1 });
    expect(await count()).toBe(before);
    const chart = await get(`${chartPath}?categoryId=3&zoom=month&currency_id=${KES}&series=reference`);
    // 3,240.50 KES a 90 kg bag = 36.01 KES a kg.
    expect(chart.json.series[0].points.at(-1)).toMatchObject({ date: today, price_minor: 3601, n: 1 });
    expect(chart.json.series[0].sources).toEqual(['KAMIS']);
  });
});
