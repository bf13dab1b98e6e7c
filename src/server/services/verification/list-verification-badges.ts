import { and, inArray, isNull, or } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { VerificationType } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { companies, verifications } from '~/server/db/schema';

export interface Badge {
  type: VerificationType;
  /** The verifying company's title, or null: the platform. */
  by: string | null;
  id: number;
}

export interface BadgeMaps {
  users: Map<number, Badge[]>;
  companies: Map<number, Badge[]>;
}

/** Active verifications for a page of users and companies, in ONE query (cards, lists, profiles). */
export async function listVerificationBadges(
  db: Executor,
  ids: { userIds?: number[]; companyIds?: number[] },
): Promise<BadgeMaps> {
  const userIds = [...new Set(ids.userIds ?? [])];
  const companyIds = [...new Set(ids.companyIds ?? [])];
  const result: BadgeMaps = { users: new Map(), companies: new Map() };
  if (userIds.length === 0 && companyIds.length === 0) return result;
  const rows = await db
    .select({
      id: verifications.id,
      userId: verifications.userId,
      companyId: verifications.companyId,
      type: verifications.type,
      by: companies.title,
    })
    .from(verifications)
    .leftJoin(companies, eq(companies.id, verifications.fromCompanyId))
    .where(
      and(
        isNull(verifications.revokedAt),
        or(
          userIds.length ? inArray(verifications.userId, userIds) : undefined,
          companyIds.length ? inArray(verifications.companyId, companyIds) : undefined,
        ),
      ),
    )
    .orderBy(verifications.id);
  for (const row of rows) {
    const [map, key] = row.userId !== null ? [result.users, row.userId] : [result.companies, row.companyId!];
    const list = map.get(key) ?? [];
    if (!list.some((b) => b.type === row.type)) list.push({ type: row.type, by: row.by, id: row.id });
    map.set(key, list);
  }
  return result;
}
