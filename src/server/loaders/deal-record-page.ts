import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { getSharedDealRecord } from '~/server/services/deals/history';

/**
 * The public page a share link opens (`/deal-record/{token}`): the sealed record, or a 404 for any token that
 * opens nothing (mistyped, revoked, expired alike).
 */
export async function loadDealRecordPage(token: string, locale: Locale) {
  const db = await getDb();
  try {
    return { status: 200 as const, record: await getSharedDealRecord(db, token, locale) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { status: 404 as const };
    throw error;
  }
}
