import { type SQL, and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DealListQuery } from '~/features/admin/money';
import { OFFER_STATUS } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { currencies, lots, offers, users } from '~/server/db/schema';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { figuresOf } from '~/server/services/deals/offer-view';
import { type StaffActor, requireCapability } from './access';

export interface StaffDealItem {
  id: number;
  status: number;
  payment_type: number;
  created_at: string;
  lot_title: string;
  buyer_email: string | null;
  seller_email: string | null;
  currency: string;
  decimals: number;
  total_minor: number;
  disputed: boolean;
}

const buyerUser = alias(users, 'buyer_user');
const sellerUser = alias(users, 'seller_user');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Deals for the back office (docs/backoffice.md "Deals"), newest first: `q` is a deal id (`123` or `#123`) or else
 * a member's e-mail (either party; part of it matches), `status` a status by name, `disputed=1` only deals with an
 * open dispute. Capability `deals`.
 */
export async function listStaffDeals(
  db: Executor,
  actor: StaffActor,
  query: DealListQuery,
): Promise<Page<StaffDealItem>> {
  requireCapability(actor, 'deals');
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const id = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
    const pattern = `%${escapeLike(q.toLowerCase())}%`;
    const byEmail = or(ilike(buyerUser.email, pattern), ilike(sellerUser.email, pattern))!;
    where.push(id === null ? byEmail : eq(offers.id, id));
  }
  if (query.status) where.push(eq(offers.status, OFFER_STATUS[query.status as keyof typeof OFFER_STATUS]));
  const openDispute = sql<boolean>`exists (select 1 from deal_disputes d where d.offer_id = ${offers.id} and d.status = 'open')`;
  if (query.disputed) where.push(openDispute);
  const condition = where.length > 0 ? and(...where) : undefined;
  const paging = { page: query.page, perPage: query['per-page'] };
  const base = () =>
    db
      .select({
        offer: offers,
        lotTitle: lots.title,
        buyerEmail: buyerUser.email,
        sellerEmail: sellerUser.email,
        currency: currencies.code,
        decimals: currencies.decimals,
        disputed: openDispute,
      })
      .from(offers)
      .innerJoin(lots, eq(lots.id, offers.lotId))
      .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
      .innerJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
      .innerJoin(currencies, eq(currencies.id, offers.currencyId));
  const [rows, [{ n }]] = await Promise.all([
    base().where(condition).orderBy(desc(offers.id)).limit(paging.perPage).offset(pageOffset(paging)),
    db
      .select({ n: count() })
      .from(offers)
      .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
      .innerJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
      .where(condition),
  ]);
  return toPage(
    rows.map((row) => ({
      id: row.offer.id,
      status: row.offer.status,
      payment_type: row.offer.paymentType,
      created_at: row.offer.createdAt.toISOString(),
      lot_title: row.lotTitle,
      buyer_email: row.buyerEmail,
      seller_email: row.sellerEmail,
      currency: row.currency.trim(),
      decimals: row.decimals,
      total_minor: figuresOf(row.offer).total_price_with_delivery_minor,
      disputed: !!row.disputed,
    })),
    Number(n),
    paging,
  );
}
