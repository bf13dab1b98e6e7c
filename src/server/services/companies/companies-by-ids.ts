import { inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies } from '~/server/db/schema';

export interface CompanyName {
  id: number;
  title: string;
  typeId: number;
}

/** Companies by id, in one query: the names lot cards and pages show (lots.company_id). */
export async function companiesByIds(db: Executor, ids: number[]): Promise<Map<number, CompanyName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, title: companies.title, typeId: companies.typeId })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
