import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, companyMembers } from '~/server/db/schema';

export interface MemberCompany {
  id: number;
  title: string;
  typeId: number;
}

/** The company a member belongs to (a member belongs to at most one), or null. */
export async function findMemberCompany(db: Executor, userId: number): Promise<MemberCompany | null> {
  const [row] = await db
    .select({ id: companies.id, title: companies.title, typeId: companies.typeId })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}

/** The id of the company a member belongs to, or null. */
export async function findMemberCompanyId(db: Executor, userId: number): Promise<number | null> {
  return (await findMemberCompany(db, userId))?.id ?? null;
}

/** Companies by id, in one query: the names lot cards and pages show (lots.company_id). */
export async function companiesByIds(db: Executor, ids: number[]): Promise<Map<number, MemberCompany>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, title: companies.title, typeId: companies.typeId })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
