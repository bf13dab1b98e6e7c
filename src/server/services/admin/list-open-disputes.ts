import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { currencies, dealDisputes, lots, offers, walletPending, walletTransfers } from '~/server/db/schema';
import { userNameSql } from '~/server/services/accounts/users';
import { type StaffActor, requireCapability } from './access';

export interface OpenDisputeItem {
  offer_id: number;
  dispute_id: number;
  reason: string;
  opened_at: string;
  opened_by: number;
  opened_by_name: string;
  lot_title: string;
  buyer_id: number;
  seller_id: number;
  /** The deal's frozen money (minor units) while it is still held. */
  held: number | null;
  currency: string | null;
  /** The deal currency's decimals, to show minor units. */
  decimals: number;
}

/**
 * The open disputes (docs/backoffice.md "Money"), oldest first, with the money each keeps frozen. Capability `money`.
 */
export async function listOpenDisputes(db: Executor, actor: StaffActor): Promise<OpenDisputeItem[]> {
  requireCapability(actor, 'money');
  const rows = await db
    .select({
      dispute: dealDisputes,
      offer: { id: offers.id, buyerId: offers.buyerId, sellerId: offers.sellerId },
      lotTitle: lots.title,
      openerName: userNameSql(dealDisputes.openedBy, 'full'),
      held: walletPending.amount,
      heldStatus: walletPending.status,
      currency: walletPending.currency,
      decimals: currencies.decimals,
    })
    .from(dealDisputes)
    .innerJoin(offers, eq(offers.id, dealDisputes.offerId))
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .innerJoin(currencies, eq(currencies.id, offers.currencyId))
    // The deal's freeze (dealMoneyKey of moveDealMoney), whatever paid the deal.
    .leftJoin(
      walletTransfers,
      and(
        eq(walletTransfers.offerId, offers.id),
        eq(walletTransfers.idempotencyKey, sql`'deal:' || ${offers.id} || ':freeze'`),
      ),
    )
    .leftJoin(walletPending, eq(walletPending.transferId, walletTransfers.id))
    .where(eq(dealDisputes.status, 'open'))
    .orderBy(asc(dealDisputes.createdAt), asc(dealDisputes.id))
    .limit(500);
  return rows.map((row) => ({
    offer_id: row.offer.id,
    dispute_id: row.dispute.id,
    reason: row.dispute.reason,
    opened_at: row.dispute.createdAt.toISOString(),
    opened_by: row.dispute.openedBy,
    opened_by_name: row.openerName,
    lot_title: row.lotTitle,
    buyer_id: row.offer.buyerId,
    seller_id: row.offer.sellerId,
    held: row.heldStatus === 'pending' && row.held !== null ? Number(row.held) : null,
    currency: row.currency?.trim() ?? null,
    decimals: row.decimals,
  }));
}
