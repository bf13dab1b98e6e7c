import { and, eq, sql } from 'drizzle-orm';
import { OFFER_STATUS, TRACK } from '~/features/deals/constants';
import type { Database, Executor } from '~/server/db';
import { dealReleaseNotices, lots, offers } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { applyDealEvent } from './apply-deal-event';
import { notifyAutoReleaseSoon, notifyDealStep } from './notify';
import { errorMessage, log } from '~/server/log';

const DAY_MS = 86_400_000;

/**
 * When the seller sent the goods: the first `delivery-send` event of the deal's chain (the chain is the record;
 * no column repeats it).
 */
const deliverySentAt = sql<Date>`(select min(e.created_at) from offer_events e where e.offer_id = ${offers.id} and e.action = 'delivery-send')`;

/**
 * Deals whose money would go to the seller by itself: approved, goods sent, money still frozen (the freeze's
 * pending transfer still `pending`, whatever paid it), and never disputed — a deal with a dispute, open or
 * resolved, is left to the dispute (docs/deals.md "Automatic release").
 */
const candidates = (db: Executor, sentBefore: Date, offerId?: number) =>
  db
    .select({ id: offers.id, lotId: offers.lotId, sentAt: deliverySentAt })
    .from(offers)
    .where(
      and(
        offerId === undefined ? undefined : eq(offers.id, offerId),
        eq(offers.status, OFFER_STATUS.approved),
        eq(offers.deliveryStatus, TRACK.sent),
        // The key of moveDealMoney's freeze (dealMoneyKey), whatever paid the deal.
        sql`exists (select 1 from wallet_pending p join wallet_transfers t on t.id = p.transfer_id
          where t.offer_id = ${offers.id} and t.idempotency_key = 'deal:' || ${offers.id} || ':freeze'
          and p.status = 'pending')`,
        sql`not exists (select 1 from deal_disputes d where d.offer_id = ${offers.id})`,
        sql`${deliverySentAt} <= ${sentBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(offers.id)
    .limit(100);

/** When a deal whose goods were sent at `sentAt` is released automatically. */
export const autoReleaseAt = (sentAt: Date, days = getEnv().DEAL_AUTO_RELEASE_DAYS) =>
  new Date(sentAt.getTime() + days * DAY_MS);

/**
 * The automatic release (docs/deals.md "Automatic release"), run by src/server/jobs/deal-auto-release.ts with the
 * clock it is given: every deal whose goods were sent `days` ago or more with its money frozen and no dispute is
 * released to the seller and done, as if the buyer had confirmed goods received; the buyer of a deal due within a
 * day is warned by e-mail once. The release is the deal's `auto-release` event through the one write path
 * (apply-deal-event.ts), in the buyer's name. Safe with several processes: each deal is re-checked under its lot's and offer's
 * row locks (an offer another transaction holds is skipped until the next run), the release's ledger key
 * `deal:{id}:release` moves the money once, and the warning is claimed by inserting its row first. Each e-mail is
 * queued in the transaction of its release or of its warning's claim, and delivered by the outbox worker.
 */
export async function autoReleaseDeals(
  db: Database,
  now = new Date(),
  days = getEnv().DEAL_AUTO_RELEASE_DAYS,
): Promise<{ released: number[]; warned: number[] }> {
  const released: number[] = [];
  // One deal that fails (logged) never holds up the others: the next run tries it again.
  const each = async (id: number, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log.error(
        { component: 'auto-release', dealId: id, err: error },
        `auto-release of deal ${id} failed: ${errorMessage(error)}`,
      );
    }
  };
  for (const deal of await candidates(db, new Date(now.getTime() - days * DAY_MS))) {
    await each(deal.id, async () => {
      if (!(await releaseOne(db, deal.id, deal.lotId, now, days))) return;
      released.push(deal.id);
    });
  }
  const warned: number[] = [];
  for (const deal of await candidates(db, new Date(now.getTime() - (days - 1) * DAY_MS))) {
    if (released.includes(deal.id)) continue;
    await each(deal.id, async () => {
      // The claim and the warning are written together.
      const claimed = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(dealReleaseNotices)
          .values({ offerId: deal.id, warnedAt: now })
          .onConflictDoNothing()
          .returning({ offerId: dealReleaseNotices.offerId });
        if (rows.length === 0) return false;
        await notifyAutoReleaseSoon(tx, deal.id, autoReleaseAt(new Date(deal.sentAt), days));
        return true;
      });
      if (claimed) warned.push(deal.id);
    });
  }
  return { released, warned };
}

async function releaseOne(db: Database, offerId: number, lotId: number, now: Date, days: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock order of every deal step: the lot, then the offer; a row held elsewhere is left for the next run.
    const [lot] = await tx.select().from(lots).where(eq(lots.id, lotId)).for('update', { skipLocked: true });
    if (!lot) return false;
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update', { skipLocked: true });
    if (!offer) return false;
    // Re-checked under the locks: the buyer may have confirmed, or a party opened a dispute, meanwhile. When the goods
    // were sent is the chain's fact, the rest the state machine's to decide.
    const [still] = await candidates(tx, new Date(now.getTime() - days * DAY_MS), offerId);
    if (!still) return false;
    const result = await applyDealEvent(tx, offer, {
      event: 'auto-release',
      actor: { kind: 'system' },
      autoRelease: { sent_at: new Date(still.sentAt).toISOString(), days },
      at: now,
    });
    if (result.outcome !== 'applied') return false;
    // Both parties are told (notify.ts), in the release's transaction.
    await notifyDealStep(tx, offerId, 'auto-release', offer.buyerId);
    return true;
  });
}
