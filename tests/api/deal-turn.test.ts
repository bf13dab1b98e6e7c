import { describe, expect, it } from 'vitest';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

/**
 * Whose turn a deal shows (docs/deals.md "Actions": `nextActor`): the offer answers' `waiting_for` and `your_turn`,
 * which every list and the deal page show, and the badge, which counts the waiting offers it names.
 */
const database = useTestDatabase();

type Auth = Record<string, string>;
type OfferItem = { id: number; status: number; your_turn: boolean; waiting_for: string | null };

const offerOf = async (auth: Auth, id: number): Promise<OfferItem> =>
  ((await getAs(auth, '/offer?per-page=100')).json.items as OfferItem[]).find((item) => item.id === id)!;
const badgeOf = async (auth: Auth) => (await getAs(auth, '/offer/user-offer-count')).json.count as number;

describe('whose turn a deal shows', () => {
  it('after the seller approves an online deal, it is the buyer’s turn (to pay): the seller, who may only decline, waits', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const lotId = await sellMaize(seller.auth);
    const made = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
      payment_type: 3,
    });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toMatchObject({ waiting_for: 'seller', your_turn: false });
    expect((await offerOf(seller.auth, made.json.id)).your_turn).toBe(true);

    const approved = await act(seller.auth, 'approve-offer', made.json.id);
    expect(approved.status, approved.text).toBe(200);
    // The seller may still call it off, which is no turn: "Your turn" with only "Decline" was the mistake.
    expect(approved.json).toMatchObject({
      status: 3,
      waiting_for: 'buyer',
      your_turn: false,
      allowed_actions: ['decline-offer'],
    });
    const asBuyer = await getAs(buyer.auth, `/offer?per-page=100`);
    expect((asBuyer.json.items as OfferItem[]).find((item) => item.id === made.json.id)).toMatchObject({
      waiting_for: 'buyer',
      your_turn: true,
    });
    // The cabinet's lists carry the same flag.
    const sold = await getAs(seller.auth, '/offer/cabinet?view=sold-not-paid');
    expect(sold.status, sold.text).toBe(200);
    expect((sold.json.items as OfferItem[]).find((item) => item.id === made.json.id)).toMatchObject({
      your_turn: false,
      waiting_for: 'buyer',
    });
  });

  it('the badge counts exactly the waiting offers whose turn is the user’s, never deals under way or offers they made', async () => {
    const trader = await memberWithTier(database.handle(), 'silver');
    const other = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const sellLot = await sellMaize(trader.auth);
    const buyRequest = await sellMaize(trader.auth, { type: 'buy' });
    const othersRequest = await sellMaize(other.auth, { type: 'buy' });

    const offer = async (auth: Auth, lotId: number, extra: Record<string, unknown> = {}) => {
      const made = await makeOffer(auth, {
        order_id: lotId,
        order_type: 'board_list',
        price: 3500,
        volume: 10,
        ...extra,
      });
      expect(made.status, made.text).toBe(200);
      return made.json.id as number;
    };
    const toSell = { delivery_type: 2, delivery_distance: 10, delivery_price_per_km: 40 };
    // Waiting for the trader: two offers on their sell lot, one on their buy request.
    const waiting = [
      await offer(buyer.auth, sellLot),
      await offer(buyer.auth, sellLot),
      await offer(other.auth, buyRequest, toSell),
    ];
    // Not waiting for them: their own offer on another's buy request (they made it), a deal under way where both
    // have a step (direct payment), an approved online deal waiting for the buyer's money, a declined offer.
    const made = await offer(trader.auth, othersRequest, toSell);
    const direct = await offer(buyer.auth, sellLot);
    expect((await act(trader.auth, 'approve-offer', direct)).status).toBe(200);
    const online = await offer(buyer.auth, sellLot, { payment_type: 3 });
    expect((await act(trader.auth, 'approve-offer', online)).status).toBe(200);
    const declined = await offer(buyer.auth, sellLot);
    expect((await act(trader.auth, 'decline-offer', declined)).status).toBe(200);

    const items = (await getAs(trader.auth, '/offer?per-page=100')).json.items as OfferItem[];
    const turn = (id: number) => items.find((item) => item.id === id)!;
    for (const id of waiting) expect(turn(id), `offer ${id}`).toMatchObject({ status: 2, your_turn: true });
    expect(turn(made)).toMatchObject({ status: 2, your_turn: false, waiting_for: 'buyer' });
    expect(turn(direct)).toMatchObject({ status: 3, your_turn: true, waiting_for: 'both' });
    expect(turn(online)).toMatchObject({ status: 3, your_turn: false, waiting_for: 'buyer' });
    expect(turn(declined)).toMatchObject({ status: 1, your_turn: false, waiting_for: null });

    const badge = await badgeOf(trader.auth);
    expect(badge).toBe(waiting.length);
    expect(badge).toBe(items.filter((item) => item.status === 2 && item.your_turn).length);
    // The other side of the offer the trader made: it waits for its recipient, and their badge says so.
    expect(await badgeOf(other.auth)).toBe(
      ((await getAs(other.auth, '/offer?per-page=100')).json.items as OfferItem[]).filter(
        (item) => item.status === 2 && item.your_turn,
      ).length,
    );
    expect(await badgeOf(other.auth)).toBe(1);
  });
});
