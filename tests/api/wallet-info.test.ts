import { describe, expect, it } from 'vitest';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { get } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { freshKey, topUp, userId, walletParties } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;

describe('GET /user-wallet-info', () => {
  it('shows the caller their own pockets, frozen amounts with their deals and transactions — nobody else’s', async () => {
    const { seller, buyers } = await walletParties(database.handle(), 2);
    const [buyer, other] = buyers;
    const pocket = await topUp(database.handle(), buyer.id, 250_000);
    await topUp(database.handle(), other.id, 9_999);
    await topUp(database.handle(), buyer.id, 700, 'UGX');
    const frozen = await openAccount(db(), { kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' });
    const freeze = await createPending(db(), {
      key: freshKey(),
      cause: 'deal',
      offerId: buyer.offerId,
      step: 'freeze',
      currency: 'KES',
      sourceAccountId: pocket.id,
      holdAccountId: frozen.id,
      amount: 50_000,
    });

    const mine = await getAs(buyer.auth, '/user-wallet-info');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const kes = mine.json.pockets.find((p: { currency: string }) => p.currency === 'KES');
    expect(kes).toEqual({
      currency: 'KES',
      decimals: 2,
      available: 200_000,
      frozen: 50_000,
      frozen_items: [{ pending_id: freeze.pending.id, deal_id: buyer.offerId, amount: 50_000, kind: 'deal' }],
    });
    expect(mine.json.pockets.find((p: { currency: string }) => p.currency === 'UGX')).toMatchObject({
      available: 700,
      frozen: 0,
      frozen_items: [],
    });
    expect(mine.json.transactions._meta).toMatchObject({ totalCount: 3, currentPage: 1, perPage: 20 });
    expect(mine.json.transactions.items[0]).toMatchObject({
      currency: 'KES',
      amount: -50_000,
      cause: 'deal',
      deal_id: buyer.offerId,
      step: 'freeze',
    });
    expect(mine.json.transactions.items.map((t: { amount: number }) => t.amount)).toEqual([-50_000, 700, 250_000]);

    // The other buyer sees only their own 9,999; the seller, released to, sees the money arrive.
    const theirs = await getAs(other.auth, '/user-wallet-info');
    expect(theirs.json.pockets).toEqual([
      { currency: 'KES', decimals: 2, available: 9_999, frozen: 0, frozen_items: [] },
    ]);
    expect(theirs.json.transactions.items.map((t: { amount: number }) => t.amount)).toEqual([9_999]);

    const sellerPocket = await openAccount(db(), { kind: 'member_available', userId: seller.id, currency: 'KES' });
    await postPending(db(), {
      key: freshKey(),
      cause: 'deal',
      offerId: buyer.offerId,
      step: 'release',
      pendingId: freeze.pending.id,
      destinations: [{ accountId: sellerPocket.id, amount: 50_000 }],
    });
    const sellers = await getAs(seller.auth, '/user-wallet-info');
    expect(sellers.json.pockets).toEqual([
      { currency: 'KES', decimals: 2, available: 50_000, frozen: 0, frozen_items: [] },
    ]);
    expect(sellers.json.transactions.items).toHaveLength(1);
    expect(sellers.json.transactions.items[0]).toMatchObject({ amount: 50_000, step: 'release' });
    const after = await getAs(buyer.auth, '/user-wallet-info');
    expect(after.json.pockets[0]).toMatchObject({ available: 200_000, frozen: 0, frozen_items: [] });
  });

  it('pages the transactions', async () => {
    const member = await signedUpUser();
    const id = await userId(database.handle(), member.email);
    for (const amount of [1, 2, 3, 4, 5]) await topUp(database.handle(), id, amount);
    const page2 = await getAs(member.auth, '/user-wallet-info?page=2&per-page=2');
    expect(page2.json.transactions.items.map((t: { amount: number }) => t.amount)).toEqual([3, 2]);
    expect(page2.json.transactions._meta).toEqual({ totalCount: 5, pageCount: 3, currentPage: 2, perPage: 2 });
  });

  it('shows a new member an empty wallet, refuses the anonymous and bad paging', async () => {
    const member = await signedUpUser();
    const empty = await getAs(member.auth, '/user-wallet-info');
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({
      pockets: [],
      transactions: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 } },
    });
    const anonymous = await get('/user-wallet-info');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('unauthorized');
    for (const query of ['per-page=500', 'per-page=abc', 'page=-1']) {
      const bad = await getAs(member.auth, `/user-wallet-info?${query}`, 'sw');
      expect(bad.status, query).toBe(422);
      expect(bad.json.code).toBe('validation_failed');
    }
  });
});
