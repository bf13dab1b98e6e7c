import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PriceAlertKind } from '~/features/statistics/alerts';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { categories, currencies, priceAlerts, regions } from '~/server/db/schema';

export interface PriceAlertItem {
  id: number;
  category_id: number;
  category_name: string;
  region_id: number | null;
  region_name: string | null;
  kind: PriceAlertKind;
  /** In the currency's units (72000.5), null for `move`. */
  threshold: number | null;
  threshold_minor: number | null;
  currency_id: number;
  currency: string;
  move_percent: number | null;
  by_email: boolean;
  by_sms: boolean;
  active: boolean;
  last_fired_on: string | null;
}

async function selectAlerts(db: Executor, where: SQL, locale: Locale): Promise<PriceAlertItem[]> {
  const rows = await db
    .select({
      id: priceAlerts.id,
      categoryId: priceAlerts.categoryId,
      categoryName: localizedColumn(categories, 'name', locale),
      regionId: priceAlerts.regionId,
      regionName: regionNameIn(locale),
      kind: priceAlerts.kind,
      thresholdMinor: priceAlerts.thresholdMinor,
      currencyId: priceAlerts.currencyId,
      currency: currencies.code,
      decimals: currencies.decimals,
      movePercent: priceAlerts.movePercent,
      byEmail: priceAlerts.byEmail,
      bySms: priceAlerts.bySms,
      active: priceAlerts.active,
      lastFiredOn: priceAlerts.lastFiredOn,
    })
    .from(priceAlerts)
    .innerJoin(categories, and(eq(categories.kind, 'board'), eq(categories.id, priceAlerts.categoryId)))
    .innerJoin(currencies, eq(currencies.id, priceAlerts.currencyId))
    .leftJoin(regions, eq(regions.id, priceAlerts.regionId))
    .where(where)
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  return rows.map((row) => ({
    id: row.id,
    category_id: row.categoryId,
    category_name: row.categoryName,
    region_id: row.regionId,
    region_name: row.regionName,
    kind: row.kind,
    threshold: row.thresholdMinor === null ? null : row.thresholdMinor / 10 ** row.decimals,
    threshold_minor: row.thresholdMinor,
    currency_id: row.currencyId,
    currency: row.currency.trim(),
    move_percent: row.movePercent,
    by_email: row.byEmail,
    by_sms: row.bySms,
    active: row.active,
    last_fired_on: row.lastFiredOn,
  }));
}

/** The member's price alerts, newest first (a member keeps at most MAX_PRICE_ALERTS). */
export async function listPriceAlerts(db: Executor, userId: number, locale: Locale): Promise<PriceAlertItem[]> {
  return selectAlerts(db, eq(priceAlerts.userId, userId), locale);
}

/** One of the member's alerts; undefined for another member's or none (the callers answer 404). */
export async function readPriceAlert(db: Executor, userId: number, id: number, locale: Locale) {
  const [alert] = await selectAlerts(db, and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, id))!, locale);
  return alert;
}
