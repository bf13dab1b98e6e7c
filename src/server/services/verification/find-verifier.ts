import { and, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import { holds } from '~/features/admin/capabilities';
import type { StaffActor } from '~/server/services/admin/access';
import type { Executor } from '~/server/db';
import { companies, companyMembers } from '~/server/db/schema';
import { AppError } from '~/server/errors';

export interface Actor {
  id: number;
  role: Role;
  /** Kept in the audit trail when platform staff act (docs/backoffice.md "Verification"). */
  email?: string | null;
  ip?: string | null;
  /**
   * Set only by `verificationActor` (src/server/services/admin/verification-actor.ts), which the back office calls
   * once its second factor is passed: platform staff act as the platform's verifier there and nowhere else.
   */
  backOffice?: true;
}

/**
 * Who may verify: platform staff holding the `verification` capability (administrators and moderators,
 * docs/backoffice.md "Roles") in the back office, or a member of a company marked `is_verifier` (docs/companies.md).
 */
export interface Verifier {
  userId: number;
  /**
   * Platform staff with `verification` in the back office: the platform's verifier (see every request, revoke every
   * record); their records name no company.
   */
  admin: boolean;
  /** The verifier company a member acts for (null for the platform). */
  companyId: number | null;
}

/**
 * The actor's verifier standing, or null when they may not verify at all. Staff power counts only in the back office
 * (behind its second factor); on the member API a staff member is a verifier only as a verifier company's member,
 * with that company's rights, like anyone else.
 */
export async function findVerifier(db: Executor, actor: Actor): Promise<Verifier | null> {
  if (actor.backOffice && holds(actor, 'verification')) return { userId: actor.id, admin: true, companyId: null };
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, actor.id), eq(companies.isVerifier, true)))
    .orderBy(companyMembers.companyId)
    .limit(1);
  if (!member) return null;
  return { userId: actor.id, admin: false, companyId: member.companyId };
}

/**
 * The verifier standing, or 403: staff who tried the member API are told to use the back office, anyone else that
 * only verifiers verify.
 */
export async function requireVerifier(db: Executor, actor: Actor): Promise<Verifier> {
  const verifier = await findVerifier(db, actor);
  if (verifier) return verifier;
  throw new AppError(
    'forbidden',
    !actor.backOffice && holds(actor, 'verification') ? 'verification.use_back_office' : 'verification.not_verifier',
  );
}

/** The audit trail's view of an actor (docs/backoffice.md "Audit trail"). */
export const auditActor = (actor: Actor): StaffActor => ({
  id: actor.id,
  role: actor.role,
  email: actor.email ?? null,
  ip: actor.ip ?? null,
});
