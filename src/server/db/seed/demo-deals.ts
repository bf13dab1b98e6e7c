import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OfferAction } from '~/features/deals/constants';
import { recordOfferStep } from '~/server/services/deals/act-on-offer';
import { recordOffer } from '~/server/services/deals/create-offer';
import { leaveFeedback } from '~/server/services/deals/feedback';
import { appendMessage } from '~/server/services/chat/append-message';
import { findOrCreateRoom } from '~/server/services/chat/find-or-create-room';
import { toSessionUser } from '~/server/services/accounts/users';
import type { Executor } from '~/server/db/client';
import { chatMessages, chatRooms, lots, offerEvents, offers, userFeedback, users } from '~/server/db/schema';

/** A demo chat message: who writes, what, and how many minutes before the seeding (0: at the seeding). */
type DemoMessage = [string, string, number?];

/**
 * Demo offers and deals between the demo accounts, one at each stage, made through the offers services so their
 * histories are real hash chains: a waiting offer for demo-admin and one for demo-buyer (badges), a deal under
 * way, a done deal with feedback both ways, and an approved tractor booking (the lot's calendar). Each step
 * leaves its deal line in the parties' chat room (docs/chat.md "Deal lines"); some deals come with a short demo
 * conversation before the offer (`chatBefore`, written the day before) and after its steps (`chatAfter`): the
 * last message of the maize deal stays unread for demo-buyer (the chat badge).
 */
const DEMO_DEALS: {
  by: string;
  lot: string;
  fields: Record<string, unknown>;
  steps: [string, OfferAction][];
  feedback?: [string, number, string][];
  chatBefore?: DemoMessage[];
  chatAfter?: DemoMessage[];
}[] = [
  {
    by: 'demo-buyer',
    lot: 'Rosecoco beans, cooperative stock',
    fields: { price: 11200, volume: 10, comment: 'Can you hold them until Friday? (demo)' },
    steps: [],
  },
  {
    by: 'demo-buyer',
    lot: 'White maize, dried and shelled',
    fields: { price: 66000, volume: 20 },
    chatBefore: [
      [
        'demo-buyer',
        'Hello, is the maize still available? I need 20 bags for a school feeding programme. (demo)',
        1500,
      ],
      ['demo-silver', 'Yes, 20 bags are ready in our store, dried to 13% moisture. (demo)', 1440],
      ['demo-buyer', 'Good. I will send an offer at 66,000 shillings a bag, collection this week. (demo)', 1430],
    ],
    steps: [
      ['demo-silver', 'approve-offer'],
      ['demo-silver', 'delivery-send'],
    ],
    chatAfter: [['demo-silver', 'The lorry left this morning, it should reach you by 4 pm. (demo)']],
  },
  {
    by: 'demo-buyer',
    lot: 'Dried cocoa beans, main crop',
    fields: { price: 51000, volume: 2 },
    steps: [
      ['demo-gold', 'approve-offer'],
      ['demo-gold', 'delivery-send'],
      ['demo-buyer', 'delivery-get'],
      ['demo-buyer', 'payment-send'],
      ['demo-gold', 'payment-get'],
    ],
    feedback: [
      ['demo-buyer', 5, 'Well fermented beans, delivered on time. (demo)'],
      ['demo-gold', 4, 'Paid promptly. (demo)'],
    ],
    chatAfter: [
      ['demo-buyer', 'Beans arrived in good order, thank you. (demo)'],
      ['demo-gold', 'Thank you for paying so quickly. Next harvest is in May. (demo)'],
    ],
  },
  { by: 'demo-silver', lot: 'Achat de fèves de cacao', fields: { price: 2750000, volume: 5 }, steps: [] },
  {
    by: 'demo-gold',
    lot: 'Tractor with disc plough for hire',
    fields: { volume: 5, date_from: 3, date_to: 4 },
    steps: [['demo-basic', 'approve-offer']],
  },
];

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Removes the deals between demo accounts on the demo lots (and their histories), and the chat rooms between demo
 * accounts on those lots (their messages and deal lines), so the demo lots can be replaced. A real member's offer
 * on a demo lot, and a real member's conversation about it, are never erased: its lot stays (closed), see
 * seedDemoLots.
 */
export async function clearDemoDeals(db: Executor, lotIds: number[], demoUserIds: number[]): Promise<void> {
  if (lotIds.length === 0) return;
  await db
    .delete(chatRooms)
    .where(
      and(
        inArray(chatRooms.lotId, lotIds),
        inArray(chatRooms.ownerId, demoUserIds),
        inArray(chatRooms.memberId, demoUserIds),
      ),
    );
  const ids = (
    await db
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(inArray(offers.lotId, lotIds), inArray(offers.buyerId, demoUserIds), inArray(offers.sellerId, demoUserIds)),
      )
  ).map((r) => r.id);
  if (ids.length === 0) return;
  await db.delete(userFeedback).where(inArray(userFeedback.offerId, ids));
  await db.delete(offerEvents).where(inArray(offerEvents.offerId, ids));
  await db.delete(offers).where(inArray(offers.id, ids));
}

export async function seedDemoDeals(db: Executor): Promise<void> {
  const people = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        ['demo-basic', 'demo-silver', 'demo-gold', 'demo-buyer', 'demo-admin'].map((n) => `${n}@mavuno.test`),
      ),
    );
  const as = (name: string) =>
    toSessionUser(
      people.find((p) => p.email === `${name}@mavuno.test`)!,
      0,
    );
  // The services open their own (nested) transactions; inside the seeding transaction they become savepoints.
  for (const deal of DEMO_DEALS) {
    const [lot] = await db
      .select({ id: lots.id, kind: lots.kind })
      .from(lots)
      .where(and(eq(lots.title, deal.lot), eq(lots.status, 'active')));
    if (!lot) continue;
    const { date_from, date_to, ...fields } = deal.fields as Record<string, number>;
    for (const message of deal.chatBefore ?? []) await writeDemoMessage(db, lot.id, as(deal.by).id, people, message);
    const orderType = (
      { board: 'board_list', seed: 'seeds_list', fertilizer: 'fertilizer_list', technic: 'technic_list' } as const
    )[lot.kind];
    const offer = await recordOffer(db, as(deal.by), {
      order_id: lot.id,
      order_type: orderType,
      delivery_type: 1,
      payment_type: 1,
      ...fields,
      ...(date_from !== undefined ? { date_from: day(date_from), date_to: day(date_to) } : {}),
    } as Parameters<typeof recordOffer>[2]);
    for (const [who, action] of deal.steps) await recordOfferStep(db, as(who), action, { id: offer.id });
    for (const [who, rating, comment] of deal.feedback ?? [])
      await leaveFeedback(db, as(who), { offer_id: offer.id, rating, comment });
    for (const message of deal.chatAfter ?? []) await writeDemoMessage(db, lot.id, as(deal.by).id, people, message);
  }
}

/**
 * One demo message in the room between a demo lot's owner and the demo member who deals on it, through the
 * chat's own append (so the room's order, last message and read marks are right), dated `minutesAgo` back.
 */
async function writeDemoMessage(
  db: Executor,
  lotId: number,
  makerId: number,
  people: (typeof users.$inferSelect)[],
  [who, text, minutesAgo = 0]: DemoMessage,
): Promise<void> {
  const [lot] = await db.select({ id: lots.id, userId: lots.userId }).from(lots).where(eq(lots.id, lotId));
  const { room } = await findOrCreateRoom(db, lot, makerId);
  const author = people.find((p) => p.email === `${who}@mavuno.test`)!;
  const { message } = await appendMessage(db, room, { kind: 'text', createdBy: author.id, body: text });
  // Only messages before the deal's first line are dated back: that line, written next, moves the room's activity.
  if (minutesAgo > 0)
    await db
      .update(chatMessages)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo}::int)` })
      .where(eq(chatMessages.id, message.id));
}
