import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { OFFER_TYPE_FOR_LOT, type OfferAction } from '~/features/deals/constants';
import { KINDS } from '~/features/lots/constants';
import { makerRole, recipientRole } from '~/features/deals/state-machine';
import { createOfferSchema } from '~/features/deals/schemas';
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
 * How far a demo deal has gone, each stage reached by the parties' own steps: an offer still waiting, declined by
 * the lot's owner or withdrawn by its maker; approved; the goods sent; done (goods received, money sent and
 * confirmed), or done when paid in cash at pick-up (the seller confirms the money, then the goods go).
 */
type DealStage = 'waiting' | 'declined' | 'withdrawn' | 'approved' | 'sent' | 'done' | 'paid_at_pickup';

interface DemoDeal {
  /** The demo lot's title. */
  lot: string;
  /** Who makes the offer: a buyer on a lot for sale or hire, a seller on a buy request. */
  by: string;
  stage: DealStage;
  /** Per unit, in the lot's currency; left out, the lot's price. */
  price?: number;
  volume?: number;
  comment?: string;
  /** A booking's first and last day, in days from the seeding. */
  days?: [number, number];
  /** Once done: the buyer's rating of the seller and the seller's of the buyer, with a comment. */
  feedback?: { buyer?: [number, string]; seller?: [number, string] };
  /** Written the day before the offer. */
  chatBefore?: DemoMessage[];
  chatAfter?: DemoMessage[];
}

/**
 * Demo offers and deals between the demo accounts and market members, made through the offers services so their
 * histories are real hash chains and the lots' volumes, the statistics' traded prices and the chat's deal lines
 * follow. Between the demo accounts: a waiting offer for demo-admin and one for demo-buyer (badges), a deal under
 * way, a done deal with feedback both ways, and an approved tractor booking (the lot's calendar). In each country
 * a done deal rated by its parties (some paid in cash at pick-up) and a deal at another stage (waiting, declined,
 * withdrawn, approved, goods sent, a booking). Each step leaves its deal line in the parties' chat
 * room (docs/chat.md "Deal lines"); some deals come with a short conversation before the offer and after its steps:
 * the last message of the maize deal stays unread for demo-buyer (the chat badge).
 */
const DEMO_DEALS: DemoDeal[] = [
  {
    lot: 'Rosecoco beans, cooperative stock',
    by: 'demo-buyer',
    stage: 'waiting',
    price: 11200,
    volume: 10,
    comment: 'Can you hold them until Friday? (demo)',
  },
  {
    lot: 'White maize, dried and shelled',
    by: 'demo-buyer',
    stage: 'sent',
    price: 66000,
    volume: 20,
    chatBefore: [
      [
        'demo-buyer',
        'Hello, is the maize still available? I need 20 bags for a school feeding programme. (demo)',
        1500,
      ],
      ['demo-silver', 'Yes, 20 bags are ready in our store, dried to 13% moisture. (demo)', 1440],
      ['demo-buyer', 'Good. I will send an offer at 66,000 shillings a bag, collection this week. (demo)', 1430],
    ],
    chatAfter: [['demo-silver', 'The lorry left this morning, it should reach you by 4 pm. (demo)']],
  },
  {
    lot: 'Dried cocoa beans, main crop',
    by: 'demo-buyer',
    stage: 'done',
    price: 51000,
    volume: 2,
    feedback: {
      buyer: [5, 'Well fermented beans, delivered on time. (demo)'],
      seller: [4, 'Paid promptly. (demo)'],
    },
    chatAfter: [
      ['demo-buyer', 'Beans arrived in good order, thank you. (demo)'],
      ['demo-gold', 'Thank you for paying so quickly. Next harvest is in May. (demo)'],
    ],
  },
  { lot: 'Achat de fèves de cacao', by: 'demo-silver', stage: 'waiting', price: 2750000, volume: 5 },
  { lot: 'Tractor with disc plough for hire', by: 'demo-gold', stage: 'approved', volume: 5, days: [3, 4] },

  // Kenya
  {
    lot: "White maize from Moi's Bridge, 90 kg bags",
    by: 'demo-ke-otieno',
    stage: 'paid_at_pickup',
    price: 3700,
    volume: 40,
    chatBefore: [
      ['demo-ke-otieno', 'Hello Faith, do you still have 40 bags? I can collect on Thursday. (demo)', 1400],
      ['demo-ke-chebet', 'Yes, 40 bags are ready. Please bring your own lorry. (demo)', 1380],
    ],
    feedback: {
      buyer: [5, "Clean, dry maize, loaded quickly at Moi's Bridge. (demo)"],
      seller: [5, 'Paid in full at collection. (demo)'],
    },
  },
  { lot: 'Buying maize for millers in Kisumu', by: 'demo-ke-mwangi', stage: 'sent', price: 3650, volume: 50 },
  // Tanzania
  {
    lot: 'Korosho ghafi daraja la kwanza',
    by: 'demo-tz-baraka',
    stage: 'done',
    price: 3150,
    volume: 1000,
    feedback: {
      buyer: [5, 'Korosho safi na kavu, zimepimwa vizuri. (majaribio)'],
      seller: [5, 'Amelipa kwa wakati. (majaribio)'],
    },
    chatAfter: [
      ['demo-tz-baraka', 'Mzigo umefika Dar salama, asante. (majaribio)'],
      ['demo-tz-mwanaisha', 'Karibu tena msimu ujao. (majaribio)'],
    ],
  },
  { lot: 'Tunanunua maharage ya njano', by: 'demo-tz-mollel', stage: 'declined', price: 230000, volume: 20 },
  // Uganda
  {
    lot: 'Robusta coffee (FAQ), sun-dried',
    by: 'demo-ug-okello',
    stage: 'done',
    price: 12300,
    volume: 500,
    feedback: {
      buyer: [4, 'Good coffee; moisture was a little high at 13.5%. (demo)'],
      seller: [5, 'Fair weighing and quick payment. (demo)'],
    },
  },
  { lot: 'Buying maize grain for a feed mill', by: 'demo-ug-tumusiime', stage: 'waiting', price: 950, volume: 3000 },
  // Rwanda
  {
    lot: 'Kinigi potatoes, sorted',
    by: 'demo-rw-habimana',
    stage: 'paid_at_pickup',
    price: 400,
    volume: 2000,
    feedback: {
      buyer: [5, 'Well sorted, no rotten tubers. (demo)'],
      seller: [5, 'Collected on time as agreed. (demo)'],
    },
  },
  { lot: 'Wanted: red beans for Kigali markets', by: 'demo-rw-mugisha', stage: 'sent', price: 87000, volume: 10 },
  // Nigeria
  {
    lot: 'Zaki Biam yams, big tubers',
    by: 'demo-ng-bello',
    stage: 'paid_at_pickup',
    price: 3300,
    volume: 500,
    feedback: {
      buyer: [4, 'Big tubers; a few were bruised on the road. (demo)'],
      seller: [5, 'Serious buyer, paid by transfer the same day. (demo)'],
    },
  },
  { lot: 'NPK 15-15-15, 50 kg bag', by: 'demo-ng-adebayo', stage: 'approved', price: 45000, volume: 20 },
  // Ghana
  {
    lot: 'Raw cashew nuts from Wenchi',
    by: 'demo-gh-issah',
    stage: 'done',
    price: 20,
    volume: 2000,
    feedback: {
      buyer: [5, 'Dry nuts, good outturn. (demo)'],
      seller: [4, 'Paid by mobile money after a day. (demo)'],
    },
  },
  { lot: 'Tractor ploughing, per acre', by: 'demo-gh-abena', stage: 'approved', volume: 6, days: [3, 3] },
  // Côte d'Ivoire
  {
    lot: 'Fèves de cacao séchées, grade 1',
    by: 'demo-ci-divo',
    stage: 'done',
    price: 2800,
    volume: 1000,
    feedback: {
      buyer: [5, 'Fèves bien sèches, bon grainage. (démo)'],
      seller: [5, 'Paiement rapide et pesée honnête. (démo)'],
    },
    chatAfter: [
      ['demo-ci-divo', 'Les sacs sont bien arrivés au magasin de Divo. (démo)'],
      ['demo-ci-kouassi', 'Merci, à la prochaine récolte. (démo)'],
    ],
  },
  { lot: 'Achat de noix de cajou brutes', by: 'demo-ci-coulibaly', stage: 'sent', price: 420, volume: 6000 },
  // Senegal
  {
    lot: 'Arachides en coques, campagne en cours',
    by: 'demo-sn-diop',
    stage: 'paid_at_pickup',
    price: 305,
    volume: 5000,
    feedback: {
      buyer: [4, 'Arachides propres, quelques sacs un peu humides. (démo)'],
      seller: [5, 'Payé en espèces au chargement. (démo)'],
    },
  },
  { lot: 'Achat d’oignons locaux pour les marchés de Dakar', by: 'demo-sn-ndiaye', stage: 'withdrawn', volume: 3000 },
  // Cameroon
  {
    lot: 'Manioc frais d’Obala',
    by: 'demo-cm-fotso',
    stage: 'paid_at_pickup',
    price: 115,
    volume: 2000,
    feedback: {
      buyer: [5, 'Tubercules frais, récoltés le matin même. (démo)'],
      seller: [4, 'Bon client, paiement à la livraison. (démo)'],
    },
  },
  {
    lot: 'Achat de maïs grain pour provenderie',
    by: 'demo-cm-tabi',
    stage: 'approved',
    price: 215,
    volume: 3000,
    chatBefore: [
      ['demo-cm-tabi', 'Good morning, I have 3 tonnes of dry maize in Ndop. Do you collect? (demo)', 900],
      ['demo-cm-fotso', 'Bonjour, oui, nous passons à Ndop mardi. Faites votre offre. (démo)', 880],
    ],
  },
];

/** One step of a demo deal: who takes it (`recipient` answers the offer, `maker` made it) and what it is. */
type DemoStep = readonly ['buyer' | 'seller' | 'recipient' | 'maker', OfferAction];

/** The steps that take a deal to its stage. */
function stepsTo(stage: DealStage): readonly DemoStep[] {
  const approved: DemoStep[] = [['recipient', 'approve-offer']];
  const sent: DemoStep[] = [...approved, ['seller', 'delivery-send']];
  switch (stage) {
    case 'waiting':
      return [];
    case 'declined':
      return [['recipient', 'decline-offer']];
    case 'withdrawn':
      return [['maker', 'delete-offer']];
    case 'approved':
      return approved;
    case 'sent':
      return sent;
    case 'done':
      return [...sent, ['buyer', 'delivery-get'], ['buyer', 'payment-send'], ['seller', 'payment-get']];
    case 'paid_at_pickup':
      return [
        ...approved,
        ['seller', 'approve-direct-payment'],
        ['seller', 'delivery-send'],
        ['buyer', 'delivery-get'],
      ];
  }
}

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
  const people = await db.select().from(users).where(like(users.email, 'demo-%@mavuno.test'));
  const personOf = (handle: string) => {
    const person = people.find((p) => p.email === `${handle}@mavuno.test`);
    if (!person) throw new Error(`Demo deals: no demo account ${handle}`);
    return person;
  };
  const as = (handle: string) => toSessionUser(personOf(handle), 0);
  // The services open their own (nested) transactions; inside the seeding transaction they become savepoints. The
  // record* halves of createOffer and actOnOffer: those also count the maker's hourly limit, on a connection of its
  // own that would wait for the seeding transaction (PGlite has one), and e-mail the demo members.
  for (const deal of DEMO_DEALS) {
    const [lot] = await db
      .select({ id: lots.id, kind: lots.kind, type: lots.type, userId: lots.userId })
      .from(lots)
      .where(
        and(
          eq(lots.title, deal.lot),
          inArray(lots.status, ['active', 'in_process']),
          inArray(
            lots.userId,
            people.map((p) => p.id),
          ),
        ),
      );
    if (!lot) throw new Error(`Demo deals: no demo lot "${deal.lot}"`);
    const maker = personOf(deal.by);
    const owner = people.find((p) => p.id === lot.userId)!;
    const offerType = OFFER_TYPE_FOR_LOT[lot.type];
    const parties = {
      maker,
      recipient: owner,
      buyer: makerRole(offerType) === 'buyer' ? maker : owner,
      seller: recipientRole(offerType) === 'seller' ? owner : maker,
    };
    for (const message of deal.chatBefore ?? []) await writeDemoMessage(db, lot, maker.id, personOf, message);
    // The offer as a client would send it, read by the API's own schema.
    const input = createOfferSchema('en').parse({
      order_id: lot.id,
      order_type: KINDS[lot.kind].orderType,
      delivery_type: 1,
      payment_type: 1,
      price: deal.price,
      volume: deal.volume,
      comment: deal.comment,
      ...(deal.days ? { date_from: day(deal.days[0]), date_to: day(deal.days[1]) } : {}),
    });
    const offer = await recordOffer(db, as(deal.by), input);
    for (const [role, action] of stepsTo(deal.stage))
      await recordOfferStep(db, toSessionUser(parties[role], 0), action, { id: offer.id });
    const { buyer: buyerSays, seller: sellerSays } = deal.feedback ?? {};
    for (const [party, said] of [
      [parties.buyer, buyerSays],
      [parties.seller, sellerSays],
    ] as const)
      if (said)
        await leaveFeedback(db, toSessionUser(party, 0), { offer_id: offer.id, rating: said[0], comment: said[1] });
    for (const message of deal.chatAfter ?? []) await writeDemoMessage(db, lot, maker.id, personOf, message);
  }
}

/**
 * One demo message in the room between a demo lot's owner and the demo member who deals on it, through the
 * chat's own append (so the room's order, last message and read marks are right), dated `minutesAgo` back.
 */
async function writeDemoMessage(
  db: Executor,
  lot: { id: number; userId: number },
  makerId: number,
  personOf: (handle: string) => typeof users.$inferSelect,
  [who, text, minutesAgo = 0]: DemoMessage,
): Promise<void> {
  const { room } = await findOrCreateRoom(db, lot, makerId);
  const { message } = await appendMessage(db, room, { kind: 'text', createdBy: personOf(who).id, body: text });
  // Only messages before the deal's first line are dated back: that line, written next, moves the room's activity.
  if (minutesAgo > 0)
    await db
      .update(chatMessages)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo}::int)` })
      .where(eq(chatMessages.id, message.id));
}
