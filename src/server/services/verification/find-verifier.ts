import { and, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import { holds } from '~/features/admin/capabilities';
import type { StaffActor } from '~/server/services/admin/access';
import type { Executor } from '~/server/db';
import { companies, companyMembers } from '~/server/db/schema';

export interface Actor {
  id: number;
  role: Role;
  /** Kept in the audit trail when platform staff act (docs/backoffice.md "Verification"). */
  email?: string | null;
  ip?: string | null;
}

/**
 * Who may verify: platform staff holding the `verification` capability (administrators and moderators,
 * docs/backoffice.md "Roles"), or a member of a company marked `is_verifier` (docs/companies.md).
 */
export interface Verifier {
  userId: number;
  /** Platform staff with `verification`: act as the platform's verifier (see every request, revoke every record). */
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
  const admin = holds(actor, 'verification');
  if (!admin && !member) return null;
  return { userId: actor.id, admin, companyId: member?.companyId ?? null };
}

/** The audit trail's view of an actor (docs/backoffice.md "Audit trail"). */
export const auditActor = (actor: Actor): StaffActor => ({
  id: actor.id,
  role: actor.role,
  email: actor.email ?? null,
  ip: actor.ip ?? null,
});
