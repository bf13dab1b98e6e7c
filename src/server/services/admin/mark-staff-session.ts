import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { sessions } from '~/server/db/schema';

/** The session passed the second factor now: the back office is open to it for STAFF_IDLE_MINUTES of idleness. */
export async function markStaffSession(db: Executor, sessionId: number, at = new Date()): Promise<void> {
  await db.update(sessions).set({ staffVerifiedAt: at, staffSeenAt: at }).where(eq(sessions.id, sessionId));
}
