import { eq } from 'drizzle-orm';
import { ROLES, type Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * Gives the member with this e-mail a role (`user`, `editor` or `admin`) — the administrators' decision, taken
 * with `npm run admin -- set-role` until the back office exists. The scope follows at the member's next request
 * (it is derived from the role, never stored). Answers the role the member had before.
 */
export async function setRole(db: Executor, email: string, role: Role): Promise<{ id: number; previous: Role }> {
  if (!ROLES.includes(role)) throw new AppError('validation_failed', 'errors.validation_failed');
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AppError('not_found', 'errors.not_found');
  if (user.role !== role) await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { id: user.id, previous: user.role };
}
