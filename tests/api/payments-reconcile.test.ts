import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, walletAccounts, walletTransfers } from '~/server/db/schema';
import type { PaymentProvider } from '~/server/payments/provider';
import { type SandboxWebhook, sandboxProvider } from '~/server/payments/sandbox';
import { databaseSandboxStore } from '~/server/payments/sandbox-store';
import { reconcilePayments } from '~/server/services/payments/reconcile-payments';
import { startTopUp } from '~/server/services/payments/start-top-up';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const KES = 1;

const transfersOf = (reference: string) =>
  db()
    .select()
    .from(walletTransfers)
    .where(like(walletTransfers.idempotencyKey, `topup:sandbox:${reference}`));
const paymentRow = async (reference: string) =>
  (await db().select().from(payments).where(eq(payments.reference, reference)))[0];
async function available(memberId: number) {
  const account = await findAccount(db(), { kind: 'member_available', userId: memberId, currency: 'KES' });
  if (!account) return 0;
  return (await db().select().from(walletAccounts).where(eq(walletAccounts.id, account.id)))[0].balance;
}

/** A sandbox whose webhooks are lost: the payment succeeds at the provider and the app never hears of it. */
function crashingSandbox() {
  const lost: SandboxWebhook[] = [];
  const provider = sandboxProvider({
    secret: 'a-sandbox-secret-for-reconcile',
    store: databaseSandboxStore(),
    deliver: async (webhook) => void lost.push(webhook),
  });
  return { provider, lost, providers: new Map<string, PaymentProvider>([['sandbox', provider]]) };
}

async function paidTopUp(sandbox: ReturnType<typeof crashingSandbox>, number: string, amount = 200) {
  const member = await signedUpUser();
  const memberId = await userId(database.handle(), member.email);
  const started = await startTopUp(db(), sandbox.provider, {
    userId: memberId,
    amount,
    currencyId: KES,
    method: 'card',
    origin: 'http://localhost',
    locale: 'en',
  });
  await sandbox.provider.submit(started.checkout_url!.split('/').pop()!, { number });
  return { memberId, reference: started.reference };
}

const findingsFor = (findings: Awaited<ReturnType<typeof reconcilePayments>>, reference: string) =>
  findings.filter((f) => f.reference === reference);

describe('reconcile payments with their providers and the ledger', () => {
  it('repairs a payment the provider confirmed but the ledger never credited, once', async () => {
    const sandbox = crashingSandbox();
    const { memberId, reference } = await paidTopUp(sandbox, '4242424242424242');
    expect(sandbox.lost).toHaveLength(1);
    expect((await paymentRow(reference)).status).toBe('pending');
    expect(await transfersOf(reference)).toHaveLength(0);

    // Without --repair: reported, nothing changed.
    const report = findingsFor(await reconcilePayments(db(), { providers: sandbox.providers }), reference);
    expect(report).toEqual([
      expect.objectContaining({ problem: 'missing_credit', provider_status: 'succeeded', repaired: null }),
    ]);
    expect(await available(memberId)).toBe(0);

    // --repair credits it by the webhook's path and key; two runs at once still credit once.
    const repaired = await Promise.all([
      reconcilePayments(db(), { providers: sandbox.providers, repair: true }),
      reconcilePayments(db(), { providers: sandbox.providers, repair: true }),
    ]);
    expect(repaired.flatMap((r) => findingsFor(r, reference)).filter((f) => f.repaired === 'credited')).toHaveLength(1);
    expect(await available(memberId)).toBe(20_000);
    const [credit] = await transfersOf(reference);
    expect(credit.cause).toBe('top_up');
    expect(await paymentRow(reference)).toMatchObject({ status: 'succeeded', transferId: credit.id });

    // A second run finds nothing; the lost webhook arriving late changes nothing either.
    expect(
      findingsFor(await reconcilePayments(db(), { providers: sandbox.providers, repair: true }), reference),
    ).toEqual([]);
    expect(await transfersOf(reference)).toHaveLength(1);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });

  it('records a payment the provider declined, crediting nothing', async () => {
    const sandbox = crashingSandbox();
    const { memberId, reference } = await paidTopUp(sandbox, '4000000000000002');
    const [found] = findingsFor(
      await reconcilePayments(db(), { providers: sandbox.providers, repair: true }),
      reference,
    );
    expect(found).toMatchObject({ problem: 'status_changed', provider_status: 'failed', repaired: 'status_recorded' });
    expect((await paymentRow(reference)).status).toBe('failed');
    expect(await available(memberId)).toBe(0);
    expect(findingsFor(await reconcilePayments(db(), { providers: sandbox.providers }), reference)).toEqual([]);
  });

  it('reports a credited payment the provider says failed, and never debits it', async () => {
    const sandbox = crashingSandbox();
    const { memberId, reference } = await paidTopUp(sandbox, '4242424242424242');
    await reconcilePayments(db(), { providers: sandbox.providers, repair: true });
    expect(await available(memberId)).toBe(20_000);
    // Someone marks it failed by hand; the provider now says failed too (a chargeback, say).
    await db().update(payments).set({ status: 'failed' }).where(eq(payments.reference, reference));
    const saysFailed = {
      ...sandbox.provider,
      verifyPayment: async (request: Parameters<PaymentProvider['verifyPayment']>[0]) => ({
        ...(await sandbox.provider.verifyPayment(request)),
        status: 'failed' as const,
      }),
    } as PaymentProvider;
    const [found] = findingsFor(
      await reconcilePayments(db(), { providers: new Map([['sandbox', saysFailed]]), repair: true }),
      reference,
    );
    expect(found).toMatchObject({ problem: 'credited_but_failed', repaired: null });
    expect(await available(memberId)).toBe(20_000);
    expect(await transfersOf(reference)).toHaveLength(1);
    // Unrelated money is untouched, and the ledger stays whole.
    await topUp(database.handle(), memberId, 1);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });
});
