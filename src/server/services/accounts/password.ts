import { eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from './secrets';
import { revokeUserSessions } from './sessions';
import { findUserById } from './users';

/** Changes the password when the current one is right; every other session of the account ends. */
export async function changePassword(db: Executor, userId: number, sessionId: number, currentPassword: string, nextPassword: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: { current_password: [{ key: 'accounts.current_password_wrong' }] } });
  }
  await db.update(users).set({ passwordHash: await hashPassword(nextPassword), updatedAt: new Date() }).where(eq(users.id, userId));
  await revokeUserSessions(db, userId, sessionId);
}
