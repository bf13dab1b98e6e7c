import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { priceAlerts } from '~/server/db/schema';
import { type ActiveAlert, deliverPriceAlert } from './deliver-price-alert';
import { type AlertCurrency, addDays, areaConditions, readAlertBasis, readAlertWindow } from './read-alert-price';
import { chartCurrency, findStatisticCategory, priceBasis, todayUtc } from './read-price-chart';
import { errorMessage, log } from '~/server/log';

const BATCH = 200;

export interface FiredAlert {
  alertId: number;
  priceMinor: number;
}

/** Whether an alert's condition holds, and the event its message tells; undefined when it does not fire. */
async function checkAlert(db: Executor, alert: ActiveAlert, currency: AlertCurrency, today: string) {
  const crop = await findStatisticCategory(db, alert.categoryId, 'en');
  const area = { categoryIds: crop.ids, regionId: alert.regionId };
  // One basis for the whole check: both weeks of a move are read on it.
  const { basisWhere } = await priceBasis(db, areaConditions(area), today);
  if (alert.kind === 'move') {
    const last = await readAlertWindow(db, area, currency, { from: addDays(today, -6), to: today, basisWhere });
    const before = await readAlertWindow(db, area, currency, {
      from: addDays(today, -13),
      to: addDays(today, -7),
      basisWhere,
    });
    // Deals against deals, else market reports against market reports: never a change of source taken for a move.
    const series = (['traded', 'reference'] as const).find((name) => last[name] !== null && before[name]);
    if (!series) return undefined;
    const now = last[series]!;
    const then = before[series]!;
    const changePercent = ((now - then) / then) * 100;
    if (Math.abs(changePercent) <= (alert.movePercent ?? 100)) return undefined;
    return { area, event: { kind: 'move' as const, priceMinor: now, changePercent } };
  }
  const day = await readAlertWindow(db, area, currency, { from: today, to: today, basisWhere });
  const price = day.traded ?? day.reference;
  if (price === null || alert.thresholdMinor === null) return undefined;
  const beyond = alert.kind === 'above' ? price > alert.thresholdMinor : price < alert.thresholdMinor;
  return beyond ? { area, event: { kind: 'price' as const, priceMinor: price } } : undefined;
}

/**
 * One run of the price alerts (docs/statistics.md "Price alerts"; src/server/jobs/price-alerts.ts runs it every ten
 * minutes). For each active alert not yet fired today (UTC): the crop's price of the day over its area (the traded
 * series, volume-weighted, else the reference series' mean of the day), in the alert's currency at its latest rate
 * and on the chart's basis (per kg for crops priced by mass); `above`/`below` fire when that price is beyond the
 * threshold, `move` when the last 7 days' price moved more than `move_percent` against the 7 days before (the same
 * series in both weeks: deals against deals, else market reports against market reports). Each alert
 * fires at most once a day (deliverPriceAlert's claim). A failing alert is logged and the others go on.
 */
export async function sendPriceAlerts(db: Executor, { now = new Date() }: { now?: Date } = {}): Promise<FiredAlert[]> {
  const today = todayUtc(now);
  const fired: FiredAlert[] = [];
  const currencies = new Map<number, AlertCurrency>();
  let after = 0;
  for (;;) {
    const alerts = await db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.active, true), gt(priceAlerts.id, after)))
      .orderBy(asc(priceAlerts.id))
      .limit(BATCH);
    if (alerts.length === 0) break;
    after = alerts[alerts.length - 1].id;
    for (const alert of alerts) {
      if (alert.lastFiredOn === today) continue;
      try {
        let currency = currencies.get(alert.currencyId);
        if (!currency) {
          currency = await chartCurrency(db, alert.currencyId);
          currencies.set(alert.currencyId, currency);
        }
        const hit = await checkAlert(db, alert, currency, today);
        if (!hit) continue;
        const basis = await readAlertBasis(db, hit.area, today);
        const sent = await deliverPriceAlert(db, alert, hit.event, currency, { today, basis });
        if (sent) fired.push({ alertId: alert.id, priceMinor: hit.event.priceMinor });
      } catch (error) {
        log.error(
          { component: 'price-alerts', alertId: alert.id },
          `price alert ${alert.id} failed: ${errorMessage(error)}`,
        );
      }
    }
    if (alerts.length < BATCH) break;
  }
  return fired;
}
