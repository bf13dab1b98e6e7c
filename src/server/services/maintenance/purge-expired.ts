import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { PIN_TTL_MINUTES } from '~/features/accounts/constants';
import { ENDED_STATE } from '~/server/channels/ussd/session-state';
import type { Executor } from '~/server/db';
import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import {
  emailTokens,
  jobRuns,
  lotPhotoUploads,
  mailOutbox,
  phoneVerifications,
  rateLimits,
  sessions,
  smsInbound,
  smsOutbox,
  ussdSessions,
} from '~/server/db/schema';
import { getStorage } from '~/server/storage';

const DAY = 24 * 3600_000;

/**
 * Deletes what can no longer be used: sessions ended more than 30 days ago (kept a while so a replayed token
 * is still recognised), used or expired e-mail tokens and PINs after a day, expired rate-limit counters, lot
 * photos uploaded more than a day ago that no lot claimed (files too), and e-mails, SMS and job runs of more than 30
 * days ago — of the outboxes, only those sent: a dead letter stays until someone retries it (docs/operations.md) —
 * and USSD sessions and inbound SMS of more than 90 days ago (the back office counts the last 30 days' traffic); an
 * abandoned USSD session's state is emptied once its SMS code could no longer be used.
 */
export async function purgeExpired(db: Executor, now = new Date()): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  const dayAgo = new Date(now.getTime() - DAY);
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.absoluteExpiresAt, monthAgo),
        lt(sessions.idleExpiresAt, monthAgo),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, monthAgo)),
      ),
    );
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, dayAgo));
  await db.delete(phoneVerifications).where(lt(phoneVerifications.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.expire, now));
  await db.delete(mailOutbox).where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.createdAt, monthAgo)));
  await db.delete(smsOutbox).where(and(eq(smsOutbox.status, 'sent'), lt(smsOutbox.createdAt, monthAgo)));
  await db.delete(jobRuns).where(lt(jobRuns.startedAt, monthAgo));
  // A session left without an END or a notice keeps nothing past the SMS code's life (its PIN hash, its proof).
  await db
    .update(ussdSessions)
    .set({ state: ENDED_STATE })
    .where(
      and(
        lt(ussdSessions.updatedAt, new Date(now.getTime() - (PIN_TTL_MINUTES + 5) * 60_000)),
        sql`${ussdSessions.state}->'stack' <> '[]'::jsonb`,
      ),
    );
  const quarterAgo = new Date(now.getTime() - 90 * DAY);
  await db.delete(ussdSessions).where(lt(ussdSessions.createdAt, quarterAgo));
  await db.delete(smsInbound).where(lt(smsInbound.createdAt, quarterAgo));
  const orphans = await db
    .delete(lotPhotoUploads)
    .where(lt(lotPhotoUploads.createdAt, dayAgo))
    .returning({ key: lotPhotoUploads.storageKey });
  for (const { key } of orphans)
    for (const width of LOT_PHOTO_WIDTHS) await getStorage().delete(`${key}-${width}.webp`);
}
