import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { sessions, users } from '~/server/db/schema';
import { hashToken, randomToken } from './secrets';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Lifetimes (docs/auth.md): remember-me makes the session last longer, never the access token. */
export const SESSION_TTL = {
  access: HOUR,
  idle: { normal: DAY, remember: 30 * DAY },
  absolute: { normal: 7 * DAY, remember: 90 * DAY },
} as const;
/** Sliding idle expiry is written at most this often, so reads do not turn into a write per request. */
const TOUCH_EVERY = 5 * 60_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  sessionId: number;
  /** The web session cookie's token (only for sessions opened by the web site). */
  cookieToken?: string;
  /** When the web cookie stops working at the latest. */
  cookieExpiresAt: Date;
  remember: boolean;
}

/** A replayed refresh token within this window is a client that lost the answer, not a thief. */
const REPLAY_GRACE = 30_000;

function lifetimes(remember: boolean, now: Date) {
  return {
    idle: new Date(now.getTime() + (remember ? SESSION_TTL.idle.remember : SESSION_TTL.idle.normal)),
    absolute: new Date(now.getTime() + (remember ? SESSION_TTL.absolute.remember : SESSION_TTL.absolute.normal)),
  };
}

/**
 * A new session with fresh tokens: every login gets one. A web session (`web: true`) also gets a cookie token;
 * its access and refresh tokens are never handed to the page.
 */
export async function createSession(
  db: Executor,
  userId: number,
  options: { remember: boolean; userAgent?: string | null; web?: boolean },
): Promise<IssuedTokens> {
  const now = new Date();
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const cookieToken = options.web ? randomToken() : undefined;
  const { idle, absolute } = lifetimes(options.remember, now);
  const accessExpiresAt = new Date(Math.min(now.getTime() + SESSION_TTL.access, absolute.getTime()));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      accessHash: hashToken(accessToken),
      accessExpiresAt,
      refreshHash: hashToken(refreshToken),
      cookieHash: cookieToken ? hashToken(cookieToken) : null,
      remember: options.remember,
      idleExpiresAt: idle,
      absoluteExpiresAt: absolute,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return {
    accessToken,
    refreshToken,
    cookieToken,
    accessExpiresAt,
    sessionId: row.id,
    cookieExpiresAt: absolute,
    remember: options.remember,
  };
}

/** The earlier of two moments: an idle expiry never outlives the session's absolute one. */
const earlier = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

const alive = (now: Date) =>
  and(isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now));

async function touch(db: Executor, session: typeof sessions.$inferSelect, now: Date) {
  if (now.getTime() - session.lastUsedAt.getTime() < TOUCH_EVERY) return;
  const { idle } = lifetimes(session.remember, now);
  await db
    .update(sessions)
    .set({ lastUsedAt: now, idleExpiresAt: earlier(idle, session.absoluteExpiresAt) })
    .where(eq(sessions.id, session.id));
}

/**
 * The live session of a Bearer access token or of the web session cookie, with its member's row, or undefined:
 * one query (a primary-key join), which every signed-in request makes before anything else.
 */
export async function findLiveSession(db: Executor, credential: { bearer: string } | { cookie: string }) {
  const now = new Date();
  const match =
    'bearer' in credential
      ? and(eq(sessions.accessHash, hashToken(credential.bearer)), gt(sessions.accessExpiresAt, now))
      : eq(sessions.cookieHash, hashToken(credential.cookie));
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(match, alive(now)));
  if (found) await touch(db, found.session, now);
  return found;
}

export type RotateResult =
  { ok: true; tokens: IssuedTokens; userId: number } | { ok: false; reason: 'unknown' | 'reused' };

/**
 * Exchanges a refresh token for a new pair (single use). Presenting a refresh token that was already
 * exchanged ends its session: either the client or a thief replayed it, and the session can no longer be trusted.
 */
export async function rotateSession(db: Executor, refreshToken: string): Promise<RotateResult> {
  const now = new Date();
  const presented = hashToken(refreshToken);
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.refreshHash, presented), alive(now)));
  if (!session) {
    const [replayed] = await db
      .select({ id: sessions.id, refreshedAt: sessions.refreshedAt })
      .from(sessions)
      .where(eq(sessions.previousRefreshHash, presented));
    if (replayed) {
      // Within a few seconds of the rotation it is the same client retrying (or racing itself): refuse, keep the session.
      const isRetry = replayed.refreshedAt !== null && now.getTime() - replayed.refreshedAt.getTime() < REPLAY_GRACE;
      if (!isRetry) await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, replayed.id));
      return { ok: false, reason: 'reused' };
    }
    return { ok: false, reason: 'unknown' };
  }
  const accessToken = randomToken();
  const nextRefresh = randomToken();
  const { idle } = lifetimes(session.remember, now);
  const accessExpiresAt = new Date(Math.min(now.getTime() + SESSION_TTL.access, session.absoluteExpiresAt.getTime()));
  // The refresh hash in the WHERE makes two concurrent exchanges of one token succeed at most once.
  const updated = await db
    .update(sessions)
    .set({
      accessHash: hashToken(accessToken),
      accessExpiresAt,
      refreshHash: hashToken(nextRefresh),
      previousRefreshHash: presented,
      refreshedAt: now,
      idleExpiresAt: earlier(idle, session.absoluteExpiresAt),
      lastUsedAt: now,
    })
    .where(and(eq(sessions.id, session.id), eq(sessions.refreshHash, presented)))
    .returning({ id: sessions.id });
  if (updated.length === 0) return { ok: false, reason: 'reused' };
  return {
    ok: true,
    userId: session.userId,
    tokens: {
      accessToken,
      refreshToken: nextRefresh,
      accessExpiresAt,
      sessionId: session.id,
      cookieExpiresAt: session.absoluteExpiresAt,
      remember: session.remember,
    },
  };
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `keepSessionId` (after a password change). */
export async function revokeUserSessions(db: Executor, userId: number, keepSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : or(),
      ),
    );
}
