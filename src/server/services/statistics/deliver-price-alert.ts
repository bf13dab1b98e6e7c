import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { categories, perUnits, priceAlerts, regions, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { priceAlertMail } from '~/server/mail/templates';
import { queueSmsNoticeTo, smsNoticeRecipient } from '~/server/services/accounts/queue-sms-notice';
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
 * Claims the alert for `today` and queues its e-mail and/or SMS in the member's language, in one transaction: the
 * claim exists exactly when its messages do, and the outbox delivers them (retrying while a provider fails). False
 * when another run (or process) already fired it today, the alert was stopped meanwhile, or the member has none of
 * the alert's channels (no e-mail; no confirmed phone, or the member sent STOP): then nothing is claimed and the next
 * run looks again. The SMS is a notice like the others (queueSmsNotice, docs/feature-phones.md "Notices"): the alert's
 * own `by_sms` is the member's choice, whatever the general notices-by-SMS switch says, but STOP and the daily cap
 * hold, and are asked before the claim: an alert whose only message they keep back claims nothing.
 * The claim writes today's date (at most one message a day per alert) and the hash of the alert's unsubscribe token,
 * whose link every message carries (the same link each time: price-alert-token.ts).
 */
export async function deliverPriceAlert(
  db: Executor,
  alert: ActiveAlert,
  event: AlertEvent,
  currency: AlertCurrency,
  { today, basis }: { today: string; basis: { byMass: boolean; unitId: number | null } },
): Promise<boolean> {
  return db.transaction(async (tx) => deliverInTransaction(tx, alert, event, currency, { today, basis }));
}

async function deliverInTransaction(
  tx: Executor,
  alert: ActiveAlert,
  event: AlertEvent,
  currency: AlertCurrency,
  { today, basis }: { today: string; basis: { byMass: boolean; unitId: number | null } },
): Promise<boolean> {
  const [member] = await tx
    .select({
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, alert.userId));
  const email = alert.byEmail ? member?.email : null;
  // By SMS as a notice: the alert's own `by_sms` stands for the switch; STOP and the daily cap hold.
  const recipient = alert.bySms ? await smsNoticeRecipient(tx, alert.userId, { chosenBySms: true }) : undefined;
  const sms = recipient && 'phone' in recipient ? recipient : undefined;
  if (!email && !sms) return false;

  const { token, hash } = await unsubscribeTokenFor(tx, alert.id);
  const [claim] = await tx
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

  const locale = userLocale(member ?? { locale: 'en' });
  const t = createTranslator(locale);
  const [place] = await tx
    .select({ crop: localizedColumn(categories, 'name', locale), region: regionNameIn(locale) })
    .from(categories)
    .leftJoin(regions, eq(regions.id, alert.regionId ?? 0))
    .where(and(eq(categories.kind, 'board'), eq(categories.id, alert.categoryId)));
  const crop = place?.region ? `${place.crop} (${place.region})` : (place?.crop ?? '');
  let unit = 'kg';
  if (!basis.byMass && basis.unitId) {
    const [row] = await tx
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

  if (email)
    await queueMail(
      tx,
      priceAlertMail(locale, email, member?.firstName ?? '', { text, crop, url: link, actionKey, unsubscribeUrl }),
    );
  if (sms) await queueSmsNoticeTo(tx, sms, t('price_alerts.sms', { text, url: link, stop: unsubscribeUrl }));
  return true;
}
