import { eq } from 'drizzle-orm';
import type { DealEventAction } from '~/features/deals/constants';
import { dealLineEvents } from '~/features/chat/deal-lines';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { appendMessage } from './append-message';
import { findOrCreateRoom } from './find-or-create-room';

/**
 * Tells one event of a deal in the room of its two parties about its lot (docs/chat.md "Deal lines"), inside the
 * transaction that records the event (`services/deals/events.ts` appendEvent calls it): the room is made when
 * missing, the lines are system messages (no sender, `system` {offerId, event}) that never count as unread.
 *
 * Locks: the caller holds the lot's and the offer's row locks (docs/deals.md); the room is found or made first,
 * then appendMessage takes the message order lock, and nothing after it in a deal step waits for a lot or an
 * offer, so the order is always lot → offer → (room) → order lock and no two transactions wait on each other.
 */
export async function appendDealLines(
  tx: Executor,
  offer: { id: number; lotId: number; buyerId: number; sellerId: number; status: number; offerType: number },
  action: DealEventAction,
  data?: Record<string, unknown> | null,
): Promise<void> {
  const [lot] = await tx.select({ id: lots.id, userId: lots.userId }).from(lots).where(eq(lots.id, offer.lotId));
  if (!lot) return;
  // The lot's owner is one party (the seller of a sale or booking, the buyer of a buy request); the room is theirs
  // with the other.
  const other = lot.userId === offer.sellerId ? offer.buyerId : offer.sellerId;
  if (other === lot.userId) return;
  const { room } = await findOrCreateRoom(tx, lot, other);
  for (const event of dealLineEvents(action, offer, data)) {
    await appendMessage(tx, room, {
      kind: 'system',
      createdBy: null,
      body: '',
      system: { offerId: offer.id, event },
      offerId: offer.id,
    });
  }
}
