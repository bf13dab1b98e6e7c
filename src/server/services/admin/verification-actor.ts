import type { Role } from '~/features/accounts/constants';
import type { Actor } from '~/server/services/verification/find-verifier';
import type { StaffActor } from './access';

/**
 * A staff actor as the verification services take it (the role, email and address kept for the audit trail),
 * marked as acting from the back office: the only place staff verify as the platform (`findVerifier`). Call it only
 * behind the back office's gate (the second factor: `staff:` endpoints, `adminPage`).
 */
export const verificationActor = (actor: StaffActor): Actor => ({
  id: actor.id,
  role: actor.role as Role,
  email: actor.email,
  ip: actor.ip ?? null,
  backOffice: true,
});
