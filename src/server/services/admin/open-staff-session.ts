import { eq } from 'drizzle-orm';
import { STAFF_IDLE_MINUTES, isStaffRole } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import { sessions, staffFactors } from '~/server/db/schema';

/** A back-office request is seen at most this often (one write per minute of use, not per request). */
const SEEN_EVERY_MS = 60_000;

export type StaffSessionState = 'not_staff' | 'no_factor' | 'needs_code' | 'open';

/**
 * Whether this session may use the back office now (docs/backoffice.md "Staff sign-in"): a staff member with a
 * confirmed authenticator whose session passed it and has used the back office within STAFF_IDLE_MINUTES. An open
 * session's idle clock restarts. `no_factor`: set the authenticator up first; `needs_code`: enter a code (never
 * passed, or idle too long).
 */
export async function openStaffSession(
  db: Executor,
  user: { id: number; role: string; sessionId: number },
  now = new Date(),
): Promise<StaffSessionState> {
  if (!isStaffRole(user.role)) return 'not_staff';
  const [row] = await db
    .select({
      confirmedAt: staffFactors.confirmedAt,
      verifiedAt: sessions.staffVerifiedAt,
      seenAt: sessions.staffSeenAt,
    })
    .from(sessions)
    .leftJoin(staffFactors, eq(staffFactors.userId, sessions.userId))
    .where(eq(sessions.id, user.sessionId));
  if (!row?.confirmedAt) return 'no_factor';
  if (!row.verifiedAt || !row.seenAt) return 'needs_code';
  const idleMs = now.getTime() - row.seenAt.getTime();
  if (idleMs > STAFF_IDLE_MINUTES * 60_000) return 'needs_code';
  if (idleMs >= SEEN_EVERY_MS)
    await db.update(sessions).set({ staffSeenAt: now }).where(eq(sessions.id, user.sessionId));
  return 'open';
}
