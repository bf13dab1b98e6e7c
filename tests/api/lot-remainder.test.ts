import { describe, expect, it } from 'vitest';
import { get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

/**
 * What remains of a lot after part of it was sold (docs/lots.md "Volume on offer"): every lot answer the cards are
 * drawn from carries it, not only the lot's own page.
 */
const database = useTestDatabase();

describe('a lot after a partial deal', () => {
  it('answers what remains beside its whole volume in the catalogue list, the lot and the seller’s lots', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const buyer = await signedUpUser();
    const lotId = await sellMaize(seller.auth, { volume: 200, min_volume: 10, max_volume: 100 });
    const made = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 50 });
    expect(made.status, made.text).toBe(200);
    expect((await act(seller.auth, 'approve-offer', made.json.id)).status).toBe(200);

    const remainder = { volume: 200, reserved_volume: 50, available_volume: 150 };
    const list = await get('/board-list/index?per-page=100');
    expect(list.status).toBe(200);
    expect(list.json.items.find((item: { id: number }) => item.id === lotId)).toMatchObject({
      status: 'in_process',
      ...remainder,
    });
    expect((await get(`/board-list/view?id=${lotId}`)).json).toMatchObject(remainder);
    const userId = list.json.items.find((item: { id: number }) => item.id === lotId).user.id;
    const own = await get(`/board-list/user-items?user_id=${userId}`);
    expect(own.json.items.find((item: { id: number }) => item.id === lotId)).toMatchObject(remainder);
  });
});
