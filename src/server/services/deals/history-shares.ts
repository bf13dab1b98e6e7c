import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  HISTORY_SHARE_DEFAULT_DAYS,
  HISTORY_SHARE_MAX_ACTIVE,
  HISTORY_SHARE_PATH,
  isHistoryShareToken,
} from '~/features/deals/history-share';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { offerHistoryShares, offers } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { userNameSql, type SessionUser } from '~/server/services/accounts/users';
import { assertParty } from './list-offers';

/**
 * Share links of a deal's sealed record (docs/deals.md "Verifiable deal history"). A link carries 256 random
 * bits; only their SHA-256 is stored, so the database cannot give a link back, and a link works until it
 * expires or either party revokes it.
 */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const activeShare = (now: Date) => and(isNull(offerHistoryShares.revokedAt), gt(offerHistoryShares.expiresAt, now));

export interface HistoryShareView {
  id: number;
  created_at: string;
  expires_at: string;
  created_by_name: string;
  created_by_you: boolean;
}

/** `POST /offer/create-history-share`: a party makes a link; the answer is the only place the link ever appears. */
export async function createHistoryShare(
  db: Executor,
  user: SessionUser,
  input: { id: number; expires_in_days?: number },
  locale: Locale,
): Promise<{ id: number; url: string; expires_at: string }> {
  await assertParty(db, user.id, input.id);
  const now = new Date();
  const [{ active }] = await db
    .select({ active: count() })
    .from(offerHistoryShares)
    .where(and(eq(offerHistoryShares.offerId, input.id), activeShare(now)));
  if (active >= HISTORY_SHARE_MAX_ACTIVE)
    throw new AppError('conflict', 'offers.share_limit', { vars: { max: HISTORY_SHARE_MAX_ACTIVE } });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (input.expires_in_days ?? HISTORY_SHARE_DEFAULT_DAYS) * 86_400_000);
  const [row] = await db
    .insert(offerHistoryShares)
    .values({ offerId: input.id, createdBy: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt })
    .returning({ id: offerHistoryShares.id });
  return {
    id: row.id,
    url: `${getEnv().publicUrl}${localizePath(`${HISTORY_SHARE_PATH}/${token}`, locale)}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** `GET /offer/history-shares?id=`: the deal's links that still work (parties only; never the links themselves). */
export async function listHistoryShares(db: Executor, user: SessionUser, offerId: number): Promise<HistoryShareView[]> {
  await assertParty(db, user.id, offerId);
  const rows = await db
    .select({
      id: offerHistoryShares.id,
      createdAt: offerHistoryShares.createdAt,
      expiresAt: offerHistoryShares.expiresAt,
      createdBy: offerHistoryShares.createdBy,
      createdByName: userNameSql(offerHistoryShares.createdBy, 'full'),
    })
    .from(offerHistoryShares)
    .where(and(eq(offerHistoryShares.offerId, offerId), activeShare(new Date())))
    .orderBy(desc(offerHistoryShares.createdAt), desc(offerHistoryShares.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    created_by_name: row.createdByName,
    created_by_you: row.createdBy === user.id,
  }));
}

/**
 * `POST /offer/revoke-history-share`: either party ends a link of their deal at once. A link that is not one of
 * the user's deals' answers 404 whether it exists or not; revoking a revoked link changes nothing.
 */
export async function revokeHistoryShare(db: Executor, user: SessionUser, shareId: number): Promise<void> {
  const [share] = await db
    .select({
      id: offerHistoryShares.id,
      revokedAt: offerHistoryShares.revokedAt,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
    })
    .from(offerHistoryShares)
    .innerJoin(offers, eq(offers.id, offerHistoryShares.offerId))
    .where(eq(offerHistoryShares.id, shareId));
  if (!share || (share.buyerId !== user.id && share.sellerId !== user.id))
    throw new AppError('not_found', 'offers.share_not_found');
  if (share.revokedAt) return;
  await db
    .update(offerHistoryShares)
    .set({ revokedAt: new Date(), revokedBy: user.id })
    .where(eq(offerHistoryShares.id, shareId));
}

/**
 * The deal a share link opens, or undefined for anything else — malformed, unknown, revoked or expired alike,
 * so no answer tells those apart.
 */
export async function resolveHistoryShare(
  db: Executor,
  token: string,
): Promise<{ offerId: number; expiresAt: Date } | undefined> {
  if (!isHistoryShareToken(token)) return undefined;
  const [share] = await db
    .select({ offerId: offerHistoryShares.offerId, expiresAt: offerHistoryShares.expiresAt })
    .from(offerHistoryShares)
    .where(and(eq(offerHistoryShares.tokenHash, hashToken(token)), activeShare(new Date())));
  return share;
}
