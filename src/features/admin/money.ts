import { z } from 'zod';
import { stepUpField } from './two-factor';
import { DISPUTE_DECISIONS, type DisputeDecision, OFFER_STATUS } from '~/features/deals/constants';
import type { MessageKey } from '~/i18n/t';
import { optionalTypedNumber, perLocale, typedNumber } from '~/features/numbers/schema';
import { optionalText, requiredInt } from '~/features/validation/fields';
import { PLATFORM_SETTING_KEYS, PLATFORM_SETTINGS } from './settings';

/** Step-up: the staff member's password or a fresh authenticator code (docs/backoffice.md "Step-up"). */

/**
 * Deciding a dispute (docs/backoffice.md "Money"): release, refund or split; for a split the seller's part in the
 * deal's currency as a person types it (major units, read in the request's language). Refund and split need
 * `step_up`.
 */
export const disputeDecisionSchema = perLocale((locale) =>
  z.object({
    decision: z.enum(DISPUTE_DECISIONS),
    seller_amount: optionalTypedNumber(locale, { max: 1_000_000_000_000 }),
    note: optionalText(1000),
    step_up: stepUpField,
  }),
);
export type DisputeDecisionInput = z.infer<ReturnType<typeof disputeDecisionSchema>>;

/** Approving (step-up) or declining (a reason) a payout awaiting approval. */
export const payoutDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline']),
  reason: optionalText(500),
  step_up: stepUpField,
});
export type PayoutDecisionInput = z.infer<typeof payoutDecisionSchema>;

/** The reconciliation's repair run (step-up). */
export const reconcileRepairSchema = z.object({ step_up: stepUpField });

/** A platform setting's new value, a whole number as a person types it. */
export const platformSettingSchema = perLocale((locale) =>
  z.object({
    key: z.enum(PLATFORM_SETTING_KEYS),
    value: typedNumber(locale, {
      decimals: 0,
      max: Math.max(...PLATFORM_SETTING_KEYS.map((k) => PLATFORM_SETTINGS[k].max)),
    }),
    step_up: stepUpField,
  }),
);
export type PlatformSettingInput = z.infer<ReturnType<typeof platformSettingSchema>>;

/** The back office's deal statuses, by name (the API's numbers in docs/deals.md). */
export const DEAL_STATUS_NAMES = Object.keys(OFFER_STATUS) as (keyof typeof OFFER_STATUS)[];

/** Filters of the deals list: an id or a member's e-mail (`q`), a status, a page. */
export const dealListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(DEAL_STATUS_NAMES as [string, ...string[]]).optional(),
  disputed: z.enum(['1']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(25),
});
export type DealListQuery = z.infer<typeof dealListQuerySchema>;

export const offerIdSchema = z.object({ id: requiredInt() });

/** A dispute's decision as the back office names it. */
export const DISPUTE_DECISION_LABEL: Record<DisputeDecision, MessageKey> = {
  release: 'admin.decision_release',
  refund: 'admin.decision_refund',
  split: 'admin.decision_split',
};
