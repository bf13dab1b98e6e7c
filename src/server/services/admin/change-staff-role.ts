import type { Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { AppError } from '~/server/errors';
import { setRole } from '~/server/services/accounts/set-role';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';

/**
 * Gives a member a staff role or takes it away (docs/backoffice.md "Members"): administrators only (capability
 * `roles`) with step-up; nobody changes their own role (409). The change and its audit row (`member.role`) commit
 * together (setRole). A blocked member cannot be made staff (409: unblock first).
 */
export async function changeStaffRole(
  db: Executor,
  actor: StaffActor,
  userId: number,
  input: { role: Role; stepUp?: string | null },
) {
  requireCapability(actor, 'roles');
  if (userId === actor.id) throw new AppError('conflict', 'admin.own_role');
  await confirmStepUp(db, actor, input.stepUp);
  return setRole(db, { userId }, input.role, { actor });
}
