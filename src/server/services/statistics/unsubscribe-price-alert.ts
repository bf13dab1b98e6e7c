import { and, eq } from 'drizzle-orm';
import { UNSUBSCRIBE_TOKEN } from '~/features/statistics/alerts';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { categories, priceAlerts, regions } from '~/server/db/schema';
import { hashUnsubscribeToken } from './price-alert-token';

/** The alert an unsubscribe link names (its crop, region, whether it is still on); undefined for a forged link. */
export async function findAlertByToken(db: Executor, token: string | null | undefined, locale: Locale) {
  if (!token || !UNSUBSCRIBE_TOKEN.test(token)) return undefined;
  const [alert] = await db
    .select({
      id: priceAlerts.id,
      kind: priceAlerts.kind,
      active: priceAlerts.active,
      categoryName: localizedColumn(categories, 'name', locale),
      regionName: regionNameIn(locale),
    })
    .from(priceAlerts)
    .innerJoin(categories, and(eq(categories.kind, 'board'), eq(categories.id, priceAlerts.categoryId)))
    .leftJoin(regions, eq(regions.id, priceAlerts.regionId))
    .where(eq(priceAlerts.unsubscribeTokenHash, hashUnsubscribeToken(token)));
  return alert;
}

/**
 * One-click unsubscribe (docs/statistics.md "Price alerts"): turns off the alert the token names, without signing
 * in. Answers 'stopped', 'already_off' (a link used again) or 'not_found' (a forged or unknown token).
 */
export async function unsubscribePriceAlert(
  db: Executor,
  token: string | null | undefined,
): Promise<'stopped' | 'already_off' | 'not_found'> {
  if (!token || !UNSUBSCRIBE_TOKEN.test(token)) return 'not_found';
  const hash = hashUnsubscribeToken(token);
  const [found] = await db
    .select({ id: priceAlerts.id, active: priceAlerts.active })
    .from(priceAlerts)
    .where(eq(priceAlerts.unsubscribeTokenHash, hash));
  if (!found) return 'not_found';
  if (!found.active) return 'already_off';
  const [stopped] = await db
    .update(priceAlerts)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(priceAlerts.id, found.id))
    .returning({ id: priceAlerts.id });
  return stopped ? 'stopped' : 'already_off';
}
