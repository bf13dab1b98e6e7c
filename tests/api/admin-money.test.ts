import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, dealDisputes, offers, payouts, platformSettings, walletAccounts } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { verifyAuditChain } from '~/server/services/admin/verify-audit-chain';
import { findFrozenMoney } from '~/server/services/deals/find-frozen-money';
import { platformFeeOf } from '~/server/services/deals/platform-fee';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { signedUpUser } from '../fixtures/accounts';
import { apiRequest, form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier, postAs } from '../fixtures/lots';
import { topUp, userId } from '../fixtures/wallet';
import { adminGate, staffMember } from './admin-helpers';
import { TestCookies } from '../fixtures/forms';
import { formTokenFor } from '~/server/http/form-token';
import { loadDisputeCasePage, loadSettingsPage } from '~/server/loaders/admin-money';
import { loadDealsPage } from '~/server/loaders/admin-deals';

const database = useTestDatabase();
const db = () => database.handle().db;
const PASSWORD = 'harvest-2026';

/** KES 3,500 a bag × 10 bags: the deal's total in cents. */
const TOTAL = 3_500_000;

type Auth = Record<string, string>;
const call = (auth: Auth, method: 'GET' | 'POST', path: string, fields?: Record<string, string>, locale?: string) =>
  apiRequest(path, {
    method,
    headers: fields ? { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' } : auth,
    body: fields ? form(fields) : undefined,
    locale,
  });

const balanceOf = async (spec: Parameters<typeof findAccount>[1]) => {
  const account = await findAccount(db(), spec);
  if (!account) return 0;
  const [row] = await db()
    .select({ b: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.id, account.id));
  return Number(row.b);
};
const sellerPocket = (id: number) => balanceOf({ kind: 'member_available', userId: id, currency: 'KES' });
const ledgerClean = async () => expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
const auditRows = (action: string, objectId: string | number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, String(objectId))))
    .orderBy(desc(auditLog.seq));

/** A wallet deal of 10 bags at KES 3,500, approved (money frozen), goods sent, and disputed by the buyer. */
async function disputedDeal() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const sellerId = await userId(database.handle(), seller.email);
  const lotId = await sellMaize(seller.auth);
  const buyer = await signedUpUser();
  const buyerId = await userId(database.handle(), buyer.email);
  await topUp(database.handle(), buyerId, TOTAL);
  const res = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    payment_type: 2,
  });
  expect(res.status, res.text).toBe(200);
  const offerId = res.json.id as number;
  expect((await act(seller.auth, 'approve-offer', offerId)).status).toBe(200);
  expect((await act(seller.auth, 'delivery-send', offerId)).status).toBe(200);
  const opened = await postAs(
    buyer.auth,
    '/offer/open-dispute',
    form({ id: offerId, reason: 'quantity_short', comment: 'Only 8 bags came' }),
  );
  expect(opened.status, opened.text).toBe(200);
  return { seller: { ...seller, id: sellerId }, buyer: { ...buyer, id: buyerId }, offerId };
}

afterEach(async () => {
  getEnv().platformFeeBps = 0;
  await db().delete(platformSettings);
});

describe('back office: disputes', () => {
  it('lists open disputes and shows one with evidence, history and frozen money', async () => {
    const finance = await staffMember('finance');
    const { offerId, buyer } = await disputedDeal();
    const list = await call(finance.auth, 'GET', '/admin/money/disputes');
    expect(list.status, list.text).toBe(200);
    expect(list.json.count).toBeGreaterThanOrEqual(1);
    const item = list.json.items.find((i: { offer_id: number }) => i.offer_id === offerId);
    expect(item).toMatchObject({ reason: 'quantity_short', held: TOTAL, currency: 'KES', opened_by: buyer.id });

    const one = await call(finance.auth, 'GET', `/admin/money/disputes/${offerId}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json.frozen).toEqual({ amount: TOTAL, currency: 'KES', status: 'pending' });
    expect(one.json.history.valid).toBe(true);
    expect(one.json.buyer.email).toBe(buyer.email);
    expect(one.json.evidence).toContainEqual(
      expect.objectContaining({ party: 'buyer', action: 'open-dispute', comment: 'Only 8 bags came' }),
    );
    expect(Array.isArray(one.json.chat)).toBe(true);
    expect((await call(finance.auth, 'GET', '/admin/money/disputes/999999')).status).toBe(404);
  });

  it('release moves the frozen money to the seller (no step-up needed) and is audited', async () => {
    const admin = await staffMember('admin');
    const { offerId, seller } = await disputedDeal();
    const res = await call(admin.auth, 'POST', `/admin/money/disputes/${offerId}/decide`, {
      decision: 'release',
      note: 'Delivery note signed',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ decision: 'release', held: TOTAL, seller_amount: TOTAL, fee: 0, buyer_amount: 0 });
    expect(await sellerPocket(seller.id)).toBe(TOTAL);
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('posted');
    expect((await db().select().from(offers).where(eq(offers.id, offerId)))[0].status).toBe(9);
    const [audit] = await auditRows('dispute.resolve', offerId);
    expect(audit).toMatchObject({ actorId: admin.user.id, note: 'Delivery note signed' });
    expect(audit.before).toMatchObject({ status: 'open', held: TOTAL });
    expect(audit.after).toMatchObject({ status: 'resolved', decision: 'release', seller_amount: TOTAL });
    // Decided once: a second decision finds no open dispute.
    const again = await call(admin.auth, 'POST', `/admin/money/disputes/${offerId}/decide`, { decision: 'release' });
    expect(again.status).toBe(409);
    await ledgerClean();
    expect((await verifyAuditChain(db(), admin.actor)).valid).toBe(true);
  });

  it('refund needs the step-up; with it the buyer gets the money back', async () => {
    const finance = await staffMember('finance');
    const { offerId, buyer, seller } = await disputedDeal();
    const path = `/admin/money/disputes/${offerId}/decide`;
    const bare = await call(finance.auth, 'POST', path, { decision: 'refund' });
    expect(bare.status).toBe(403);
    expect(bare.json.code).toBe('admin.step_up_required');
    const wrong = await call(finance.auth, 'POST', path, { decision: 'refund', step_up: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.code).toBe('admin.step_up_required');
    // Nothing moved, the dispute is still open.
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('pending');
    expect(await auditRows('dispute.resolve', offerId)).toHaveLength(0);

    const res = await call(finance.auth, 'POST', path, { decision: 'refund', step_up: await finance.code() });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ decision: 'refund', seller_amount: 0, buyer_amount: TOTAL });
    expect(await sellerPocket(buyer.id)).toBe(TOTAL);
    expect(await sellerPocket(seller.id)).toBe(0);
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('voided');
    const [dispute] = await db().select().from(dealDisputes).where(eq(dealDisputes.offerId, offerId));
    expect(dispute).toMatchObject({ status: 'resolved', decision: 'refund', decidedBy: finance.user.id });
    expect(await auditRows('dispute.resolve', offerId)).toHaveLength(1);
    await ledgerClean();
  });

  it('split reads the typed seller amount by the language and takes the fee in force', async () => {
    const admin = await staffMember('admin');
    const { offerId, buyer, seller } = await disputedDeal();
    const path = `/admin/money/disputes/${offerId}/decide`;
    const noAmount = await call(admin.auth, 'POST', path, { decision: 'split', step_up: PASSWORD });
    expect(noAmount.status).toBe(422);
    const tooMuch = await call(admin.auth, 'POST', path, {
      decision: 'split',
      seller_amount: '35000',
      step_up: PASSWORD,
    });
    expect(tooMuch.status).toBe(422);
    const garbage = await call(admin.auth, 'POST', path, {
      decision: 'split',
      seller_amount: 'lots',
      step_up: PASSWORD,
    });
    expect(garbage.status).toBe(422);
    expect(garbage.json.errors.seller_amount).toBeDefined();
    const noStepUp = await call(admin.auth, 'POST', path, { decision: 'split', seller_amount: '20000' });
    expect(noStepUp.status).toBe(403);

    const fee = await call(admin.auth, 'POST', '/admin/money/settings', {
      key: 'platform_fee_bps',
      value: '250',
      step_up: 'harvest-2026',
    });
    expect(fee.status, fee.text).toBe(200);
    // KES 20 000,50 typed in French: a space groups, the comma is the decimal mark.
    const res = await call(
      admin.auth,
      'POST',
      path,
      { decision: 'split', seller_amount: '20 000,50', step_up: PASSWORD },
      'fr',
    );
    expect(res.status, res.text).toBe(200);
    const part = 2_000_050;
    expect(res.json).toMatchObject({ seller_amount: part, buyer_amount: TOTAL - part, fee: platformFeeOf(part, 250) });
    expect(await sellerPocket(seller.id)).toBe(part - platformFeeOf(part, 250));
    expect(await sellerPocket(buyer.id)).toBe(TOTAL - part);
    expect(await balanceOf({ kind: 'fees', currency: 'KES' })).toBeGreaterThanOrEqual(platformFeeOf(part, 250));
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('posted');
    await ledgerClean();
  });
});

describe('back office: fee settings', () => {
  it('a fee change applies from the next release and is audited; bad values are refused', async () => {
    const admin = await staffMember('admin');
    getEnv().platformFeeBps = 100;
    const before = await call(admin.auth, 'GET', '/admin/money/settings');
    expect(before.status).toBe(200);
    expect(before.json.items).toContainEqual(
      expect.objectContaining({ key: 'platform_fee_bps', value: 100, source: 'env' }),
    );

    expect(
      (await call(admin.auth, 'POST', '/admin/money/settings', { key: 'platform_fee_bps', value: '10001' })).status,
    ).toBe(422);
    expect(
      (await call(admin.auth, 'POST', '/admin/money/settings', { key: 'platform_fee_bps', value: '2.5' })).status,
    ).toBe(422);
    expect((await call(admin.auth, 'POST', '/admin/money/settings', { key: 'nonsense', value: '1' })).status).toBe(422);

    const unconfirmed = await call(admin.auth, 'POST', '/admin/money/settings', {
      key: 'platform_fee_bps',
      value: '500',
    });
    expect([unconfirmed.status, unconfirmed.json.code]).toEqual([403, 'admin.step_up_required']);
    const set = await call(admin.auth, 'POST', '/admin/money/settings', {
      key: 'platform_fee_bps',
      value: '500',
      step_up: 'harvest-2026',
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ key: 'platform_fee_bps', before: 100, after: 500 });
    const [audit] = await auditRows('setting.update', 'platform_fee_bps');
    expect(audit).toMatchObject({ before: { value: 100 }, after: { value: 500 }, actorId: admin.user.id });

    // The next release (the buyer confirms the goods) takes 5 %.
    const seller = await memberWithTier(database.handle(), 'silver');
    const sellerId = await userId(database.handle(), seller.email);
    const lotId = await sellMaize(seller.auth);
    const buyer = await signedUpUser();
    await topUp(database.handle(), await userId(database.handle(), buyer.email), TOTAL);
    const offer = await makeOffer(buyer.auth, {
      order_id: lotId,
      order_type: 'board_list',
      price: 3500,
      volume: 10,
      payment_type: 2,
    });
    const offerId = offer.json.id as number;
    expect((await act(seller.auth, 'approve-offer', offerId)).status).toBe(200);
    expect((await act(seller.auth, 'delivery-send', offerId)).status).toBe(200);
    expect((await act(buyer.auth, 'delivery-get', offerId)).status).toBe(200);
    expect(await sellerPocket(sellerId)).toBe(TOTAL - platformFeeOf(TOTAL, 500));
    await ledgerClean();
  });
});

describe('back office: payouts', () => {
  async function waitingPayout() {
    const member = await signedUpUser();
    const id = await userId(database.handle(), member.email);
    await topUp(database.handle(), id, 30_000_000);
    const res = await apiRequest('/wallet/withdraw', {
      method: 'POST',
      body: form({ amount: '100000', currency: 1, method: 'mobile_money', phone: '+254700000001' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...member.auth },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('awaiting_approval');
    return { member: { ...member, id }, reference: res.json.reference as string };
  }

  it('approval needs the step-up, then sends it; audited', async () => {
    const finance = await staffMember('finance');
    const { reference } = await waitingPayout();
    const list = await call(finance.auth, 'GET', '/admin/money/payouts');
    expect(list.status).toBe(200);
    expect(list.json.items).toContainEqual(
      expect.objectContaining({ reference, status: 'awaiting_approval', amount_minor: 10_000_000 }),
    );
    const path = `/admin/money/payouts/${reference}/decide`;
    const bare = await call(finance.auth, 'POST', path, { decision: 'approve' });
    expect(bare.status).toBe(403);
    expect(bare.json.code).toBe('admin.step_up_required');
    expect((await db().select().from(payouts).where(eq(payouts.reference, reference)))[0].status).toBe(
      'awaiting_approval',
    );
    const ok = await call(finance.auth, 'POST', path, { decision: 'approve', step_up: PASSWORD });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe('succeeded');
    const [audit] = await auditRows('payout.approve', reference);
    expect(audit).toMatchObject({ before: { status: 'awaiting_approval' }, after: { status: 'pending' } });
    expect((await call(finance.auth, 'POST', path, { decision: 'approve', step_up: PASSWORD })).status).toBe(409);
    await ledgerClean();
  });

  it('decline needs a reason and returns the money to the member; audited', async () => {
    const admin = await staffMember('admin');
    const { member, reference } = await waitingPayout();
    const path = `/admin/money/payouts/${reference}/decide`;
    expect(await sellerPocket(member.id)).toBe(20_000_000);
    expect((await call(admin.auth, 'POST', path, { decision: 'decline' })).status).toBe(422);
    const res = await call(admin.auth, 'POST', path, { decision: 'decline', reason: 'Name does not match' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe('declined');
    expect(await sellerPocket(member.id)).toBe(30_000_000);
    const [audit] = await auditRows('payout.decline', reference);
    expect(audit).toMatchObject({ note: 'Name does not match', after: { status: 'declined' } });
    expect((await call(admin.auth, 'POST', path, { decision: 'decline', reason: 'again' })).status).toBe(409);
    expect(
      (await call(admin.auth, 'POST', '/admin/money/payouts/po_nope/decide', { decision: 'decline', reason: 'x' }))
        .status,
    ).toBe(404);
    await ledgerClean();
  });

  it('the approval threshold set in the back office decides whether a payout waits', async () => {
    const admin = await staffMember('admin');
    const set = await call(admin.auth, 'POST', '/admin/money/settings', {
      key: 'payout_approval_above_usd',
      value: '1,000,000',
      step_up: 'harvest-2026',
    });
    expect(set.status, set.text).toBe(200);
    const member = await signedUpUser();
    const id = await userId(database.handle(), member.email);
    await topUp(database.handle(), id, 30_000_000);
    const res = await apiRequest('/wallet/withdraw', {
      method: 'POST',
      body: form({ amount: '100000', currency: 1, method: 'mobile_money', phone: '+254700000001' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...member.auth },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).not.toBe('awaiting_approval');
  });
});

describe('back office: reconciliation', () => {
  it('reports, and repairs only with the step-up', async () => {
    const finance = await staffMember('finance');
    const report = await call(finance.auth, 'GET', '/admin/money/reconciliation');
    expect(report.status, report.text).toBe(200);
    expect(report.json).toMatchObject({ repaired: false, ledger: { ok: true } });
    expect(Array.isArray(report.json.payments)).toBe(true);
    const bare = await call(finance.auth, 'POST', '/admin/money/reconciliation/repair', {});
    expect(bare.status).toBe(403);
    expect(bare.json.code).toBe('admin.step_up_required');
    const repaired = await call(finance.auth, 'POST', '/admin/money/reconciliation/repair', { step_up: PASSWORD });
    expect(repaired.status, repaired.text).toBe(200);
    expect(repaired.json.repaired).toBe(true);
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, 'money.reconcile_repair'));
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe('back office: deals', () => {
  it('lists, searches and reads deals for support; money stays closed to support', async () => {
    const support = await staffMember('support');
    const { offerId, buyer } = await disputedDeal();
    const byId = await call(support.auth, 'GET', `/admin/deals?q=%23${offerId}`);
    expect(byId.status, byId.text).toBe(200);
    expect(byId.json.items.map((d: { id: number }) => d.id)).toContain(offerId);
    const byEmail = await call(support.auth, 'GET', `/admin/deals?q=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(byEmail.json.items.map((d: { id: number }) => d.id)).toEqual([offerId]);
    const approved = await call(support.auth, 'GET', '/admin/deals?status=approved&disputed=1');
    expect(approved.json.items).toContainEqual(expect.objectContaining({ id: offerId, disputed: true }));
    const done = await call(support.auth, 'GET', `/admin/deals?status=done&q=${offerId}`);
    expect(done.json.items).toEqual([]);
    expect((await call(support.auth, 'GET', '/admin/deals?status=nonsense')).status).toBe(422);
    const paged = await call(support.auth, 'GET', '/admin/deals?per-page=1&page=1');
    expect(paged.json._meta.perPage).toBe(1);

    const one = await call(support.auth, 'GET', `/admin/deals/${offerId}`);
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ id: offerId, status: 3, currency: 'KES', total_minor: TOTAL });
    expect(one.json.history.valid).toBe(true);
    expect(one.json.history.events.map((e: { action: string }) => e.action)).toContain('open-dispute');
    expect(one.json.disputes[0]).toMatchObject({ status: 'open', reason: 'quantity_short' });
    expect((await call(support.auth, 'GET', '/admin/deals/0')).status).toBe(404);
    expect((await call(support.auth, 'GET', '/admin/deals/999999')).status).toBe(404);

    for (const [method, path] of [
      ['GET', '/admin/money/disputes'],
      ['GET', `/admin/money/disputes/${offerId}`],
      ['POST', `/admin/money/disputes/${offerId}/decide`],
      ['GET', '/admin/money/payouts'],
      ['GET', '/admin/money/reconciliation'],
      ['POST', '/admin/money/settings'],
    ] as const) {
      const res = await call(support.auth, method, path, method === 'POST' ? { decision: 'release' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('pending');
  });

  it('a moderator gets 403 on both, a member 403, anonymous 401', async () => {
    const moderator = await staffMember('moderator');
    const member = await signedUpUser();
    for (const path of ['/admin/deals', '/admin/deals/1', '/admin/money/disputes', '/admin/money/settings']) {
      expect((await call(moderator.auth, 'GET', path)).status, path).toBe(403);
      expect((await call(member.auth, 'GET', path)).status, path).toBe(403);
      expect((await call({}, 'GET', path)).status, path).toBe(401);
    }
    expect((await call({}, 'POST', '/admin/money/disputes/1/decide', { decision: 'release' })).status).toBe(401);
  });
});

describe('back office pages: plain forms', () => {
  it('the decision form needs the confirmation box and the step-up, then redirects', async () => {
    const admin = await staffMember('admin');
    const { offerId, buyer } = await disputedDeal();
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const path = `/admin/money/disputes/${offerId}`;
    const shown = await loadDisputeCasePage(adminGate(admin, path, cookies), offerId);
    expect('view' in shown && shown.view.item.frozen?.amount).toBe(TOTAL);

    const unconfirmed = await loadDisputeCasePage(
      adminGate(admin, path, cookies, { decision: 'refund', step_up: PASSWORD }),
      offerId,
    );
    expect(unconfirmed.status).toBe(422);
    expect('view' in unconfirmed && unconfirmed.view.form.errors.confirm).toBeTruthy();
    const noStepUp = await loadDisputeCasePage(
      adminGate(admin, path, cookies, { decision: 'refund', confirm: '1' }),
      offerId,
    );
    expect(noStepUp.status).toBe(403);
    expect('view' in noStepUp && noStepUp.view.form.errors.step_up).toBeTruthy();
    expect((await findFrozenMoney(db(), offerId))?.status).toBe('pending');

    const done = await loadDisputeCasePage(
      adminGate(admin, path, cookies, {
        decision: 'refund',
        confirm: '1',
        step_up: PASSWORD,
        note: 'No delivery proof',
      }),
      offerId,
    );
    expect(done).toMatchObject({ status: 303, redirect: `${path}?done=refund` });
    expect(await sellerPocket(buyer.id)).toBe(TOTAL);
    await ledgerClean();
  });

  it('the fee form reads the number in the page language; the deals list filters', async () => {
    const finance = await staffMember('finance');
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const path = '/admin/money/settings';
    const bad = await loadSettingsPage(
      adminGate(finance, path, cookies, { key: 'platform_fee_bps', value: '2,5' }, 'fr'),
    );
    expect(bad.status).toBe(422);
    const done = await loadSettingsPage(
      adminGate(
        finance,
        path,
        cookies,
        { key: 'payout_approval_above_usd', value: '1 500', step_up: 'harvest-2026' },
        'fr',
      ),
    );
    expect(done).toMatchObject({ status: 303 });
    const [row] = await db()
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, 'payout_approval_above_usd'));
    expect(row.value).toBe(1500);

    const { offerId } = await disputedDeal();
    const list = await loadDealsPage(adminGate(finance, `/admin/deals?q=${offerId}&status=approved`, cookies));
    expect(list.page.items.map((d) => d.id)).toEqual([offerId]);
    const invalid = await loadDealsPage(adminGate(finance, '/admin/deals?status=bogus', cookies));
    expect(invalid.invalidFilters).toBe(true);
  });
});
