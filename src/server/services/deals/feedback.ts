import { avg, count, desc, eq, inArray } from 'drizzle-orm';
import { userNameSql } from '~/server/services/accounts/users';
import { OFFER_STATUS } from '~/features/deals/constants';
import type { FeedbackInput } from '~/features/deals/schemas';
import type { Executor } from '~/server/db';
import { offers, userFeedback } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { appendEvent } from './events';
import { dealStateOf } from './offer-view';
import { roleOf } from '~/features/deals/state-machine';

/**
 * `POST /user/set-feedback`: a party's rating (1–5) and comment about the other party, once per deal, only when
 * it is done. It joins the deal's history too (the last events of a chain).
 */
export async function leaveFeedback(db: Executor, user: SessionUser, input: FeedbackInput) {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.id, input.offer_id)).for('update');
    if (!offer) throw new AppError('not_found', 'offers.not_found');
    const role = roleOf(dealStateOf(offer), user.id);
    if (!role) throw new AppError('forbidden', 'offers.not_party');
    if (offer.status !== OFFER_STATUS.done) throw new AppError('conflict', 'offers.feedback_not_done');
    const toUserId = role === 'buyer' ? offer.sellerId : offer.buyerId;
    const [row] = await tx
      .insert(userFeedback)
      .values({
        offerId: offer.id,
        fromUserId: user.id,
        toUserId,
        rating: input.rating,
        comment: input.comment ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'offers.feedback_given');
    await appendEvent(tx, offer, {
      actorId: user.id,
      action: 'feedback',
      comment: row.comment,
      data: { rating: row.rating, to_user_id: toUserId },
      at: row.createdAt,
    });
    return {
      id: row.id,
      offer_id: row.offerId,
      rating: row.rating,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * A member's reputation for the public profile — or a company's, over its whole team (several members): average
 * rating, count and the latest comments, each naming who gave it and to whom.
 */
export async function getFeedbackSummary(db: Executor, about: number | number[], limit = 10) {
  const ids = Array.isArray(about) ? about : [about];
  if (ids.length === 0) return { average: null, count: 0, items: [] };
  const to = ids.length === 1 ? eq(userFeedback.toUserId, ids[0]) : inArray(userFeedback.toUserId, ids);
  const [[summary], items] = await Promise.all([
    db
      .select({ average: avg(userFeedback.rating), count: count() })
      .from(userFeedback)
      .where(to),
    db
      .select({
        rating: userFeedback.rating,
        comment: userFeedback.comment,
        fromName: userNameSql(userFeedback.fromUserId, 'public'),
        toName: userNameSql(userFeedback.toUserId, 'public'),
        createdAt: userFeedback.createdAt,
      })
      .from(userFeedback)
      .where(to)
      .orderBy(desc(userFeedback.createdAt), desc(userFeedback.id))
      .limit(limit),
  ]);
  return {
    average: summary.average === null ? null : Math.round(Number(summary.average) * 10) / 10,
    count: summary.count,
    items: items.map((item) => ({
      rating: item.rating,
      comment: item.comment,
      from_name: item.fromName,
      to_name: item.toName,
      created_at: item.createdAt.toISOString(),
    })),
  };
}
