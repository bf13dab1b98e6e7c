import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { KINDS } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { ussdLockedUntil } from '~/server/services/accounts/check-ussd-pin';
import { hasUssdPinToReset } from '~/server/services/accounts/reset-ussd-pin';
import { chatReports, lots, moderationReports, offers, sessions, users, ussdPinLockouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { listDocuments } from '~/server/services/accounts/documents';
import { getPendingTierRequest } from '~/server/services/accounts/tiers';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { readPockets } from '~/server/services/wallet/read-pockets';
import { type StaffActor, requireCapability } from './access';

/** Staff read another member's document through this route, never the member's own (docs/backoffice.md "Members"). */
export const memberDocumentUrl = (id: number) => `/api-v2/admin/members/document?id=${id}`;

/**
 * A member's page (docs/backoffice.md "Members"): profile, tier, role, blocked, verification (e-mail, phone, badges),
 * lots (count and latest), deals (latest offers as buyer or seller), wallet pockets, reports about them, live
 * sessions, the pending tier request, their documents, and their USSD PIN (set or not, locked until, lock-outs ever:
 * docs/backoffice.md "Feature phones"). Capability `members`.
 */
export async function readMember(db: Executor, actor: StaffActor, userId: number, locale: Locale) {
  requireCapability(actor, 'members');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'errors.not_found');
  const now = new Date();
  const [
    badges,
    [{ lotCount }],
    latestLots,
    deals,
    pockets,
    lotReports,
    chatReportRows,
    live,
    pending,
    documents,
    [{ lockouts }],
  ] = await Promise.all([
    listVerificationBadges(db, { userIds: [userId] }),
    db.select({ lotCount: count() }).from(lots).where(eq(lots.userId, userId)),
    db
      .select({
        id: lots.id,
        kind: lots.kind,
        title: lots.title,
        status: lots.status,
        hidden: lots.hiddenAt,
        created_at: lots.createdAt,
      })
      .from(lots)
      .where(eq(lots.userId, userId))
      .orderBy(desc(lots.createdAt), desc(lots.id))
      .limit(5),
    db
      .select({
        id: offers.id,
        lot_id: offers.lotId,
        lot_title: lots.title,
        buyer_id: offers.buyerId,
        seller_id: offers.sellerId,
        status: offers.status,
        updated_at: offers.updatedAt,
      })
      .from(offers)
      .innerJoin(lots, eq(lots.id, offers.lotId))
      .where(or(eq(offers.buyerId, userId), eq(offers.sellerId, userId)))
      .orderBy(desc(offers.updatedAt), desc(offers.id))
      .limit(10),
    readPockets(db, userId),
    db
      .select({
        id: moderationReports.id,
        target: moderationReports.targetType,
        lot_id: moderationReports.lotId,
        reason: moderationReports.reason,
        comment: moderationReports.comment,
        status: moderationReports.status,
        outcome: moderationReports.outcome,
        created_at: moderationReports.createdAt,
      })
      .from(moderationReports)
      .where(eq(moderationReports.reportedUserId, userId))
      .orderBy(desc(moderationReports.createdAt))
      .limit(20),
    db
      .select({
        id: chatReports.id,
        reason: chatReports.reason,
        snapshot: chatReports.snapshot,
        status: chatReports.status,
        outcome: chatReports.outcome,
        created_at: chatReports.createdAt,
      })
      .from(chatReports)
      .where(eq(chatReports.reportedUserId, userId))
      .orderBy(desc(chatReports.createdAt))
      .limit(20),
    db
      .select({
        id: sessions.id,
        created_at: sessions.createdAt,
        last_used_at: sessions.lastUsedAt,
        user_agent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt)),
    getPendingTierRequest(db, userId),
    listDocuments(db, userId, locale),
    db.select({ lockouts: count() }).from(ussdPinLockouts).where(eq(ussdPinLockouts.userId, userId)),
  ]);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    referral_code: user.referralCode,
    trader_status: user.traderStatus,
    locale: user.locale,
    tier: user.tier,
    role: user.role,
    blocked: user.blockedAt !== null,
    blocked_at: user.blockedAt,
    blocked_reason: user.blockedReason,
    created_at: user.createdAt,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
    badges: (badges.users.get(userId) ?? []).map((b) => ({ type: b.type, by: b.by })),
    lots: {
      count: lotCount,
      latest: latestLots.map(({ hidden, ...lot }) => ({
        ...lot,
        hidden: hidden !== null,
        url: `${KINDS[lot.kind].sitePath}/${lot.id}`,
      })),
    },
    deals: deals.map(({ buyer_id, seller_id: _seller, ...deal }) => ({
      ...deal,
      as: buyer_id === userId ? ('buyer' as const) : ('seller' as const),
    })),
    wallet: pockets.map((p) => ({
      currency: p.currency,
      decimals: p.decimals,
      available: p.available,
      frozen: p.frozen,
    })),
    reports: {
      lots_and_profile: lotReports,
      chat: chatReportRows,
    },
    sessions: live,
    tier_request: pending
      ? { id: pending.id, tier: pending.tier, message: pending.message, created_at: pending.createdAt }
      : null,
    ussd_pin: {
      set: user.ussdPinHash !== null,
      failures: user.ussdPinFailures,
      locked_until: ussdLockedUntil(user, now) ?? null,
      /** Something a reset would clear (resetMemberUssdPin refuses otherwise). */
      resettable: hasUssdPinToReset(user, now),
      lockouts,
    },
    documents: documents.map((d) => ({
      id: d.id,
      type: d.type,
      name: d.name,
      content_type: d.content_type,
      size: d.size,
      created_at: d.created_at,
      url: memberDocumentUrl(d.id),
    })),
  };
}
export type MemberView = Awaited<ReturnType<typeof readMember>>;
