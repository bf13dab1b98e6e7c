import { and, eq } from 'drizzle-orm';
import { TIERS, type Tier } from '~/features/accounts/constants';
import { TIER_LABEL } from '~/features/accounts/labels';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Database, Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { tierRequests, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { sendMail } from '~/server/mail';
import { tierDecisionMail, tierRequestReceivedMail } from '~/server/mail/templates';
import { findUserById, userLocale } from './users';

const rank = (tier: Tier) => TIERS.indexOf(tier);

/** A user asks for silver; the request waits for an administrator. One pending request at a time. */
export async function requestSilver(db: Executor, userId: number, message?: string): Promise<{ id: number }> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'errors.not_found');
  if (rank(user.tier) >= rank('silver')) throw new AppError('conflict', 'tiers.already_silver');
  let row: { id: number };
  try {
    [row] = await db
      .insert(tierRequests)
      .values({ userId, tier: 'silver', message: message ?? null })
      .returning({ id: tierRequests.id });
  } catch (error) {
    if (isUniqueViolation(error, 'tier_requests_one_pending_uq'))
      throw new AppError('conflict', 'tiers.request_pending');
    throw error;
  }
  if (user.email) await sendMail(tierRequestReceivedMail(userLocale(user), user.email, user.firstName));
  return row;
}

export async function getPendingTierRequest(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(tierRequests)
    .where(and(eq(tierRequests.userId, userId), eq(tierRequests.status, 'pending')));
  return row;
}

/**
 * Sets a user's tier (the administrator's decision). A pending request is approved when the new tier reaches
 * what was asked, declined otherwise; the user is told by e-mail.
 */
export async function setTier(db: Database, email: string, tier: Tier, decidedBy?: number): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new AppError('not_found', 'errors.not_found');
  const pending = await getPendingTierRequest(db, user.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ tier, updatedAt: new Date() }).where(eq(users.id, user.id));
    if (pending) {
      await tx
        .update(tierRequests)
        .set({
          status: rank(tier) >= rank(pending.tier) ? 'approved' : 'declined',
          decidedAt: new Date(),
          decidedBy: decidedBy ?? null,
        })
        .where(eq(tierRequests.id, pending.id));
    }
  });
  const locale = userLocale(user);
  const label = createTranslator(locale)(TIER_LABEL[tier]);
  if (user.email && (pending || rank(tier) > rank(user.tier))) {
    const approved = pending ? rank(tier) >= rank(pending.tier) : true;
    await sendMail(
      tierDecisionMail(
        locale,
        user.email,
        user.firstName,
        approved,
        label,
        `${getEnv().publicUrl}${localizePath('/user/pro', locale)}`,
      ),
    );
  }
}

/** Declines a user's pending request without changing the tier. */
export async function declineTierRequest(db: Executor, email: string, decidedBy?: number): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const pending = user ? await getPendingTierRequest(db, user.id) : undefined;
  if (!user || !pending) throw new AppError('not_found', 'errors.not_found');
  await db
    .update(tierRequests)
    .set({ status: 'declined', decidedAt: new Date(), decidedBy: decidedBy ?? null })
    .where(eq(tierRequests.id, pending.id));
  const locale = userLocale(user);
  if (user.email)
    await sendMail(
      tierDecisionMail(
        locale,
        user.email,
        user.firstName,
        false,
        createTranslator(locale)(TIER_LABEL[pending.tier]),
        `${getEnv().publicUrl}${localizePath('/user/pro', locale)}`,
      ),
    );
}
