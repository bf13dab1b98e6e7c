import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import type { Executor } from '~/server/db/client';
import { exchangeRates, type PayoutMethod, payouts } from '~/server/db/schema';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { AppError } from '~/server/errors';
import { type ProviderChooser, resolveProvider } from '~/server/payments/choose';
import type { PaymentProvider } from '~/server/payments/provider';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { sendPayout } from './send-payout';
import { type PayoutRow, payoutKey } from './settle-payout';
import { toMinorUnits } from './to-minor-units';

export interface RequestPayoutInput {
  userId: number;
  /** Major units, as the member typed it (already read by the locale-aware parser). */
  amount: number;
  currencyId: number;
  method: PayoutMethod;
  phone?: string;
  account?: string;
  bankCode?: string;
  bankName?: string;
  accountName?: string;
}

const invalid = (field: string, key: 'validation.required' | 'validation.invalid' | 'accounts.phone_invalid') =>
  new AppError('validation_failed', 'errors.validation_failed', { fields: { [field]: [{ key }] } });

/** All but the last digits hidden: `•••• 0001`. */
export function maskDestination(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/**
 * Whether a payout of `amountMinor` needs an administrator: above the approval threshold (the back office's
 * `payout_approval_above_usd`, else PAYOUT_APPROVAL_ABOVE_USD), or no rate to tell.
 */
async function needsApproval(
  db: Executor,
  currency: { id: number; decimals: number },
  amountMinor: number,
): Promise<boolean> {
  const [rate] = await db
    .select({ perUsd: exchangeRates.perUsd })
    .from(exchangeRates)
    .where(eq(exchangeRates.currencyId, currency.id))
    .orderBy(desc(exchangeRates.asOf))
    .limit(1);
  const perUsd = rate ? Number(rate.perUsd) : Number.NaN;
  if (!(perUsd > 0)) return true;
  // Compared in US cents, the threshold's own unit: a ratio, never an amount of money kept anywhere.
  const usdCents = (amountMinor / 10 ** currency.decimals / perUsd) * 100;
  return usdCents > (await readPlatformSetting(db, 'payout_approval_above_usd')) * 100;
}

/**
 * A member's withdrawal (docs/wallet.md "Payouts"). In one transaction: the payout row and the pending transfer
 * holding its amount, from the member's available pocket to `payouts_in_flight` (not enough money: 409
 * `wallet.insufficient_funds`, nothing written). Above the approval threshold it waits (`awaiting_approval`, the
 * money held); otherwise it goes to the provider at once, outside the transaction. The caller has checked the
 * recent sign-in (confirmRecentSignIn). `chosen` is the provider, or the chooser that picks it by currency and
 * method (registry.ts `choosePaymentProvider`): the payout keeps that provider to the end.
 */
export async function requestPayout(
  db: Executor,
  chosen: PaymentProvider | ProviderChooser,
  input: RequestPayoutInput,
): Promise<PayoutRow> {
  const { currency, amountMinor } = await toMinorUnits(db, input.currencyId, input.amount);

  let destination: string;
  if (input.method === 'mobile_money') {
    if (!input.phone) throw invalid('phone', 'validation.required');
    const phone = normalizePhone(input.phone);
    if (!phone) throw invalid('phone', 'accounts.phone_invalid');
    destination = phone;
  } else {
    if (!input.account) throw invalid('account', 'validation.required');
    if (!/^[0-9][0-9 -]{3,32}$/.test(input.account)) throw invalid('account', 'validation.invalid');
    if (!input.bankCode) throw invalid('bank_code', 'validation.required');
    destination = input.account.replace(/[ -]/g, '');
  }

  const provider = resolveProvider(chosen, { purpose: 'payout', method: input.method, currency: currency.code.trim() });

  const reference = `po_${randomBytes(12).toString('hex')}`;
  const waits = await needsApproval(db, currency, amountMinor);

  const payout = await db.transaction(async (tx) => {
    const pocket = await openAccount(tx, { kind: 'member_available', userId: input.userId, currency: currency.code });
    const inFlight = await openAccount(tx, { kind: 'payouts_in_flight', currency: currency.code });
    const { pending } = await createPending(tx, {
      key: payoutKey(reference, 'hold'),
      cause: 'payout',
      createdBy: input.userId,
      memo: `${provider.id} ${reference}`,
      currency: currency.code,
      sourceAccountId: pocket.id,
      holdAccountId: inFlight.id,
      amount: amountMinor,
    });
    const [row] = await tx
      .insert(payouts)
      .values({
        userId: input.userId,
        provider: provider.id,
        reference,
        method: input.method,
        destination,
        bankCode: input.method === 'bank' ? input.bankCode : null,
        bankName: input.method === 'bank' ? (input.bankName ?? null) : null,
        accountName: input.method === 'bank' ? (input.accountName ?? null) : null,
        destinationMasked: maskDestination(destination),
        amountMinor,
        currency: currency.code,
        status: waits ? 'awaiting_approval' : 'pending',
        pendingId: pending.id,
      })
      .returning();
    return row;
  });
  if (waits) return payout;
  return sendPayout(db, provider, payout.id);
}
