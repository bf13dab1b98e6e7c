import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, lots, perUnits, priceAlerts } from '~/server/db/schema';
import { deliverPriceAlert } from './deliver-price-alert';
import { type AlertCurrency, readAlertBasis } from './read-alert-price';
import { chartCurrency, findStatisticCategory, todayUtc, minorPerUsd } from './read-price-chart';
import { errorMessage, log } from '~/server/log';

/**
 * A new board sell lot against the 'below' alerts of its crop (or of the crop's parent) and region (or of no
 * region) (docs/statistics.md "Price alerts"): an alert fires when the lot's price per the alert's basis (per kg
 * for crops priced by mass; per the crop's unit when the lot is priced in it; a lot in another unit is not
 * comparable), converted at the latest rates, is under its threshold — at most once a day, as the daily run.
 * Called after the lot's transaction commits; answers the ids of the alerts that fired.
 */
export async function fireLotPriceAlerts(
  db: Executor,
  lotId: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<number[]> {
  const today = todayUtc(now);
  const [lot] = await db
    .select({
      id: lots.id,
      kind: lots.kind,
      type: lots.type,
      title: lots.title,
      categoryId: lots.categoryId,
      parentId: categories.parentId,
      regionId: lots.regionId,
      priceMinor: lots.priceMinor,
      currencyId: lots.currencyId,
      unitId: lots.perUnitId,
      kg: perUnits.kgPerUnit,
    })
    .from(lots)
    .innerJoin(categories, and(eq(categories.kind, lots.kind), eq(categories.id, lots.categoryId)))
    .innerJoin(perUnits, eq(perUnits.id, lots.perUnitId))
    .where(eq(lots.id, lotId));
  if (lot?.kind !== 'board' || lot.type !== 'sell' || !(lot.priceMinor > 0)) return [];
  const crops = lot.parentId ? [lot.categoryId, lot.parentId] : [lot.categoryId];
  const alerts = await db
    .select()
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.active, true),
        eq(priceAlerts.kind, 'below'),
        inArray(priceAlerts.categoryId, crops),
        lot.regionId
          ? or(isNull(priceAlerts.regionId), eq(priceAlerts.regionId, lot.regionId))
          : isNull(priceAlerts.regionId),
        sql`${priceAlerts.lastFiredOn} is distinct from ${today}::date`,
      ),
    );
  if (alerts.length === 0) return [];
  const lotCurrency = await chartCurrency(db, lot.currencyId);
  const lotUsd = lot.priceMinor / minorPerUsd(lotCurrency);
  const kg = lot.kg === null ? null : Number(lot.kg);
  const currencies = new Map<number, AlertCurrency>();
  const fired: number[] = [];
  for (const alert of alerts) {
    try {
      const crop = await findStatisticCategory(db, alert.categoryId, 'en');
      const basis = await readAlertBasis(db, { categoryIds: crop.ids, regionId: alert.regionId }, today);
      let usd: number;
      if (basis.byMass && kg) usd = lotUsd / kg;
      else if (!basis.byMass && basis.unitId === lot.unitId) usd = lotUsd;
      else continue;
      let currency = currencies.get(alert.currencyId);
      if (!currency) {
        currency = await chartCurrency(db, alert.currencyId);
        currencies.set(alert.currencyId, currency);
      }
      const priceMinor = Math.round(usd * minorPerUsd(currency));
      if (alert.thresholdMinor === null || priceMinor >= alert.thresholdMinor) continue;
      const event = { kind: 'lot' as const, priceMinor, lotId: lot.id, title: lot.title ?? '' };
      if (await deliverPriceAlert(db, alert, event, currency, { today, basis })) fired.push(alert.id);
    } catch (error) {
      log.error(
        { component: 'price-alerts', alertId: alert.id, lotId: lot.id },
        `price alert ${alert.id} on lot ${lot.id} failed: ${errorMessage(error)}`,
      );
    }
  }
  return fired;
}
