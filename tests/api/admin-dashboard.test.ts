import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dealDisputes, verificationRequests } from '~/server/db/schema';
import { form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier, postAs } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';
import { staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;

const dashboard = async (auth: Record<string, string>) => {
  const res = await getAs(auth, '/admin/dashboard');
  expect(res.status, res.text).toBe(200);
  return res.json;
};
type Queue = { id: string; path: string; count: number; oldest_age_seconds: number | null };
const queue = (json: { queues: Queue[] }, id: string) => json.queues.find((q) => q.id === id) as Queue;

describe('GET /admin/dashboard', () => {
  it('counts sign-ups, lots, deals and traded value; each role sees its own queues', async () => {
    const finance = await staffMember('finance');
    const moderator = await staffMember('moderator');
    const before = await dashboard(finance.auth);

    await signedUpUser();
    const seller = await memberWithTier(database.handle(), 'silver');
    const sellerId = await userId(database.handle(), seller.email);
    const lotId = await sellMaize(seller.auth);
    const buyer = await signedUpUser();
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    expect(offer.status, offer.text).toBe(200);
    expect((await act(seller.auth, 'approve-offer', offer.json.id)).status).toBe(200);

    const after = await dashboard(finance.auth);
    expect(after.members.total - before.members.total).toBe(3);
    expect(after.members.new_7d - before.members.new_7d).toBe(3);
    expect(after.members.new_30d - before.members.new_30d).toBe(3);
    expect(after.lots_on_market - before.lots_on_market).toBe(1);
    expect(after.deals.approved - before.deals.approved).toBe(1);
    const kes = (json: typeof after) =>
      json.traded.find((t: { currency: string }) => t.currency === 'KES') ?? {
        days_7: { deals: 0, value_minor: 0 },
        days_30: { deals: 0, value_minor: 0 },
      };
    // 10 bags at KES 3,500: 35,000.00 in cents.
    expect(kes(after).days_7.deals - kes(before).days_7.deals).toBe(1);
    expect(kes(after).days_7.value_minor - kes(before).days_7.value_minor).toBe(3_500_000);
    expect(kes(after).days_30.value_minor - kes(before).days_30.value_minor).toBe(3_500_000);

    // An open dispute: in the finance view, not in the moderator's.
    const opened = new Date(Date.now() - 3 * 3600_000);
    await db().insert(dealDisputes).values({
      offerId: offer.json.id,
      openedBy: sellerId,
      reason: 'not_received',
      createdAt: opened,
    });
    const money = await dashboard(finance.auth);
    const disputes = queue(money, 'disputes');
    expect(disputes).toMatchObject({ path: '/admin/money', count: (queue(before, 'disputes')?.count ?? 0) + 1 });
    expect(disputes.oldest_age_seconds).toBeGreaterThanOrEqual(3 * 3600 - 5);
    expect(queue(money, 'payouts')).toBeDefined();
    expect(queue(money, 'verification_requests')).toBeUndefined();
    const moderation = await dashboard(moderator.auth);
    expect(queue(moderation, 'disputes')).toBeUndefined();
    expect(moderation.queues.map((q: { id: string }) => q.id)).toEqual([
      'silver_requests',
      'reports',
      'lot_appeals',
      'verification_requests',
    ]);

    // A verification request a day old: the queue's oldest age.
    const farmer = await signedUpUser();
    const sent = await postAs(farmer.auth, '/verification/request', form({ type: 'phone' }));
    expect(sent.status, sent.text).toBe(200);
    await db()
      .update(verificationRequests)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(verificationRequests.id, sent.json.id));
    const verification = queue(await dashboard(moderator.auth), 'verification_requests');
    expect(verification.count).toBeGreaterThanOrEqual(1);
    expect(verification.oldest_age_seconds).toBeGreaterThanOrEqual(86_400 - 5);
  });

  it('every staff role reads it; members 403, anonymous 401', async () => {
    for (const role of ['editor', 'support'] as const) {
      const staff = await staffMember(role);
      const json = await dashboard(staff.auth);
      expect(json.queues.map((q: { id: string }) => q.id)).toEqual(role === 'support' ? ['contact_messages'] : []);
    }
    const member = await signedUpUser();
    expect((await getAs(member.auth, '/admin/dashboard')).status).toBe(403);
    expect((await getAs({}, '/admin/dashboard')).status).toBe(401);
  });
});
