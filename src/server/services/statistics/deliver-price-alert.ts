import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { categories, perUnits, priceAlerts, regions, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { sendMail } from '~/server/mail';
import { priceAlertMail } from '~/server/mail/templates';
import { getSmsSender } from '~/server/sms';
import { userLocale } from '~/server/services/accounts/users';
import type { AlertCurrency } from './read-alert-price';
import { unsubscribeTokenFor } from './price-alert-token';

/** An active alert as the senders read it. */
export type ActiveAlert = typeof priceAlerts.$inferSelect;

/** What made an alert fire: the price of the day, the week's move, or a new lot. */
export type AlertEvent =
  | { kind: 'price'; priceMinor: number }
  | { kind: 'move'; priceMinor: number; changePercent: number }
  | { kind: 'lot'; priceMinor: number; lotId: number; title: string };

const url = (path: string, locale: Locale) => `${getEnv().publicUrl}${localizePath(path, locale)}`;

/**
 * Claims the alert for `today` and sends its e-mail and/or SMS in the member's language; false when another run
 * (or process) already sent it today, or the alert was stopped meanwhile. The claim writes today's date (at most
 * one message a day per alert) and the hash of the alert's unsubscribe token, whose link every message carries
 * (the same link each time: price-alert-token.ts). When no message could go out, the claim is
 * given back and the next run tries again.
 */
export async function deliverPriceAlert(
  db: Executor,
  alert: ActiveAlert,
  event: AlertEvent,
  currency: AlertCurrency,
  { today, basis }: { today: string; basis: { byMass: boolean; unitId: number | null } },
): Promise<boolean> {
  const { token, hash } = await unsubscribeTokenFor(db, alert.id);
  const [claim] = await db
    .update(priceAlerts)
    .set({ lastFiredOn: today, unsubscribeTokenHash: hash })
    .where(
      and(
        eq(priceAlerts.id, alert.id),
        eq(priceAlerts.active, true),
        sql`${priceAlerts.lastFiredOn} is distinct from ${today}::date`,
      ),
    )
    .returning({ id: priceAlerts.id });
  if (!claim) return false;

  const [member] = await db
    .select({
      email: users.email,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, alert.userId));
  const locale = userLocale(member ?? { locale: 'en' });
  const t = createTranslator(locale);
  const [place] = await db
    .select({ crop: localizedColumn(categories, 'name', locale), region: regionNameIn(locale) })
    .from(categories)
    .leftJoin(regions, eq(regions.id, alert.regionId ?? 0))
    .where(and(eq(categories.kind, 'board'), eq(categories.id, alert.categoryId)));
  const crop = place?.region ? `${place.crop} (${place.region})` : (place?.crop ?? '');
  let unit = 'kg';
  if (!basis.byMass && basis.unitId) {
    const [row] = await db
      .select({ short: localizedColumn(perUnits, 'short', locale) })
      .from(perUnits)
      .where(eq(perUnits.id, basis.unitId));
    unit = row?.short ?? unit;
  }
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const vars = {
    crop,
    unit,
    price: money(event.priceMinor),
    threshold: alert.thresholdMinor === null ? '' : money(alert.thresholdMinor),
  };
  let text: string;
  let link: string;
  let actionKey: MessageKey;
  const pricesLink = `${url('/prices', locale)}?category=${alert.categoryId}${alert.regionId ? `&region_id=${alert.regionId}` : ''}`;
  if (event.kind === 'lot') {
    text = t('price_alerts.fired_lot', { ...vars, title: event.title });
    link = url(`/board/${event.lotId}`, locale);
    actionKey = 'price_alerts.see_lot';
  } else if (event.kind === 'move') {
    text = t('price_alerts.fired_move', {
      ...vars,
      change: `${event.changePercent > 0 ? '+' : ''}${event.changePercent.toFixed(1)}%`,
      percent: String(alert.movePercent),
    });
    link = pricesLink;
    actionKey = 'price_alerts.see_prices';
  } else {
    text = t(alert.kind === 'above' ? 'price_alerts.fired_above' : 'price_alerts.fired_below', vars);
    link = pricesLink;
    actionKey = 'price_alerts.see_prices';
  }
  const unsubscribeUrl = `${url('/price-alerts/unsubscribe', locale)}?token=${token}`;

  let sent = false;
  if (alert.byEmail && member?.email) {
    sent =
      (await sendMail(
        priceAlertMail(locale, member.email, member.firstName ?? '', {
          text,
          crop,
          url: link,
          actionKey,
          unsubscribeUrl,
        }),
      )) || sent;
  }
  if (alert.bySms && member?.phone && member.phoneVerifiedAt) {
    try {
      await getSmsSender().send(member.phone, t('price_alerts.sms', { text, url: link, stop: unsubscribeUrl }));
      sent = true;
    } catch (error) {
      console.error('[price alerts] SMS failed:', error instanceof Error ? error.message : error);
    }
  }
  if (!sent) {
    await db
      .update(priceAlerts)
      .set({ lastFiredOn: alert.lastFiredOn })
      .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.lastFiredOn, today)));
  }
  return sent;
}
