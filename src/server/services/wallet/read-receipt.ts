import { asc, eq, inArray } from 'drizzle-orm';
import { type ReceiptKind, receiptKind, receiptNumber } from '~/features/wallet/receipts';
import type { Executor } from '~/server/db/client';
import {
  currencies,
  lots,
  offers,
  payments,
  users,
  walletAccounts,
  walletPending,
  walletPostings,
  walletTransfers,
} from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** One side of a receipt: whose account gave or got the money, and how much. */
export interface ReceiptParty {
  kind: 'member' | 'escrow' | 'provider' | 'platform';
  /** A member's name; null for the others. */
  name: string | null;
  /** The escrow's deal. */
  deal_id: number | null;
  /** The provider of money from or to the outside (`sandbox`, `flutterwave`, …). */
  provider: string | null;
  /** Minor units, positive. */
  amount: number;
  /** The reader's own pocket. */
  mine: boolean;
}

export interface Receipt {
  number: string;
  transfer_id: number;
  created_at: string;
  currency: string;
  decimals: number;
  kind: ReceiptKind;
  cause: string;
  step: string | null;
  /** What the transfer moved, minor units (the sum of its postings into accounts). */
  amount: number;
  /** What it did to the reader's own pocket, signed; null when it did not touch it (a deal's counterpart). */
  your_amount: number | null;
  from: ReceiptParty[];
  to: ReceiptParty[];
  /**
   * How the money came or went: `card` or `mobile_money` (a provider's checkout, from its payment row), `wallet`
   * (from pocket to pocket through escrow), `payout` (to the outside), `ledger` (a refund or a correction).
   */
  method: {
    kind: 'card' | 'mobile_money' | 'wallet' | 'payout' | 'ledger';
    provider: string | null;
    reference: string | null;
  };
  deal: { id: number; title: string; buyer: string; seller: string } | null;
  /** `held` while a freeze or payout waits; `released` or `returned` once resolved; `completed` otherwise. */
  status: 'completed' | 'held' | 'released' | 'returned';
  /**
   * A person's words about the transfer: the decider's note of a dispute decision. The ledger's other memos are
   * written by code for staff (provider, reference, deal number, a payout's failure code, in English) and are not
   * the member's to read; the receipt shows the same facts in the reader's language (method, reference, deal).
   */
  note: string | null;
}

const nameOf = (row: { firstName: string | null; lastName: string | null } | undefined) =>
  row ? [row.firstName, row.lastName].filter(Boolean).join(' ') : '';

/**
 * One receipt by its transfer (docs/wallet.md "Screens"). Only a member whose pocket the transfer touched reads
 * it, or, for a deal's transfer, the deal's buyer and seller; anyone else gets the same `not_found` as a transfer
 * that does not exist.
 */
export async function readReceipt(db: Executor, userId: number, transferId: number): Promise<Receipt> {
  const notFound = () => new AppError('not_found', 'wallet_page.receipt_not_found');
  const [transfer] = await db
    .select({
      id: walletTransfers.id,
      kind: walletTransfers.kind,
      currency: walletTransfers.currency,
      cause: walletTransfers.cause,
      offerId: walletTransfers.offerId,
      step: walletTransfers.step,
      memo: walletTransfers.memo,
      createdAt: walletTransfers.createdAt,
      decimals: currencies.decimals,
    })
    .from(walletTransfers)
    .innerJoin(currencies, eq(currencies.code, walletTransfers.currency))
    .where(eq(walletTransfers.id, transferId));
  if (!transfer) throw notFound();
  const postings = await db
    .select({
      amount: walletPostings.amount,
      kind: walletAccounts.kind,
      userId: walletAccounts.userId,
      offerId: walletAccounts.offerId,
      provider: walletAccounts.provider,
    })
    .from(walletPostings)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletPostings.accountId))
    .where(eq(walletPostings.transferId, transfer.id))
    .orderBy(asc(walletPostings.id));
  const mine = (p: (typeof postings)[number]) => p.kind === 'member_available' && p.userId === userId;
  const [deal] = transfer.offerId
    ? await db
        .select({ id: offers.id, buyerId: offers.buyerId, sellerId: offers.sellerId, title: lots.title })
        .from(offers)
        .innerJoin(lots, eq(lots.id, offers.lotId))
        .where(eq(offers.id, transfer.offerId))
    : [];
  const isParty =
    deal !== undefined &&
    (transfer.cause === 'deal' || transfer.cause === 'dispute_decision') &&
    (deal.buyerId === userId || deal.sellerId === userId);
  if (!postings.some(mine) && !isParty) throw notFound();

  const memberIds = [
    ...new Set([...postings.map((p) => p.userId), deal?.buyerId, deal?.sellerId].filter((id): id is number => !!id)),
  ];
  const people = memberIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, memberIds))
    : [];
  const person = (id: number | null) => nameOf(people.find((p) => p.id === id));
  const party = (p: (typeof postings)[number]): ReceiptParty => ({
    kind:
      p.kind === 'member_available'
        ? 'member'
        : p.kind === 'deal_frozen'
          ? 'escrow'
          : p.kind === 'provider_clearing'
            ? 'provider'
            : 'platform',
    name: p.kind === 'member_available' ? person(p.userId) : null,
    deal_id: p.kind === 'deal_frozen' ? p.offerId : null,
    provider: p.provider,
    amount: Math.abs(p.amount),
    mine: mine(p),
  });

  const [payment] = await db
    .select({ method: payments.method, provider: payments.provider, reference: payments.reference })
    .from(payments)
    .where(eq(payments.transferId, transfer.id));
  const outside = postings.find((p) => p.kind === 'provider_clearing')?.provider ?? null;
  const method: Receipt['method'] = payment
    ? {
        kind: payment.method === 'mobile_money' ? 'mobile_money' : 'card',
        provider: payment.provider,
        reference: payment.reference,
      }
    : {
        kind:
          transfer.cause === 'payout'
            ? 'payout'
            : transfer.cause === 'deal' || transfer.cause === 'dispute_decision' || transfer.cause === 'fee'
              ? 'wallet'
              : transfer.cause === 'top_up'
                ? 'card'
                : 'ledger',
        provider: outside,
        reference: null,
      };
  // A top-up without its payment row (one credited by hand, say) names no method it cannot know.
  if (!payment && transfer.cause === 'top_up') method.kind = 'ledger';

  let status: Receipt['status'] = 'completed';
  if (transfer.kind === 'pending') {
    const [pending] = await db
      .select({ status: walletPending.status })
      .from(walletPending)
      .where(eq(walletPending.transferId, transfer.id));
    status = pending?.status === 'posted' ? 'released' : pending?.status === 'voided' ? 'returned' : 'held';
  }

  const own = postings.filter(mine);
  return {
    number: receiptNumber(transfer.id),
    transfer_id: transfer.id,
    created_at: transfer.createdAt.toISOString(),
    currency: transfer.currency,
    decimals: transfer.decimals,
    kind: receiptKind(transfer.cause, transfer.step),
    cause: transfer.cause,
    step: transfer.step,
    amount: postings.filter((p) => p.amount > 0).reduce((sum, p) => sum + p.amount, 0),
    your_amount: own.length ? own.reduce((sum, p) => sum + p.amount, 0) : null,
    from: postings.filter((p) => p.amount < 0).map(party),
    to: postings.filter((p) => p.amount > 0).map(party),
    method,
    deal: deal ? { id: deal.id, title: deal.title, buyer: person(deal.buyerId), seller: person(deal.sellerId) } : null,
    status,
    note: transfer.cause === 'dispute_decision' ? transfer.memo : null,
  };
}
