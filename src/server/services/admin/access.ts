import { type StaffCapability, holds, isStaffRole } from '~/features/admin/capabilities';
import { AppError } from '~/server/errors';

/** Who acts in the back office, as services need them: their id, role, and where the request came from. */
export interface StaffActor {
  id: number;
  role: string;
  email: string | null;
  /** The client address, kept in the audit trail. */
  ip?: string | null;
}

/**
 * Every back-office service starts with this (docs/backoffice.md "Roles"): a member without the capability's role
 * is refused with 403 `forbidden`, whatever page or API call led here.
 */
export function requireCapability<A extends { role: string }>(
  actor: A | null | undefined,
  capability: StaffCapability,
): A {
  if (!actor) throw new AppError('unauthorized', 'errors.unauthorized');
  if (!holds(actor, capability)) throw new AppError('forbidden', 'admin.forbidden');
  return actor;
}

export function requireStaff<A extends { role: string }>(actor: A | null | undefined): A {
  if (!actor) throw new AppError('unauthorized', 'errors.unauthorized');
  if (!isStaffRole(actor.role)) throw new AppError('forbidden', 'admin.forbidden');
  return actor;
}

/** The StaffActor of a signed-in user acting from `ip`, with their session (for the second factor's services). */
export function staffActorOf(
  user: { id: number; role: string; email: string | null; sessionId: number },
  ip: string | null,
): StaffActor & { sessionId: number } {
  return { id: user.id, role: user.role, email: user.email, ip, sessionId: user.sessionId };
}
