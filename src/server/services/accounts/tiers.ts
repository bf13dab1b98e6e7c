import { and, eq } from 'drizzle-orm';
import { TIERS, type Tier } from '~/features/accounts/constants';
import { TIER_LABEL } from '~/features/accounts/labels';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { tierRequests, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { tierDecisionMail, tierRequestReceivedMail } from '~/server/mail/templates';
import type { StaffActor } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type UserRow, findUserById, userLocale } from './users';

const rank = (tier: Tier) => TIERS.indexOf(tier);

/** A user asks for silver; the request waits for an administrator. One pending request at a time. */
export async function requestSilver(db: Executor, userId: number, message?: string): Promise<{ id: number }> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'errors.not_found');
  if (rank(user.tier) >= rank('silver')) throw new AppError('conflict', 'tiers.already_silver');
  // The request and its acknowledgement are written together.
  return db.transaction(async (tx) => {
    let row: { id: number };
    try {
      [row] = await tx
        .insert(tierRequests)
        .values({ userId, tier: 'silver', message: message ?? null })
        .returning({ id: tierRequests.id });
    } catch (error) {
      if (isUniqueViolation(error, 'tier_requests_one_pending_uq'))
        throw new AppError('conflict', 'tiers.request_pending');
      throw error;
    }
    if (user.email) await queueMail(tx, tierRequestReceivedMail(userLocale(user), user.email, user.firstName));
    return row;
  });
}

export async function getPendingTierRequest(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(tierRequests)
    .where(and(eq(tierRequests.userId, userId), eq(tierRequests.status, 'pending')));
  return row;
}

/** Who decided a tier (docs/backoffice.md "Members"): a staff member (recorded in the audit trail) and why. */
export interface TierDecision {
  /** The staff member deciding; none from the command line (`npm run admin`), which records no audit row. */
  actor?: StaffActor | null;
  /** Told to the member in the e-mail, and kept in the audit trail. */
  reason?: string | null;
}

/** The member a decision is about: by e-mail (the command line) or by id (the back office). */
export type TierTarget = string | { userId: number };

async function findTarget(db: Executor, target: TierTarget) {
  const [user] = await db
    .select()
    .from(users)
    .where(typeof target === 'string' ? eq(users.email, target.trim().toLowerCase()) : eq(users.id, target.userId))
    .for('update');
  return user;
}

async function mailDecision(db: Executor, user: UserRow, approved: boolean, tier: Tier, reason?: string | null) {
  if (!user.email) return;
  const locale = userLocale(user);
  await queueMail(
    db,
    tierDecisionMail(
      locale,
      user.email,
      user.firstName,
      approved,
      createTranslator(locale)(TIER_LABEL[tier]),
      `${getEnv().publicUrl}${localizePath('/user/pro', locale)}`,
      reason?.trim() || null,
    ),
  );
}

/**
 * Sets a member's tier (a staff decision). A pending request is approved when the new tier reaches what was asked,
 * declined otherwise; the member is told by e-mail in their language (with the reason, if any). With an actor the
 * change and its audit row (`member.tier`, before and after) commit together. The step-up is the caller's
 * (changeMemberTier, decideSilverRequest). Answers the tier before.
 */
export async function setTier(
  db: Executor,
  target: TierTarget,
  tier: Tier,
  decision: TierDecision = {},
): Promise<{ userId: number; previous: Tier }> {
  if (!TIERS.includes(tier)) throw new AppError('validation_failed', 'errors.validation_failed');
  const user = await db.transaction(async (tx) => {
    const user = await findTarget(tx, target);
    if (!user) throw new AppError('not_found', 'errors.not_found');
    const pending = await getPendingTierRequest(tx, user.id);
    await tx.update(users).set({ tier, updatedAt: new Date() }).where(eq(users.id, user.id));
    const status = pending ? (rank(tier) >= rank(pending.tier) ? 'approved' : 'declined') : null;
    if (pending && status) {
      await tx
        .update(tierRequests)
        .set({ status, decidedAt: new Date(), decidedBy: decision.actor?.id ?? null })
        .where(eq(tierRequests.id, pending.id));
    }
    if (decision.actor)
      await recordAudit(tx, decision.actor, {
        action: 'member.tier',
        objectType: 'user',
        objectId: user.id,
        before: { tier: user.tier, ...(pending ? { request: { id: pending.id, status: 'pending' } } : {}) },
        after: { tier, ...(pending ? { request: { id: pending.id, status } } : {}) },
        note: decision.reason ?? null,
      });
    if (pending || rank(tier) > rank(user.tier)) {
      const approved = pending ? rank(tier) >= rank(pending.tier) : true;
      await mailDecision(tx, user, approved, approved ? tier : pending!.tier, decision.reason);
    }
    return user;
  });
  return { userId: user.id, previous: user.tier };
}

/**
 * Declines a member's pending request without changing the tier; the member is e-mailed in their language with the
 * reason. With an actor, recorded in the audit trail (`member.tier_request_declined`) in the same transaction.
 */
export async function declineTierRequest(db: Executor, target: TierTarget, decision: TierDecision = {}): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findTarget(tx, target);
    const pending = user ? await getPendingTierRequest(tx, user.id) : undefined;
    if (!user || !pending) throw new AppError('not_found', 'errors.not_found');
    await tx
      .update(tierRequests)
      .set({ status: 'declined', decidedAt: new Date(), decidedBy: decision.actor?.id ?? null })
      .where(eq(tierRequests.id, pending.id));
    if (decision.actor)
      await recordAudit(tx, decision.actor, {
        action: 'member.tier_request_declined',
        objectType: 'user',
        objectId: user.id,
        before: { tier: user.tier, request: { id: pending.id, tier: pending.tier, status: 'pending' } },
        after: { tier: user.tier, request: { id: pending.id, tier: pending.tier, status: 'declined' } },
        note: decision.reason ?? null,
      });
    await mailDecision(tx, user, false, pending.tier, decision.reason);
  });
}
