import { and, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { companies, companyMembers } from '~/server/db/schema';

export interface Actor {
  id: number;
  role: Role;
}

/** Who may verify: a platform administrator, or a member of a company marked `is_verifier` (docs/companies.md). */
export interface Verifier {
  userId: number;
  admin: boolean;
  /** The verifier company the user belongs to, or null. */
  companyId: number | null;
}

/** The actor's verifier standing, or null when they may not verify at all. */
export async function findVerifier(db: Executor, actor: Actor): Promise<Verifier | null> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, actor.id), eq(companies.isVerifier, true)));
  const admin = actor.role === 'admin';
  if (!admin && !member) return null;
  return { userId: actor.id, admin, companyId: member?.companyId ?? null };
}
