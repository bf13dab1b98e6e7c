import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { currencies, dealDisputes, lots, offers, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { verifyChain } from '~/server/services/deals/chain';
import { type DealEventView, loadDealEvents } from '~/server/services/deals/history';
import { figuresOf } from '~/server/services/deals/offer-view';
import { alias } from 'drizzle-orm/pg-core';
import { type StaffActor, requireCapability } from './access';

export interface StaffDealParty {
  id: number;
  name: string;
  email: string | null;
}

export interface StaffDealView {
  id: number;
  status: number;
  offer_type: number;
  payment_type: number;
  delivery_status: number;
  payment_status: number;
  created_at: string;
  approved_at: string | null;
  buyer: StaffDealParty;
  seller: StaffDealParty;
  lot: { id: number; title: string; owner_id: number };
  currency: string;
  decimals: number;
  volume: number;
  /** Minor units. */
  price_per_unit_minor: number;
  total_minor: number;
  total_with_delivery_minor: number;
  disputes: {
    id: number;
    status: 'open' | 'resolved';
    reason: string;
    comment: string | null;
    opened_by: number;
    opened_at: string;
    decision: string | null;
    seller_amount: number | null;
    decided_by: number | null;
    decided_at: string | null;
    note: string | null;
  }[];
  history: { events: DealEventView[]; valid: boolean; broken_at: number | null; head_hash: string };
}

const buyerUser = alias(users, 'buyer_user');
const sellerUser = alias(users, 'seller_user');
const nameOf = (user: { firstName: string; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

/**
 * One deal as the back office reads it (docs/backoffice.md "Deals"): parties with their e-mails, lot, amounts,
 * state, disputes, and the history with its hash chain recomputed. Read-only. Capability `deals`.
 */
export async function readStaffDeal(db: Executor, actor: StaffActor, offerId: number): Promise<StaffDealView> {
  requireCapability(actor, 'deals');
  const [row] = await db
    .select({ offer: offers, lot: lots, buyer: buyerUser, seller: sellerUser, currency: currencies })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
    .innerJoin(currencies, eq(currencies.id, offers.currencyId))
    .where(eq(offers.id, offerId));
  if (!row) throw new AppError('not_found', 'offers.not_found');
  const [disputes, events] = await Promise.all([
    db.select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId)).orderBy(desc(dealDisputes.id)),
    loadDealEvents(db, offerId),
  ]);
  const check = verifyChain(events);
  const figures = figuresOf(row.offer);
  const { offer } = row;
  return {
    id: offer.id,
    status: offer.status,
    offer_type: offer.offerType,
    payment_type: offer.paymentType,
    delivery_status: offer.deliveryStatus,
    payment_status: offer.paymentStatus,
    created_at: offer.createdAt.toISOString(),
    approved_at: offer.approvedAt?.toISOString() ?? null,
    buyer: { id: row.buyer.id, name: nameOf(row.buyer), email: row.buyer.email },
    seller: { id: row.seller.id, name: nameOf(row.seller), email: row.seller.email },
    lot: { id: row.lot.id, title: row.lot.title, owner_id: row.lot.userId },
    currency: row.currency.code.trim(),
    decimals: row.currency.decimals,
    volume: Number(offer.volume),
    price_per_unit_minor: figures.offer_price_per_unit_minor,
    total_minor: figures.total_price_minor,
    total_with_delivery_minor: figures.total_price_with_delivery_minor,
    disputes: disputes.map((d) => ({
      id: d.id,
      status: d.status,
      reason: d.reason,
      comment: d.comment,
      opened_by: d.openedBy,
      opened_at: d.createdAt.toISOString(),
      decision: d.decision,
      seller_amount: d.sellerAmount,
      decided_by: d.decidedBy,
      decided_at: d.decidedAt?.toISOString() ?? null,
      note: d.note,
    })),
    history: { events, valid: check.valid, broken_at: check.broken_at, head_hash: check.head_hash },
  };
}
