import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dealReleaseNotices, mailOutbox, offerEvents, offers, walletAccounts } from '~/server/db/schema';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';
import { verifyStoredDeal } from '~/server/services/deals/history';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { signedUpUser } from '../fixtures/accounts';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { form } from '../fixtures/api';
import { memberWithTier, postAs } from '../fixtures/lots';
import { useTestDatabase } from '../fixtures/database';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const TOTAL = 3_500_000;
const DAY = 86_400_000;
const DAYS = 7;

const sellerBalance = async (sellerId: number) => {
  const account = await findAccount(db(), { kind: 'member_available', userId: sellerId, currency: 'KES' });
  if (!account) return null;
  return (await db().select().from(walletAccounts).where(eq(walletAccounts.id, account.id)))[0].balance;
};
const offerRow = async (id: number) => (await db().select().from(offers).where(eq(offers.id, id)))[0];
const mailsTo = async (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** A wallet deal approved (money frozen) and, unless told, its goods sent: answers the parties and when. */
async function sentDeal(options: { sent?: boolean } = {}) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const sellerId = await userId(database.handle(), seller.email);
  const lotId = await sellMaize(seller.auth);
  const buyer = await signedUpUser();
  await topUp(database.handle(), await userId(database.handle(), buyer.email), TOTAL);
  const res = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    payment_type: 2,
  });
  const offerId = res.json.id as number;
  expect((await act(seller.auth, 'approve-offer', offerId)).status).toBe(200);
  const sentAt = Date.now();
  if (options.sent !== false) expect((await act(seller.auth, 'delivery-send', offerId)).status).toBe(200);
  return { seller: { ...seller, id: sellerId }, buyer, offerId, sentAt };
}

describe('automatic release', () => {
  it('warns the buyer once a day before, then releases the money to the seller and ends the deal, once', async () => {
    const { seller, buyer, offerId, sentAt } = await sentDeal();
    // Five days on: nothing yet.
    let run = await autoReleaseDeals(db(), new Date(sentAt + 5 * DAY), DAYS);
    expect(run.released).not.toContain(offerId);
    expect(run.warned).not.toContain(offerId);
    // Six and a half days on: the buyer is warned, once however often the job runs.
    const mailsBefore = (await mailsTo(buyer.email)).length;
    run = await autoReleaseDeals(db(), new Date(sentAt + 6.5 * DAY), DAYS);
    expect(run.warned).toContain(offerId);
    expect(run.released).not.toContain(offerId);
    run = await autoReleaseDeals(db(), new Date(sentAt + 6.6 * DAY), DAYS);
    expect(run.warned).not.toContain(offerId);
    const warnings = (await mailsTo(buyer.email)).slice(mailsBefore);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].text).toContain('goes to the seller automatically on');
    expect(await db().select().from(dealReleaseNotices).where(eq(dealReleaseNotices.offerId, offerId))).toHaveLength(1);
    expect((await offerRow(offerId)).status).toBe(3);
    expect(await sellerBalance(seller.id)).toBeNull();

    // Seven days on: released, as if the buyer had confirmed; two processes running at once release it once.
    const at = new Date(sentAt + DAYS * DAY + 60_000);
    const both = await Promise.all([autoReleaseDeals(db(), at, DAYS), autoReleaseDeals(db(), at, DAYS)]);
    expect(both.flatMap((r) => r.released).filter((id) => id === offerId)).toHaveLength(1);
    expect(await offerRow(offerId)).toMatchObject({ status: 9, deliveryStatus: 2, paymentStatus: 2 });
    expect(await sellerBalance(seller.id)).toBe(TOTAL);
    expect((await autoReleaseDeals(db(), new Date(at.getTime() + DAY), DAYS)).released).not.toContain(offerId);
    const chain = await db()
      .select()
      .from(offerEvents)
      .where(eq(offerEvents.offerId, offerId))
      .orderBy(offerEvents.seq);
    expect(chain.map((e) => e.action)).toEqual(['create', 'approve-offer', 'delivery-send', 'auto-release']);
    expect((chain[3].data as { wallet: { step: string } }).wallet.step).toBe('release');
    expect((await verifyStoredDeal(db(), offerId)).valid).toBe(true);
    // The buyer's own confirmation afterwards changes nothing.
    expect((await act(buyer.auth, 'delivery-get', offerId)).status).toBe(200);
    expect(await sellerBalance(seller.id)).toBe(TOTAL);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });

  it('never releases a deal whose goods are not sent, nor a disputed one, nor a confirmed one', async () => {
    const notSent = await sentDeal({ sent: false });
    const disputed = await sentDeal();
    const opened = await postAs(
      disputed.buyer.auth,
      '/offer/open-dispute',
      form({ id: disputed.offerId, reason: 'not_received', comment: '' }),
    );
    expect(opened.status, opened.text).toBe(200);
    const confirmed = await sentDeal();
    expect((await act(confirmed.buyer.auth, 'delivery-get', confirmed.offerId)).status).toBe(200);
    const run = await autoReleaseDeals(db(), new Date(Date.now() + 30 * DAY), DAYS);
    for (const deal of [notSent, disputed, confirmed]) expect(run.released).not.toContain(deal.offerId);
    expect(run.warned).not.toContain(disputed.offerId);
    expect((await offerRow(notSent.offerId)).status).toBe(3);
    expect((await offerRow(disputed.offerId)).status).toBe(3);
    expect(await sellerBalance(disputed.seller.id)).toBeNull();
    expect(await sellerBalance(confirmed.seller.id)).toBe(TOTAL);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });
});
