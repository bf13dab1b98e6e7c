import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SeriesName, Zoom } from '~/features/statistics/query';
import { type CategoryIndexCard, listCategoryIndices } from '~/server/services/statistics/list-category-indices';
import { readPriceChart } from '~/server/services/statistics/read-price-chart';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
const db = () => database.handle().db;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const TODAY = '2026-06-30';
const KES = 1;
const USD = 3;
let root: number;
let crops: number[];

/**
 * The card a chart gives: the series with the most observations in the period (summary.count), on a tie the first
 * of traded, reference, asked.
 */
async function cardFromChart(id: number, isRoot: boolean, zoom: Zoom, currencyId: number) {
  const order: SeriesName[] = ['traded', 'reference', 'asked'];
  const chart = await readPriceChart(db(), { categoryId: id, zoom, currency_id: currencyId, series: order }, 'fr', {
    today: TODAY,
  });
  let pick: (typeof chart.series)[number] | undefined;
  for (const name of order) {
    const candidate = chart.series.find((s) => s.series === name)!;
    if (candidate.summary.count > 0 && (!pick || candidate.summary.count > pick.summary.count)) pick = candidate;
  }
  if (pick) {
    return {
      category: chart.category,
      is_root: isRoot,
      series: pick.series,
      index: pick.summary.index,
      index_base_month: pick.summary.index_base_month,
      change_percent: pick.summary.change_percent,
      year_on_year_percent: pick.summary.year_on_year_percent,
      last_price_minor: pick.summary.last_price_minor,
      last_date: pick.summary.last_date,
      thin: pick.points.at(-1)!.thin,
      basis: chart.basis,
      currency: chart.currency,
      sparkline: pick.points.map((point) => point.price_minor),
      sources: pick.sources,
      demo: pick.demo,
    } satisfies CategoryIndexCard;
  }
  return undefined;
}

beforeAll(async () => {
  // A root with at least three crops.
  const [found] = await rows(sql`select p.id from categories p
    where p.kind = 'board' and p.parent_id is null
      and (select count(*) from categories c where c.parent_id = p.id and c.kind = 'board') >= 3
    order by p.id limit 1`);
  root = Number(found.id);
  crops = (
    await rows(sql`select id from categories where parent_id = ${root} and kind = 'board' order by id limit 3`)
  ).map((row) => Number(row.id));
  const massUnits = (await rows(sql`select id from per_units where kg_per_unit is not null order by id limit 3`)).map(
    (row) => Number(row.id),
  );
  const countUnits = (await rows(sql`select id from per_units where kg_per_unit is null order by id limit 2`)).map(
    (row) => Number(row.id),
  );
  expect(massUnits.length).toBeGreaterThan(1);
  expect(countUnits.length).toBeGreaterThan(1);

  let seed = 16_2026;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const values: ReturnType<typeof sql>[] = [];
  // The root itself and its first crop: mass and count units; the second crop: count units only (its card is per
  // unit, its rows are not on the root's kg basis); the third: mass units, asked prices only.
  const plan: [number, number[], SeriesName[]][] = [
    [root, [...massUnits, countUnits[0]], ['traded', 'asked', 'reference']],
    [crops[0], [...massUnits, ...countUnits], ['traded', 'asked', 'reference']],
    [crops[1], countUnits, ['reference', 'asked']],
    [crops[2], massUnits, ['asked']],
  ];
  for (const [category, units, series] of plan)
    for (let i = 0; i < 220; i++) {
      const name = pick(series);
      const unit = pick(units);
      const day = new Date(Date.UTC(2024, 5, 1 + Math.floor(random() * 760))).toISOString().slice(0, 10);
      const n = 1 + Math.floor(random() * 4);
      const price = (0.05 + random() * 3).toFixed(8);
      const volume = name === 'traded' && random() < 0.8 ? (random() * 900).toFixed(3) : '0.000';
      const source = name === 'reference' ? pick(['KAMIS', 'demo', 'Test board', 'b']) : '';
      values.push(sql`(${name}, ${category}::int, 1, ${Math.floor(random() * 3)}::int, ${unit}::int, ${source},
        ${day}::date, ${massUnits.includes(unit) ? 'kg' : 'unit'}, ${n}::int, ${volume}::numeric,
        (${price}::numeric * ${volume}::numeric)::numeric(24, 6), ${price}::numeric * ${n}::int,
        ${price}::numeric * 0.9, ${price}::numeric * 1.1, ${price}::numeric * ${(0.8 + random() * 0.2).toFixed(4)}::numeric,
        ${price}::numeric * ${(0.9 + random() * 0.2).toFixed(4)}::numeric, ${price}::numeric * 1.2)`);
    }
  await db().execute(sql`insert into price_daily (series, category_id, country_id, region_id, unit_id, source, day,
    basis, n, volume, value_usd, price_sum_usd, min_usd, max_usd, p25_usd, median_usd, p75_usd)
    values ${sql.join(values, sql`, `)} on conflict do nothing`);
});

describe('overview cards', () => {
  it('equal the charts of their root and crops, whatever the zoom and currency', async () => {
    for (const [zoom, currencyId] of [
      ['year', KES],
      ['3months', USD],
      ['month', KES],
    ] as [Zoom, number][]) {
      const cards = await listCategoryIndices(db(), { locale: 'fr', currencyId, zoom, today: TODAY });
      const ids = cards.map((card) => card.category.id);
      expect(ids.indexOf(root)).toBeGreaterThanOrEqual(0);
      for (const crop of crops) expect(ids.indexOf(crop)).toBeGreaterThan(ids.indexOf(root));
      for (const card of cards) {
        expect(card, `${zoom} ${card.category.id}`).toEqual(
          await cardFromChart(card.category.id, card.is_root, zoom, currencyId),
        );
      }
      const byId = new Map(cards.map((card) => [card.category.id, card]));
      // The root is on kg (some of its rows are), the count-only crop per unit; the asked-only crop shows asked.
      expect(byId.get(root)!.basis.kind).toBe('kg');
      expect(byId.get(crops[1])!.basis.kind).toBe('unit');
      expect(byId.get(crops[2])!.series).toBe('asked');
      // The root adds its third crop's asked-only rows: asked has the most observations there.
      expect(byId.get(root)!.series).toBe('asked');
      expect(byId.get(root)!.sparkline.length).toBeGreaterThan(0);
    }
  });
});
