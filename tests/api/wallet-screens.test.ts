import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvCell } from '~/features/wallet/csv';
import { parseReceiptNumber, receiptNumber } from '~/features/wallet/receipts';
import { getDb } from '~/server/db';
import { currencies, payments, walletTransfers } from '~/server/db/schema';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { createPending } from '~/server/services/wallet/create-pending';
import { listReceipts } from '~/server/services/wallet/list-receipts';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { readReceipt } from '~/server/services/wallet/read-receipt';
import { loadReceiptPage, loadReceiptsPage, loadWalletPage } from '~/server/loaders/wallet-page';
import { loadSandboxCheckoutPage } from '~/server/loaders/sandbox-checkout';
import { getEnv } from '~/server/env';
import { getSandboxProvider } from '~/server/payments/registry';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { TestCookies, formRequest } from '../fixtures/forms';
import { freshKey, topUp, walletParties } from '../fixtures/wallet';

/**
 * The wallet's screens (docs/wallet.md "Screens"): the transactions' filters and CSV, receipts and who reads them,
 * and the wallet page's loader with its plain top-up form.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

/** A buyer with KES 2,500.00 and UGX 700, 500.00 KES frozen for their deal and released to the seller. */
async function walletWithHistory() {
  const { seller, buyers } = await walletParties(database.handle(), 2);
  const [buyer, stranger] = buyers;
  const pocket = await topUp(database.handle(), buyer.id, 250_000);
  await topUp(database.handle(), buyer.id, 700, 'UGX');
  await topUp(database.handle(), stranger.id, 9_999);
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
  return { seller, buyer, stranger, freeze, frozen };
}

describe('transactions: filters', () => {
  it('filters the caller’s own postings by currency, cause, direction and days, and refuses a bad filter', async () => {
    const { buyer } = await walletWithHistory();
    const amounts = async (query: string) => {
      const res = await getAs(buyer.auth, `/user-wallet-info?${query}`);
      expect(res.status).toBe(200);
      return res.json.transactions.items.map((t: { amount: number }) => t.amount);
    };
    expect(await amounts('')).toEqual([-50_000, 700, 250_000]);
    expect(await amounts('currency=ugx')).toEqual([700]);
    expect(await amounts('currency=KES&direction=in')).toEqual([250_000]);
    expect(await amounts('direction=out')).toEqual([-50_000]);
    expect(await amounts('cause=deal')).toEqual([-50_000]);
    expect(await amounts('cause=top_up&currency=KES')).toEqual([250_000]);
    expect(await amounts('cause=payout')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await amounts(`from=${today}&to=${today}`)).toEqual([-50_000, 700, 250_000]);
    expect(await amounts('to=2020-01-01')).toEqual([]);
    expect(await amounts('from=2999-01-01')).toEqual([]);
    const paged = await getAs(buyer.auth, '/user-wallet-info?per-page=1&page=2&currency=KES');
    expect(paged.json.transactions._meta).toMatchObject({ totalCount: 2, pageCount: 2, currentPage: 2 });
    expect(paged.json.transactions.items.map((t: { amount: number }) => t.amount)).toEqual([250_000]);

    for (const bad of [
      'cause=gift',
      'direction=sideways',
      'from=2026-02-30',
      'to=yesterday',
      'currency=K1',
      'from=0000-01-01',
      'to=9999-12-31',
    ]) {
      const res = await getAs(buyer.auth, `/user-wallet-info?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
  });
});

describe('GET /wallet/transactions.csv', () => {
  it('writes the caller’s filtered transactions with a header row and exact decimal amounts', async () => {
    const { buyer, stranger } = await walletWithHistory();
    const res = await getAs(buyer.auth, '/wallet/transactions.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,receipt,currency,direction,amount,cause,step,deal_id');
    expect(lines).toHaveLength(4);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => [r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      ['KES', 'out', '-500.00', 'deal', 'freeze', String(buyer.offerId)],
      ['UGX', 'in', '700', 'top_up', '', ''],
      ['KES', 'in', '2500.00', 'top_up', '', ''],
    ]);
    for (const r of rows) {
      expect(r[1]).toMatch(/^MV-\d{8}$/);
      expect(Number.isNaN(Date.parse(r[0]))).toBe(false);
    }

    const filtered = await getAs(buyer.auth, '/wallet/transactions.csv?currency=KES&direction=in');
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(filtered.text).toContain(',KES,in,2500.00,top_up,,');

    // Another member's export holds only their own row; without a session, 401; a bad filter, 422.
    const theirs = await getAs(stranger.auth, '/wallet/transactions.csv');
    const theirLines = theirs.text.trimEnd().split('\r\n');
    expect(theirLines).toHaveLength(2);
    expect(theirLines[1]).toContain(',KES,in,99.99,top_up,');
    expect(theirs.text).not.toContain('2500.00');
    expect((await get('/wallet/transactions.csv')).status).toBe(401);
    expect((await getAs(buyer.auth, '/wallet/transactions.csv?direction=up')).status).toBe(422);
  });

  it('keeps cells from being read as formulas and quotes what must be quoted', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+254700000000')).toBe('+254700000000'.replace(/^/, "'"));
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-500.00')).toBe('-500.00');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });
});

describe('receipts', () => {
  it('numbers receipts by transfer and reads only well-formed numbers', () => {
    expect(receiptNumber(42)).toBe('MV-00000042');
    expect(parseReceiptNumber('MV-00000042')).toBe(42);
    expect(parseReceiptNumber('mv-7')).toBe(7);
    for (const bad of ['', 'MV-', 'MV-0', 'XX-00000042', 'MV-12a', 'MV-99999999999', '42'])
      expect(parseReceiptNumber(bad)).toBeUndefined();
  });

  it('lets the pocket’s owner and the deal’s parties read a receipt; anyone else gets not found', async () => {
    const { seller, buyer, stranger, freeze } = await walletWithHistory();
    const transferId = freeze.transfer.id;

    const mine = await readReceipt(db(), buyer.id, transferId);
    expect(mine).toMatchObject({
      number: receiptNumber(transferId),
      kind: 'deal_payment',
      currency: 'KES',
      amount: 50_000,
      your_amount: -50_000,
      status: 'held',
      method: { kind: 'wallet', provider: null },
    });
    expect(mine.deal).toMatchObject({ id: buyer.offerId });
    expect(mine.from).toEqual([expect.objectContaining({ kind: 'member', mine: true, amount: 50_000 })]);
    expect(mine.to).toEqual([expect.objectContaining({ kind: 'escrow', deal_id: buyer.offerId, amount: 50_000 })]);

    // The seller is the deal's other party: reads the freeze, which did not touch their pocket.
    const sellers = await readReceipt(db(), seller.id, transferId);
    expect(sellers).toMatchObject({ your_amount: null, kind: 'deal_payment', amount: 50_000 });

    // A stranger, and a transfer that does not exist: the same not_found.
    await expect(readReceipt(db(), stranger.id, transferId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(readReceipt(db(), buyer.id, 2_000_000_000)).rejects.toMatchObject({ code: 'not_found' });
    // A top-up is the owner's only, even for the deal's seller.
    const [topUpOfBuyer] = (await listReceipts(db(), buyer.id, { page: 1, perPage: 20 })).items.filter(
      (r) => r.kind === 'top_up' && r.currency === 'KES',
    );
    await expect(readReceipt(db(), seller.id, topUpOfBuyer.transfer_id)).rejects.toMatchObject({ code: 'not_found' });

    // Released: the freeze now says so, and the seller's release is theirs.
    const sellerPocket = await openAccount(db(), { kind: 'member_available', userId: seller.id, currency: 'KES' });
    const release = await postPending(db(), {
      key: freshKey(),
      cause: 'deal',
      offerId: buyer.offerId,
      step: 'release',
      pendingId: freeze.pending.id,
      destinations: [{ accountId: sellerPocket.id, amount: 50_000 }],
    });
    expect((await readReceipt(db(), buyer.id, transferId)).status).toBe('released');
    const released = await readReceipt(db(), seller.id, release.transfer.id);
    expect(released).toMatchObject({ kind: 'deal_release', your_amount: 50_000, status: 'completed' });
    expect(released.from).toEqual([expect.objectContaining({ kind: 'escrow' })]);
    await expect(readReceipt(db(), stranger.id, release.transfer.id)).rejects.toMatchObject({ code: 'not_found' });

    // The page's loader: the owner's receipt, undefined (the 404 page) for a stranger or a bad number.
    expect(await loadReceiptPage({ id: buyer.id }, 'fr', receiptNumber(transferId))).toMatchObject({
      number: receiptNumber(transferId),
    });
    expect(await loadReceiptPage({ id: stranger.id }, 'en', receiptNumber(transferId))).toBeUndefined();
    expect(await loadReceiptPage({ id: buyer.id }, 'en', 'MV-abc')).toBeUndefined();
  });

  it('lists the member’s money events newest first, each with what it did to the pocket', async () => {
    const { buyer, stranger } = await walletWithHistory();
    const list = await listReceipts(db(), buyer.id, { page: 1, perPage: 2 });
    expect(list._meta).toMatchObject({ totalCount: 3, pageCount: 2 });
    expect(list.items.map((r) => [r.kind, r.currency, r.amount])).toEqual([
      ['deal_payment', 'KES', -50_000],
      ['top_up', 'UGX', 700],
    ]);
    const theirs = await listReceipts(db(), stranger.id, { page: 1, perPage: 20 });
    expect(theirs.items.map((r) => r.amount)).toEqual([9_999]);

    // The my-receipts card's loader: the same events, in the reader's language.
    const card = await loadReceiptsPage({ id: buyer.id }, 'fr', 1);
    expect(card.receipts._meta.totalCount).toBe(3);
    expect(card.receipts.items[0]).toMatchObject({ kind: 'deal_payment', money: expect.stringMatching(/500,00/) });
  });

  it('names the method of a provider’s top-up from its payment row', async () => {
    const { buyer } = await walletWithHistory();
    const [topUpReceipt] = (await listReceipts(db(), buyer.id, { page: 1, perPage: 20 })).items.filter(
      (r) => r.kind === 'top_up' && r.currency === 'KES',
    );
    // Without a payment row: the ledger's own record, the provider from the clearing account.
    expect((await readReceipt(db(), buyer.id, topUpReceipt.transfer_id)).method).toEqual({
      kind: 'ledger',
      provider: 'sandbox',
      reference: null,
    });
    await db()
      .insert(payments)
      .values({
        userId: buyer.id,
        provider: 'sandbox',
        reference: `tu_${topUpReceipt.transfer_id}_screens`,
        method: 'mobile_money',
        amountMinor: 250_000,
        currency: 'KES',
        purpose: 'top_up',
        status: 'succeeded',
        transferId: topUpReceipt.transfer_id,
      });
    expect((await readReceipt(db(), buyer.id, topUpReceipt.transfer_id)).method).toEqual({
      kind: 'mobile_money',
      provider: 'sandbox',
      reference: `tu_${topUpReceipt.transfer_id}_screens`,
    });
    const [transfer] = await db()
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.id, topUpReceipt.transfer_id));
    expect(transfer.cause).toBe('top_up');
  });
});

describe('the wallet page’s loader', () => {
  async function browserOf(member: { access: string }) {
    const user = await resolveUser(await getDb(), { bearer: member.access });
    if (!user) throw new Error('no session');
    const cookies = new TestCookies();
    const load = (
      path: string,
      fields?: Record<string, string>,
      extra: Partial<Parameters<typeof formRequest>[1]> = {},
    ) => loadWalletPage({ ...formRequest(path, { cookies, fields, ...extra }), user }, 1);
    return { user, cookies, load };
  }

  it('shows the pockets with their frozen deals and the filtered transactions, kept in the URL', async () => {
    const { buyer } = await walletWithHistory();
    const { load } = await browserOf(buyer);
    const outcome = await load('/user/profile/wallet?currency=KES&cause=bogus&direction=out');
    if (!outcome || !('view' in outcome)) throw new Error('no view');
    expect(outcome.status).toBe(200);
    expect(outcome.headers['Cache-Control']).toContain('no-store');
    const { view } = outcome;
    expect(view.pockets.map((p) => p.currency)).toEqual(['KES', 'UGX']);
    expect(view.pockets[0].items).toEqual([
      { amount: expect.stringContaining('500'), dealId: buyer.offerId, kind: 'deal' },
    ]);
    // The bad cause is dropped, the good filters kept.
    expect(view.filters).toEqual({ currency: 'KES', direction: 'out' });
    expect(view.filterQuery).toBe('currency=KES&direction=out');
    expect(view.transactions.items.map((t) => [t.kind, t.incoming, t.dealId])).toEqual([
      ['deal_payment', false, buyer.offerId],
    ]);
    expect(view.form.token).toBeTruthy();
  });

  it('keeps a top-up on the address the browser opened the site at, not PUBLIC_URL: checkout and return', async () => {
    const { buyer } = await walletWithHistory();
    const { load, cookies } = await browserOf(buyer);
    const at = 'http://127.0.0.1:4321';
    expect(getEnv().publicUrl).not.toBe(at);
    await load('/fr/user/profile/wallet', undefined, { at, locale: 'fr' });
    const [kes] = await db().select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'KES'));
    const started = await load(
      '/fr/user/profile/wallet',
      { amount: '20', currency: String(kes.id), method: 'card' },
      { at, locale: 'fr' },
    );
    if (!started || !('redirect' in started)) throw new Error('no redirect');
    // A path of this site: the browser stays where it is, which the CSP's form-action 'self' lets through.
    expect(started.redirect).toMatch(/^\/fr\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]+$/);
    const token = started.redirect.split('/').pop()!;
    const session = await getSandboxProvider()!.openSession(token);
    expect(new URL(session!.returnUrl).origin).toBe(at);

    // The checkout page sends the browser back by a path too, to the result page in the language it paid in.
    const paid = await loadSandboxCheckoutPage(
      formRequest(started.redirect, { cookies, at, locale: 'fr', fields: { number: '4242 4242 4242 4242' } }),
      token,
    );
    expect(paid).toMatchObject({ status: 303 });
    if (!paid || !('redirect' in paid)) throw new Error('no redirect');
    expect(paid.redirect).toMatch(/^\/fr\/user\/top-up\?reference=tu_[0-9a-f]+$/);
  });

  it('starts a top-up from the plain form and sends the browser to the checkout; refuses bad input and forged posts', async () => {
    const { buyer } = await walletWithHistory();
    const { load, user } = await browserOf(buyer);
    await load('/user/profile/wallet');
    const [kes] = await db().select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'KES'));

    const started = await load('/user/profile/wallet', {
      amount: '1,250.50',
      currency: String(kes.id),
      method: 'card',
    });
    expect(started).toMatchObject({ status: 303 });
    if (!started || !('redirect' in started)) throw new Error('no redirect');
    expect(started.redirect).toMatch(/\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]+$/);
    const rows = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((r) => [r.amountMinor, r.currency, r.method, r.status])).toEqual([
      [125_050, 'KES', 'card', 'pending'],
    ]);

    // In French the decimal comma; a wrong amount comes back beside its field, nothing started.
    const french = await load(
      '/fr/user/profile/wallet',
      { amount: '10,5', currency: String(kes.id), method: 'mobile_money' },
      { locale: 'fr' },
    );
    expect(french).toMatchObject({ status: 303 });
    const bad = await load('/user/profile/wallet', { amount: 'lots', currency: String(kes.id), method: 'card' });
    if (!bad || !('view' in bad)) throw new Error('no view');
    expect(bad.status).toBe(422);
    expect(bad.view.form.errors.amount).toBeTruthy();
    expect(bad.view.form.values.amount).toBe('lots');
    const wrongMethod = await load('/user/profile/wallet', { amount: '5', currency: String(kes.id), method: 'cash' });
    expect(wrongMethod).toMatchObject({ status: 422 });

    const forged = await load('/user/profile/wallet', { amount: '5', currency: String(kes.id) }, { token: 'forged' });
    expect(forged).toMatchObject({ status: 403 });
    const crossSite = await load(
      '/user/profile/wallet',
      { amount: '5', currency: String(kes.id) },
      { origin: 'https://evil.example' },
    );
    expect(crossSite).toMatchObject({ status: 403 });
    expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(2);
  });
});
