import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketPrices, priceAlerts, priceDaily, regions, users } from '~/server/db/schema';
import { fireLotPriceAlerts } from '~/server/services/statistics/fire-lot-price-alerts';
import { refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';
import { sendPriceAlerts } from '~/server/services/statistics/send-price-alerts';
import { getDb } from '~/server/db';
import type { PageOutcome } from '~/server/loaders/form-post';
import { loadPriceAlertUnsubscribe } from '~/server/loaders/price-alert-unsubscribe';
import { loadNewPriceAlert, loadPriceAlertEdit, loadPriceAlertList } from '~/server/loaders/price-alerts';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { getEnv } from '~/server/env';
import { apiRequest, form } from '../fixtures/api';
import { TestCookies, formRequest } from '../fixtures/forms';
import { lastMailTo, lastSmsTo, signedUpUser, tokenIn, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier, nakuru, postAs } from '../fixtures/lots';

const database = useTestDatabase();
const db = () => database.handle().db;
const MAIZE = 3;
const KES = 1;

const createAlert = (auth: Record<string, string>, fields: Record<string, string | number>, locale = 'en') =>
  apiRequest('/price-alert/create', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form({ category_id: MAIZE, currency_id: KES, by_email: 1, ...fields }),
    locale,
  });
const alertRow = async (id: number) => (await db().select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0];
const userIdOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0].id;
const fieldsOf = (json: { errors?: Record<string, unknown> }) => Object.keys(json.errors ?? {});

/** A maize deal in Nakuru approved now: KES `price` a 90 kg bag. */
async function maizeDeal(price: number, volume = 10) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  const lotId = await sellMaize(seller.auth);
  const offer = await makeOffer(buyer.auth, {
    order_id: lotId,
    order_type: 'board_list',
    offer_type: 1,
    price: String(price),
    volume: String(volume),
    delivery_type: 1,
  });
  expect(offer.status).toBe(200);
  expect((await act(seller.auth, 'approve-offer', offer.json.id)).status).toBe(200);
  return { seller, lotId };
}

describe('price alerts: create, list, change, delete', () => {
  it('reads thresholds in the member’s language and keeps alerts private to their owner', async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const place = await nakuru();

    const en = await createAlert(owner.auth, { kind: 'above', threshold: '72,000', region_id: place.regionId });
    expect(en.status).toBe(200);
    expect((await alertRow(en.json.id)).thresholdMinor).toBe(7_200_000);
    const fr = await createAlert(owner.auth, { kind: 'below', threshold: '70 000,5' }, 'fr');
    expect(fr.status).toBe(200);
    expect((await alertRow(fr.json.id)).thresholdMinor).toBe(7_000_050);

    const list = await getAs(owner.auth, '/price-alert/index');
    expect(list.status).toBe(200);
    expect(list.json.items.map((a: { id: number }) => a.id)).toEqual([fr.json.id, en.json.id]);
    expect(list.json.items[1]).toMatchObject({
      kind: 'above',
      threshold: 72000,
      currency: 'KES',
      region_id: place.regionId,
    });
    expect((await getAs(stranger.auth, '/price-alert/index')).json.items).toEqual([]);

    const update = (auth: Record<string, string>, fields: Record<string, string | number>) =>
      postAs(
        auth,
        '/price-alert/update',
        form({ id: en.json.id, category_id: MAIZE, currency_id: KES, by_email: 1, ...fields }),
      );
    expect((await update(stranger.auth, { kind: 'move', move_percent: 10 })).status).toBe(404);
    expect((await update(owner.auth, { kind: 'move', move_percent: 10 })).status).toBe(200);
    expect(await alertRow(en.json.id)).toMatchObject({ kind: 'move', movePercent: 10, thresholdMinor: null });

    expect((await postAs(stranger.auth, '/price-alert/delete', form({ id: en.json.id }))).status).toBe(404);
    expect((await postAs(owner.auth, '/price-alert/delete', form({ id: en.json.id }))).status).toBe(200);
    expect((await postAs(owner.auth, '/price-alert/delete', form({ id: en.json.id }))).status).toBe(404);
    expect((await apiRequest('/price-alert/index')).status).toBe(401);
  });

  it('refuses what cannot be an alert, field by field; SMS only with a verified phone', async () => {
    const member = await signedUpUser();
    const noThreshold = await createAlert(member.auth, { kind: 'above' });
    expect(noThreshold.status).toBe(422);
    expect(fieldsOf(noThreshold.json)).toContain('threshold');
    const notANumber = await createAlert(member.auth, { kind: 'below', threshold: '72.000,5.1' });
    expect(notANumber.status).toBe(422);
    expect(fieldsOf(notANumber.json)).toContain('threshold');
    const badPercent = await createAlert(member.auth, { kind: 'move', move_percent: 150 });
    expect(fieldsOf(badPercent.json)).toContain('move_percent');
    const noChannel = await createAlert(member.auth, { kind: 'above', threshold: 10, by_email: 0 });
    expect(fieldsOf(noChannel.json)).toContain('by_email');
    const unknownCrop = await createAlert(member.auth, { kind: 'above', threshold: 10, category_id: 999_999 });
    expect(fieldsOf(unknownCrop.json)).toContain('category_id');

    const sms = await createAlert(member.auth, { kind: 'above', threshold: 10, by_sms: 1 });
    expect(sms.status).toBe(422);
    expect(sms.json.errors.by_sms[0]).toMatch(/phone/i);
    await db()
      .update(users)
      .set({ phone: uniquePhone(), phoneVerifiedAt: new Date() })
      .where(eq(users.id, await userIdOf(member.email)));
    expect((await createAlert(member.auth, { kind: 'above', threshold: 10, by_sms: 1 })).status).toBe(200);
  });
});

describe('price alerts firing', () => {
  it('fires once a day on the day’s traded price, in the member’s language, with a one-click unsubscribe', async () => {
    const place = await nakuru();
    await maizeDeal(3600); // KES 40 a kg
    const member = await signedUpUser();
    await db().update(users).set({ locale: 'sw' }).where(eq(users.email, member.email));
    const above = await createAlert(member.auth, { kind: 'above', threshold: '30', region_id: place.regionId });
    const quiet = await createAlert(member.auth, { kind: 'above', threshold: '1 000', region_id: place.regionId });

    const now = new Date();
    const fired = await sendPriceAlerts(db(), { now });
    const ids = fired.map((f) => f.alertId);
    expect(ids).toContain(above.json.id);
    expect(ids).not.toContain(quiet.json.id);
    const mine = fired.find((f) => f.alertId === above.json.id)!;
    expect(mine.priceMinor).toBeGreaterThan(3000);
    expect(mine.priceMinor).toBeLessThan(5000);

    const mail = await lastMailTo(database.handle(), member.email);
    expect(mail.subject).toContain('Arifa ya bei');
    expect(mail.text).toContain('juu ya bei yako');
    expect(mail.text).toContain(`/prices?category=${MAIZE}`);
    expect(mail.text).toContain('/price-alerts/unsubscribe?token=');
    const firstToken = tokenIn(mail.text.split('/price-alerts/')[1])!;
    expect((await alertRow(above.json.id)).lastFiredOn).toBe(now.toISOString().slice(0, 10));

    // Not again the same day; again the next day (the claim is per day).
    expect((await sendPriceAlerts(db(), { now })).map((f) => f.alertId)).not.toContain(above.json.id);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    await db().update(priceAlerts).set({ lastFiredOn: yesterday }).where(eq(priceAlerts.id, above.json.id));
    expect((await sendPriceAlerts(db(), { now })).map((f) => f.alertId)).toContain(above.json.id);

    // One-click unsubscribe: every message of the alert carries the same link (yesterday's e-mail still works);
    // it stops the alert once, then says "already off"; a forged one is a 404.
    const token = tokenIn((await lastMailTo(database.handle(), member.email)).text.split('/price-alerts/')[1])!;
    expect(token).toBe(firstToken);
    const { unsubscribePriceAlert, findAlertByToken } =
      await import('~/server/services/statistics/unsubscribe-price-alert');
    expect((await findAlertByToken(db(), token, 'en'))?.id).toBe(above.json.id);
    expect(await unsubscribePriceAlert(db(), token)).toBe('stopped');
    expect((await alertRow(above.json.id)).active).toBe(false);
    expect(await unsubscribePriceAlert(db(), token)).toBe('already_off');
    expect(await unsubscribePriceAlert(db(), 'A'.repeat(43))).toBe('not_found');
    expect(await unsubscribePriceAlert(db(), '<script>')).toBe('not_found');
    expect(
      (await sendPriceAlerts(db(), { now: new Date(now.getTime() + 86_400_000) })).map((f) => f.alertId),
    ).not.toContain(above.json.id);
  });

  it('sends an SMS too when asked, and fires a move alert on the week against the week before', async () => {
    const member = await signedUpUser();
    const phone = uniquePhone();
    await db().update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.email, member.email));
    const place = await nakuru();
    const [region] = await db()
      .select()
      .from(regions)
      .where(and(eq(regions.countryId, place.countryId)))
      .orderBy(regions.id)
      .limit(2);
    const other = region.id === place.regionId ? (await db().select().from(regions).limit(3))[2] : region;
    // Reference prices (imported) in another region: KES 3,000 a bag ten days ago, 4,500 two days ago (+50%).
    const now = new Date();
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    await db()
      .insert(marketPrices)
      .values([
        {
          categoryId: MAIZE,
          regionId: other.id,
          currencyId: KES,
          unitId: 4,
          priceMinor: 300_000,
          observedOn: day(10),
          source: 'test',
        },
        {
          categoryId: MAIZE,
          regionId: other.id,
          currencyId: KES,
          unitId: 4,
          priceMinor: 450_000,
          observedOn: day(2),
          source: 'test',
        },
      ]);
    await refreshPriceCells(
      db(),
      [10, 2].map((n) => ({
        series: 'reference',
        categoryId: MAIZE,
        countryId: other.countryId,
        regionId: other.id,
        day: day(n),
      })),
    );
    const move = await createAlert(member.auth, { kind: 'move', move_percent: 30, region_id: other.id, by_sms: 1 });
    const calm = await createAlert(member.auth, { kind: 'move', move_percent: 60, region_id: other.id });
    expect(move.status).toBe(200);
    const ids = (await sendPriceAlerts(db(), { now })).map((f) => f.alertId);
    expect(ids).toContain(move.json.id);
    expect(ids).not.toContain(calm.json.id);
    const sms = await lastSmsTo(database.handle(), phone);
    expect(sms.text).toContain('+50.0%');
    expect(sms.text).toContain('/price-alerts/unsubscribe?token=');
  });

  it('never takes a change of source for a move: last week’s deal against the week before’s market report', async () => {
    const member = await signedUpUser();
    const [, , , , , region] = await db().select().from(regions).orderBy(regions.id).limit(6);
    const now = new Date();
    const day = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    // A market report at US$0.30 a kg ten days ago, a deal at US$0.60 a kg two days ago: +100 %, but across series.
    const cell = (series: 'traded' | 'reference', n: number, usd: string) => ({
      series,
      categoryId: MAIZE,
      countryId: region.countryId,
      regionId: region.id,
      unitId: 1,
      source: series === 'reference' ? 'test' : '',
      day: day(n),
      basis: 'kg' as const,
      n: 1,
      volume: series === 'traded' ? '100' : '0',
      valueUsd: series === 'traded' ? String(Number(usd) * 100) : '0',
      priceSumUsd: usd,
      minUsd: usd,
      maxUsd: usd,
      p25Usd: usd,
      medianUsd: usd,
      p75Usd: usd,
    });
    await db()
      .insert(priceDaily)
      .values([cell('reference', 10, '0.3'), cell('traded', 2, '0.6')]);
    const move = await createAlert(member.auth, { kind: 'move', move_percent: 30, region_id: region.id });
    expect(move.status).toBe(200);
    expect((await sendPriceAlerts(db(), { now })).map((f) => f.alertId)).not.toContain(move.json.id);
    // A market report in the last week too: reports against reports, +100 %, fires.
    await db()
      .insert(priceDaily)
      .values(cell('reference', 3, '0.6'));
    expect((await sendPriceAlerts(db(), { now })).map((f) => f.alertId)).toContain(move.json.id);
  });

  it('fires a below alert when a new lot is published under the threshold, naming and linking the lot', async () => {
    const place = await nakuru();
    const member = await signedUpUser();
    const below = await createAlert(member.auth, { kind: 'below', threshold: '30', region_id: place.regionId });
    const tooLow = await createAlert(member.auth, { kind: 'below', threshold: '5', region_id: place.regionId });
    const seller = await memberWithTier(database.handle(), 'silver');
    // KES 1,800 a 90 kg bag: KES 20 a kg, under 30, not under 5.
    const lotId = await sellMaize(seller.auth, { price: 1800, title: 'Cheap maize from Njoro', price_confirmed: 1 });
    expect((await alertRow(below.json.id)).lastFiredOn).not.toBeNull();
    expect((await alertRow(tooLow.json.id)).lastFiredOn).toBeNull();
    const mail = await lastMailTo(database.handle(), member.email);
    expect(mail.text).toContain('Cheap maize from Njoro');
    expect(mail.text).toContain(`/board/${lotId}`);
    // Once a day: the same lot checked again fires nothing.
    expect(await fireLotPriceAlerts(db(), lotId)).toEqual([]);
  });
});

describe('price alert pages (no JavaScript)', () => {
  async function browser(account: Awaited<ReturnType<typeof signedUpUser>>, locale: 'en' | 'sw' | 'fr') {
    const user = await resolveUser(await getDb(), { bearer: account.access });
    const cookies = new TestCookies();
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const request = (path: string, fields?: Record<string, string>) => ({
      ...formRequest(`${prefix}/user/profile/price-alerts${path}`, { cookies, locale, fields }),
      user,
    });
    await loadPriceAlertList(request(''));
    return request;
  }
  const viewOf = <V>(outcome: PageOutcome<V> | 'not_found' | undefined) => {
    if (!outcome || outcome === 'not_found' || !('view' in outcome)) throw new Error('no view');
    return outcome;
  };

  it('creates an alert from the form, says back the number it understood, and asks before deleting', async () => {
    const account = await signedUpUser();
    const request = await browser(account, 'fr');
    const base = {
      action: 'create',
      category_id: String(MAIZE),
      currency_id: String(KES),
      kind: 'above',
      by_email: '1',
    };
    const refused = viewOf(await loadNewPriceAlert(request('/new', { ...base, threshold: '72 000,5', by_email: '' })));
    expect(refused.status).toBe(422);
    expect(refused.view.form.errors.by_email).toBeTruthy();
    expect(refused.view.understood).toMatch(/72\s000,50/);
    const created = await loadNewPriceAlert(request('/new', { ...base, threshold: '72 000,5' }));
    expect(created && 'redirect' in created && created.redirect).toBe('/fr/user/profile/price-alerts?done=create');
    const list = await loadPriceAlertList(request(''));
    expect(list!.alerts).toHaveLength(1);
    expect(list!.alerts[0].summary).toMatch(/au-dessus de 72\s000,50/);
    const id = list!.alerts[0].id;

    const stranger = await browser(await signedUpUser(), 'en');
    expect(await loadPriceAlertEdit(stranger(`/${id}`), String(id))).toBe('not_found');
    expect(await loadPriceAlertEdit(stranger(`/${id}`, { action: 'delete', confirm: '1' }), String(id))).toBe(
      'not_found',
    );

    const unconfirmed = viewOf(await loadPriceAlertEdit(request(`/${id}`, { action: 'delete' }), String(id)));
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.view.form.errors.confirm).toBeTruthy();
    const deleted = await loadPriceAlertEdit(request(`/${id}`, { action: 'delete', confirm: '1' }), String(id));
    expect(deleted && deleted !== 'not_found' && 'redirect' in deleted && deleted.redirect).toContain('done=delete');
    expect((await loadPriceAlertList(request('')))!.alerts).toEqual([]);
  });

  it('unsubscribes with one click: the button, a mail client’s RFC 8058 post, a used link, a forged one', async () => {
    const place = await nakuru();
    await maizeDeal(3600);
    const member = await signedUpUser();
    const alert = await createAlert(member.auth, { kind: 'above', threshold: '25', region_id: place.regionId });
    await sendPriceAlerts(db(), {});
    const mail = await lastMailTo(database.handle(), member.email);
    const token = tokenIn(mail.text.slice(mail.text.indexOf('/price-alerts/unsubscribe')))!;
    const at = (search: string) => new URL(`/price-alerts/unsubscribe${search}`, getEnv().publicUrl);
    const get = (search: string) => loadPriceAlertUnsubscribe(new Request(at(search)), at(search), 'fr');
    const oneClick = (search: string) =>
      loadPriceAlertUnsubscribe(
        new Request(at(search), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
        at(search),
        'fr',
      );
    expect(await get(`?token=${token}`)).toMatchObject({ state: 'ask', status: 200 });
    expect((await alertRow(alert.json.id)).active).toBe(true);
    expect(await oneClick(`?token=${token}`)).toMatchObject({ state: 'stopped', status: 200 });
    expect((await alertRow(alert.json.id)).active).toBe(false);
    expect(await oneClick(`?token=${token}`)).toMatchObject({ state: 'already_off', status: 200 });
    expect(await get(`?token=${token}`)).toMatchObject({ state: 'already_off', status: 200 });
    expect(await get(`?token=${'x'.repeat(43)}`)).toMatchObject({ state: 'not_found', status: 404 });
    expect(await oneClick('?token=%00%ff')).toMatchObject({ state: 'not_found', status: 404 });
    expect(await get('')).toMatchObject({ state: 'not_found', status: 404 });
  });
});
