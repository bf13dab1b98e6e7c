import { z } from 'zod';
import { optionalInt, requiredInt } from '~/features/validation/fields';

/**
 * Share links of a deal's sealed record (docs/deals.md "Verifiable deal history"): how long they work, how
 * many a deal may have at once, where they open, and what a link's token looks like.
 */
export const HISTORY_SHARE_DEFAULT_DAYS = 90;
export const HISTORY_SHARE_MAX_DAYS = 365;
/** Links of one deal that work at the same time: enough for every bank and buyer, not a flood. */
export const HISTORY_SHARE_MAX_ACTIVE = 20;
/** The public page a link opens: `/deal-record/{token}` (under /sw and /fr too). */
export const HISTORY_SHARE_PATH = '/deal-record';

/** 32 random bytes in base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
export const isHistoryShareToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

export const createHistoryShareSchema = z.object({
  id: requiredInt(),
  expires_in_days: optionalInt(1).pipe(z.number().max(HISTORY_SHARE_MAX_DAYS).optional()),
});

export const revokeHistoryShareSchema = z.object({ share_id: requiredInt() });

/** The name a saved history gets: the deal's number in it, so a folder of them stays readable. */
export const historyFileName = (offerId: number) => `mavuno-deal-${offerId}-history.json`;
