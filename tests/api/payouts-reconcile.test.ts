import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payouts, walletTransfers } from '~/server/db/schema';
import type { PaymentProvider } from '~/server/payments/provider';
import { type SandboxWebhook, sandboxProvider } from '~/server/payments/sandbox';
import { databaseSandboxStore } from '~/server/payments/sandbox-store';
import { reconcilePayouts } from '~/server/services/payments/reconcile-payouts';
import { requestPayout } from '~/server/services/payments/request-payout';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const KES = 1;

/** A sandbox whose webhooks are lost: the payout is decided at the provider and the app never hears of it. */
function losingSandbox() {
  const lost: SandboxWebhook[] = [];
  const provider = sandboxProvider({
    secret: 'a-sandbox-secret-for-payout-reconcile',
    store: databaseSandboxStore(),
    deliver: async (webhook) => void lost.push(webhook),
  });
  return { provider, lost, providers: new Map<string, PaymentProvider>([['sandbox', provider]]) };
}

/** A member with 1,000 KES who withdraws 200 KES to `phone`; the payout sent `minutesAgo`. */
async function lostPayout(sandbox: ReturnType<typeof losingSandbox>, phone: string, minutesAgo = 10) {
  const member = await signedUpUser();
  const memberId = await userId(database.handle(), member.email);
  await topUp(database.handle(), memberId, 100_000);
  const payout = await requestPayout(db(), sandbox.provider, {
    userId: memberId,
    amount: 200,
    currencyId: KES,
    method: 'mobile_money',
    phone,
  });
  await db()
    .update(payouts)
    .set({ sentAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(payouts.id, payout.id));
  return { memberId, reference: payout.reference };
}

const payoutRow = async (reference: string) =>
  (await db().select().from(payouts).where(eq(payouts.reference, reference)))[0];
const settlements = (reference: string) =>
  db()
    .select()
    .from(walletTransfers)
    .where(like(walletTransfers.idempotencyKey, `payout:${reference}:%`));
async function available(memberId: number) {
  const account = await findAccount(db(), { kind: 'member_available', userId: memberId, currency: 'KES' });
  return account?.balance ?? 0;
}
const findingsFor = (findings: Awaited<ReturnType<typeof reconcilePayouts>>, reference: string) =>
  findings.filter((f) => f.reference === reference);

describe('reconcile payouts with their providers', () => {
  it('settles once a payout the provider paid whose webhook was lost', async () => {
    const sandbox = losingSandbox();
    const { memberId, reference } = await lostPayout(sandbox, '+254700000001');
    expect(sandbox.lost).toHaveLength(1);
    expect(await payoutRow(reference)).toMatchObject({ status: 'pending', transferId: null });
    expect(await available(memberId)).toBe(80_000);

    // Without --repair: reported, nothing changed.
    expect(findingsFor(await reconcilePayouts(db(), { providers: sandbox.providers }), reference)).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        status: 'pending',
        provider_status: 'succeeded',
        problem: 'payout_unsettled',
        repaired: null,
      }),
    ]);
    expect((await payoutRow(reference)).status).toBe('pending');

    // --repair, two runs at once: settled once, by the webhook's own code (payout:{reference}:paid).
    const runs = await Promise.all([
      reconcilePayouts(db(), { providers: sandbox.providers, repair: true }),
      reconcilePayouts(db(), { providers: sandbox.providers, repair: true }),
    ]);
    expect(runs.flatMap((r) => findingsFor(r, reference)).filter((f) => f.repaired === 'paid')).toHaveLength(1);
    const settled = await settlements(reference);
    expect(settled.map((t) => t.idempotencyKey)).toEqual([`payout:${reference}:paid`]);
    expect(await payoutRow(reference)).toMatchObject({ status: 'succeeded', transferId: settled[0].id });
    expect(await available(memberId)).toBe(80_000);

    // A second run finds nothing.
    expect(
      findingsFor(await reconcilePayouts(db(), { providers: sandbox.providers, repair: true }), reference),
    ).toEqual([]);
    expect(await settlements(reference)).toHaveLength(1);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });

  it('returns the money of a payout the provider declined, once', async () => {
    const sandbox = losingSandbox();
    const { memberId, reference } = await lostPayout(sandbox, '+254700000002');
    const [found] = findingsFor(
      await reconcilePayouts(db(), { providers: sandbox.providers, repair: true }),
      reference,
    );
    expect(found).toMatchObject({ problem: 'payout_unsettled', provider_status: 'failed', repaired: 'returned' });
    expect(await payoutRow(reference)).toMatchObject({ status: 'failed', failure: 'declined' });
    expect(await available(memberId)).toBe(100_000);
    expect(
      findingsFor(await reconcilePayouts(db(), { providers: sandbox.providers, repair: true }), reference),
    ).toEqual([]);
    expect((await settlements(reference)).map((t) => t.idempotencyKey)).toEqual([`payout:${reference}:returned`]);
  });

  it('leaves a payout sent a moment ago alone (its webhook may be on its way)', async () => {
    const sandbox = losingSandbox();
    const { reference } = await lostPayout(sandbox, '+254700000001', 0);
    expect(
      findingsFor(await reconcilePayouts(db(), { providers: sandbox.providers, repair: true }), reference),
    ).toEqual([]);
    expect((await payoutRow(reference)).status).toBe('pending');
  });

  it('reports unverifiable a payout whose provider cannot answer, or is not configured, and settles nothing', async () => {
    const sandbox = losingSandbox();
    const { reference } = await lostPayout(sandbox, '+254700000001');
    const noQuery: PaymentProvider = {
      ...sandbox.provider,
      verifyPayout: async () => {
        throw new Error('sandbox: no status query');
      },
    };
    const [found] = findingsFor(
      await reconcilePayouts(db(), { providers: new Map([['sandbox', noQuery]]), repair: true }),
      reference,
    );
    expect(found).toMatchObject({ problem: 'unverifiable', repaired: null, detail: 'sandbox: no status query' });
    const [missing] = findingsFor(await reconcilePayouts(db(), { providers: new Map(), repair: true }), reference);
    expect(missing).toMatchObject({ problem: 'unverifiable', detail: 'no provider' });
    const otherAmount: PaymentProvider = {
      ...sandbox.provider,
      verifyPayout: async (request) => ({ ...(await sandbox.provider.verifyPayout(request)), amountMinor: 1 }),
    };
    const [mismatch] = findingsFor(
      await reconcilePayouts(db(), { providers: new Map([['sandbox', otherAmount]]), repair: true }),
      reference,
    );
    expect(mismatch).toMatchObject({ problem: 'unverifiable', detail: 'amount or currency mismatch' });
    expect((await payoutRow(reference)).status).toBe('pending');
  });
});
