import { z } from 'zod';
import { perLocale, readMachineField, typedNumber } from '~/features/numbers/schema';
import { MAX_INT } from '~/features/validation/fields';
import type { MessageKey } from '~/i18n/t';

/**
 * `POST /wallet/withdraw` (docs/wallet.md "Payouts"): the amount as the member types it, read in the request's
 * language like a top-up's (src/features/wallet/top-up.ts); the currency by its id; where the money goes.
 */

/** The largest withdrawal, in major units (the pocket limits it first). */
export const MAX_PAYOUT = 100_000_000;

export const PAYOUT_METHOD_CHOICES = ['mobile_money', 'bank'] as const;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

export const withdrawBody = perLocale((locale) =>
  z.object({
    amount: typedNumber(locale, { min: 0.01, minMessage: 'lots.must_be_positive', max: MAX_PAYOUT }),
    currency: z.preprocess(readMachineField, z.number({ message: 'validation.required' }).int().min(1).max(MAX_INT)),
    method: z.preprocess(blank, z.enum(PAYOUT_METHOD_CHOICES, { message: 'validation.invalid_option' })),
    /** Mobile money: the phone (E.164 or as the member writes it in their country). */
    phone: z.preprocess(blank, z.string().trim().max(25).optional()),
    /** Bank: the account number, the bank's code and (optionally) its name and the account holder's name. */
    account: z.preprocess(blank, z.string().trim().max(34).optional()),
    bank_code: z.preprocess(blank, z.string().trim().max(20).optional()),
    bank_name: z.preprocess(blank, z.string().trim().max(80).optional()),
    account_name: z.preprocess(blank, z.string().trim().max(80).optional()),
    /** The member's password: needed when the sign-in is older than the configured minutes. */
    password: z.preprocess(blank, z.string().max(200).optional()),
  }),
);

export type WithdrawBody = z.output<ReturnType<typeof withdrawBody>>;

export const payoutResponse = z.object({
  reference: z.string(),
  provider: z.string(),
  method: z.string(),
  /** The destination with all but its last digits hidden. */
  destination: z.string(),
  status: z.enum(['awaiting_approval', 'pending', 'succeeded', 'failed', 'declined']),
  failure: z.string().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type PayoutAnswer = z.output<typeof payoutResponse>;

/** What the payout result page says of each status. */
export const PAYOUT_STATUS_LABEL: Record<PayoutAnswer['status'], MessageKey> = {
  awaiting_approval: 'payout.awaiting_approval',
  pending: 'payout.pending',
  succeeded: 'payout.succeeded',
  failed: 'payout.failed',
  declined: 'payout.declined',
};
