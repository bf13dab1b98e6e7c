import { and, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatMessages, chatRooms, dealDisputes, lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { userNameSql } from '~/server/services/accounts/users';
import { findFrozenMoney } from '~/server/services/deals/find-frozen-money';
import { type StaffActor, requireCapability } from './access';
import { type StaffDealView, readStaffDeal } from './read-staff-deal';

export interface DisputeChatLine {
  id: number;
  author_id: number | null;
  author_name: string | null;
  kind: string;
  body: string;
  has_photo: boolean;
  hidden: boolean;
  deleted: boolean;
  at: string;
}

export interface DisputeCase extends StaffDealView {
  /** The money the dispute keeps frozen (minor units), or null once it left the hold. */
  frozen: { amount: number; currency: string; status: string } | null;
  /** Each party's own words and files in the deal's history: the dispute's opening, comments, photos, documents. */
  evidence: {
    party: 'buyer' | 'seller';
    action: string;
    comment: string | null;
    photo: boolean;
    document: string | null;
    at: string;
  }[];
  /** The deal's chat room of its two parties about the lot (the newest 200 messages, oldest first). */
  chat: DisputeChatLine[];
}

/**
 * One deal's dispute as the back office decides it (docs/backoffice.md "Money"): the deal (parties, lot, amounts,
 * history with its chain's verification, disputes), the frozen money, each party's evidence and the deal's chat.
 * Read-only. Capability `money`.
 */
export async function readDisputeCase(db: Executor, actor: StaffActor, offerId: number): Promise<DisputeCase> {
  requireCapability(actor, 'money');
  const deal = await readStaffDeal(db, actor, offerId);
  const [offer] = await db
    .select({ lotId: offers.lotId, ownerId: lots.userId, buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(eq(offers.id, offerId));
  const [anyDispute] = await db
    .select({ id: dealDisputes.id })
    .from(dealDisputes)
    .where(eq(dealDisputes.offerId, offerId))
    .limit(1);
  if (!anyDispute) throw new AppError('not_found', 'offers.no_open_dispute');
  const frozen = await findFrozenMoney(db, offerId);
  const evidence = deal.history.events
    .filter((event) => event.actor_id === offer.buyerId || event.actor_id === offer.sellerId)
    .filter((event) => event.comment || event.photo_url || event.document_url || event.action === 'open-dispute')
    .map((event) => ({
      party: event.actor_id === offer.buyerId ? ('buyer' as const) : ('seller' as const),
      action: event.action,
      comment: event.comment,
      photo: event.photo_url !== null,
      document: event.document_url ? (event.document_name ?? 'document') : null,
      at: event.created_at,
    }));
  // The room of the deal's two parties about its lot (services/chat/open-deal-room.ts), never made here.
  const member = offer.ownerId === offer.sellerId ? offer.buyerId : offer.sellerId;
  const [room] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.lotId, offer.lotId),
        or(
          and(eq(chatRooms.ownerId, offer.ownerId), eq(chatRooms.memberId, member)),
          and(eq(chatRooms.ownerId, member), eq(chatRooms.memberId, offer.ownerId)),
        ),
      ),
    )
    .limit(1);
  const messages = room
    ? await db
        .select({ message: chatMessages, authorName: userNameSql(chatMessages.createdBy, 'full') })
        .from(chatMessages)
        .where(eq(chatMessages.roomId, room.id))
        .orderBy(desc(chatMessages.id))
        .limit(200)
    : [];
  messages.reverse();
  return {
    ...deal,
    frozen: frozen ? { amount: frozen.amount, currency: frozen.currency.trim(), status: frozen.status } : null,
    evidence,
    chat: messages.map(({ message, authorName }) => ({
      id: message.id,
      author_id: message.createdBy,
      author_name: message.createdBy === null ? null : authorName,
      kind: message.kind,
      body: message.deletedAt ? '' : message.body,
      has_photo: !!message.photoKey && !message.deletedAt,
      hidden: message.hiddenAt !== null,
      deleted: message.deletedAt !== null,
      at: message.createdAt.toISOString(),
    })),
  };
}
