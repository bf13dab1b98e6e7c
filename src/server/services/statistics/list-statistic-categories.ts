import { asc, eq, sql } from 'drizzle-orm';
import { SERIES, type SeriesName } from '~/features/statistics/query';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { categories } from '~/server/db/schema';
import { todayUtc } from './read-price-chart';

/** A node of the board category tree with what the price statistics hold for it (the product pickers). */
export interface StatisticCategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
  /** Any price up to today: of the crop itself, or, for a root, of it or any of its crops. */
  has_data: boolean;
  /** The series with any price, in the order traded, asked, reference. */
  series: SeriesName[];
  /** The last day with a price (YYYY-MM-DD), or null. */
  last_date: string | null;
  children: StatisticCategoryNode[];
}

/** The board category tree by sort order, each node with its series and last day of data (one grouped query). */
export async function listStatisticCategories(
  db: Executor,
  locale: Locale,
  { today = todayUtc() }: { today?: string } = {},
): Promise<StatisticCategoryNode[]> {
  const rows = (
    (await db.execute(sql`
      select category_id, series, max(day)::text as last_date from price_daily where day <= ${today}
      group by category_id, series`)) as unknown as {
      rows: { category_id: number; series: SeriesName; last_date: string }[];
    }
  ).rows;
  const board = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: localizedColumn(categories, 'name', locale),
    })
    .from(categories)
    .where(eq(categories.kind, 'board'))
    .orderBy(asc(categories.sortOrder), asc(categories.id));

  const node = (id: number, name: string, parentId: number | null, covered: number[]): StatisticCategoryNode => {
    const mine = rows.filter((row) => covered.includes(Number(row.category_id)));
    const last = mine.reduce<string | null>(
      (max, row) => (max === null || row.last_date > max ? row.last_date : max),
      null,
    );
    return {
      id,
      name,
      parent_id: parentId,
      has_data: mine.length > 0,
      series: SERIES.filter((name) => mine.some((row) => row.series === name)),
      last_date: last,
      children: [],
    };
  };
  return board
    .filter((row) => row.parentId === null)
    .map((root) => {
      const children = board
        .filter((row) => row.parentId === root.id)
        .map((child) => node(child.id, child.name, root.id, [child.id]));
      return {
        ...node(root.id, root.name, null, [root.id, ...children.map((child) => child.id)]),
        children,
      };
    });
}
