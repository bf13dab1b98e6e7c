import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SMS_MAX, SMS_PART_MAX } from '~/features/channels/constants';
import { gsm7Length, isGsm7 } from '~/features/channels/gsm7';
import { addresses, countries, priceDaily, regions, smsInbound, smsOutbox, users, villages } from '~/server/db/schema';
import { parseEnv, replaceEnv } from '~/server/env';
import { readCropPrice } from '~/server/services/statistics/read-crop-price';
import { addDays } from '~/server/services/statistics/read-alert-price';
import { todayUtc } from '~/server/services/statistics/read-price-chart';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { useEnvironment } from '../fixtures/use-environment';

const TOKEN = 'sms-test-token-0123456789';
const SERVICE_CODE = '*384*77#';
useEnvironment({ USSD_CALLBACK_TOKEN: TOKEN, USSD_SERVICE_CODE: SERVICE_CODE });
const database = useTestDatabase();
const db = () => database.handle().db;

const CEREALS = 1;
const MAIZE = 3;
const TOMATOES = 40;
const KES = 1;
const XOF = 8;
const BAG_90KG = 4;
const CRATE = 5;

let nextId = 1;
/** One inbound SMS as Africa's Talking posts it. */
const inbound = (from: string, text: string, fields: Record<string, string> = {}, token = TOKEN) =>
  apiRequest(`/sms/${token}/inbound`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form({ from, to: '40123', text, date: '2026-11-20 09:15:00', id: `ATXid_${nextId++}`, ...fields }),
  });

/** The reply parts queued for a number, oldest first. */
const repliesTo = async (phone: string) =>
  (
    await db()
      .select({ text: smsOutbox.text, purpose: smsOutbox.purpose, userId: smsOutbox.userId })
      .from(smsOutbox)
      .where(eq(smsOutbox.to, phone))
      .orderBy(asc(smsOutbox.id))
  ).map((row) => row);
/** The whole reply to the last SMS from a number (its parts, when split, are in the outbox). */
const lastReply = async (phone: string) =>
  (
    await db()
      .select({ reply: smsInbound.reply })
      .from(smsInbound)
      .where(eq(smsInbound.phone, phone))
      .orderBy(desc(smsInbound.id))
      .limit(1)
  )[0]?.reply ?? '';
const count = async (table: typeof smsInbound | typeof smsOutbox) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0].n;

async function regionNamed(code: string, name: string) {
  const [row] = await db()
    .select({ id: regions.id, countryId: regions.countryId })
    .from(regions)
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(eq(countries.code, code), eq(regions.name, name)));
  return row;
}

/** A day of prices (US dollars per kg, or per unit when `basis` is 'unit'), as the daily aggregates hold them. */
async function priceDay(row: {
  series: 'traded' | 'asked' | 'reference';
  categoryId: number;
  region: { id: number; countryId: number };
  unitId: number;
  day: string;
  usd: number;
  n: number;
  volume?: number;
  basis?: 'kg' | 'unit';
}) {
  const volume = row.volume ?? 0;
  const usd = String(row.usd);
  await db()
    .insert(priceDaily)
    .values({
      series: row.series,
      categoryId: row.categoryId,
      countryId: row.region.countryId,
      regionId: row.region.id,
      unitId: row.unitId,
      source: '',
      day: row.day,
      basis: row.basis ?? 'kg',
      n: row.n,
      volume: String(volume),
      valueUsd: String(row.usd * volume),
      priceSumUsd: String(row.usd * row.n),
      minUsd: usd,
      maxUsd: usd,
      p25Usd: usd,
      medianUsd: usd,
      p75Usd: usd,
    });
}

let seeded: Promise<{ nakuru: { id: number; countryId: number }; bandama: { id: number; countryId: number } }>;
/**
 * Maize in Nakuru: deals at $0.30 a kg this week (by the 90 kg bag) and $0.25 the week before (+20 %), lots asking
 * $0.32; maize in Vallée du Bandama (Côte d'Ivoire) dealt at $0.40. Tomatoes in Nakuru by the crate, $5 a crate.
 */
function seedPrices() {
  seeded ??= (async () => {
    const today = todayUtc();
    const nakuru = await regionNamed('KE', 'Nakuru');
    const bandama = await regionNamed('CI', 'Vallée du Bandama');
    const bag = { categoryId: MAIZE, unitId: BAG_90KG };
    await priceDay({ ...bag, series: 'traded', region: nakuru, day: addDays(today, -1), usd: 0.3, n: 2, volume: 1800 });
    await priceDay({ ...bag, series: 'traded', region: nakuru, day: addDays(today, -9), usd: 0.25, n: 1, volume: 900 });
    await priceDay({ ...bag, series: 'asked', region: nakuru, day: today, usd: 0.32, n: 3 });
    await priceDay({ ...bag, series: 'traded', region: bandama, day: addDays(today, -2), usd: 0.4, n: 1, volume: 900 });
    await priceDay({
      series: 'asked',
      categoryId: TOMATOES,
      region: nakuru,
      unitId: CRATE,
      day: today,
      usd: 5,
      n: 4,
      basis: 'unit',
    });
    return { nakuru, bandama };
  })();
  return seeded;
}

/** A member whose phone is confirmed, with a language, a currency and (optionally) a home region. */
async function member(locale: string, options: { currencyId?: number; regionId?: number; countryId?: number } = {}) {
  const user = await signedUpUser();
  const phone = uniquePhone();
  const [row] = await db()
    .update(users)
    .set({ phone, phoneVerifiedAt: new Date(), locale, currencyId: options.currencyId ?? KES, smsNotification: true })
    .where(eq(users.email, user.email))
    .returning({ id: users.id });
  if (options.regionId)
    await db()
      .insert(addresses)
      .values({ userId: row.id, label: 'Farm', countryId: options.countryId!, regionId: options.regionId });
  return { id: row.id, phone };
}

const stoppedAt = async (id: number) =>
  (await db().select({ at: users.smsStoppedAt }).from(users).where(eq(users.id, id)))[0].at;

describe('readCropPrice', () => {
  it('reads the last 7 days in the crop’s usual unit, with the change on the week before', async () => {
    const { nakuru } = await seedPrices();
    const price = await readCropPrice(db(), { categoryId: MAIZE, regionId: nakuru.id, currencyId: KES, locale: 'fr' });
    expect(price).toEqual({
      category: { id: MAIZE, name: 'Maïs' },
      region: { id: nakuru.id, name: 'Nakuru' },
      unit: { id: BAG_90KG, short: 'sac de 90 kg' },
      currency: { id: KES, code: 'KES', decimals: 2 },
      // $0.30 a kg × 129.2 KES a dollar × 90 kg, in cents.
      traded: 348_840,
      asked: 372_096,
      tradedChangePercent: 20,
      askedChangePercent: null,
    });
    // A root crop covers its children, as the alerts and charts do.
    const cereals = await readCropPrice(db(), {
      categoryId: CEREALS,
      regionId: nakuru.id,
      currencyId: KES,
      locale: 'en',
    });
    expect(cereals).toMatchObject({ traded: 348_840, asked: 372_096, unit: { short: '90 kg bag' } });
    // A week later the deals are old and nothing compares.
    const later = await readCropPrice(db(), {
      categoryId: MAIZE,
      regionId: nakuru.id,
      currencyId: KES,
      locale: 'en',
      today: addDays(todayUtc(), 8),
    });
    expect(later).toMatchObject({ traded: null, asked: null, tradedChangePercent: null });
  });

  it('gives a crop priced by a unit without a mass per that unit; an unknown crop is not found', async () => {
    const { nakuru } = await seedPrices();
    const tomatoes = await readCropPrice(db(), {
      categoryId: TOMATOES,
      regionId: nakuru.id,
      currencyId: KES,
      locale: 'sw',
    });
    expect(tomatoes).toMatchObject({ unit: { id: CRATE, short: 'kreti' }, asked: 64_600, traded: null });
    const none = await readCropPrice(db(), { categoryId: MAIZE, regionId: null, currencyId: XOF, locale: 'en' });
    expect(none.region).toBeNull();
    expect(none.currency.code).toBe('XOF');
    await expect(
      readCropPrice(db(), { categoryId: 999_999, regionId: null, currencyId: KES, locale: 'en' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('POST /sms/{token}/inbound', () => {
  it('answers a forged token 404 and a caller off the allow-list 403, writing nothing', async () => {
    const before = [await count(smsInbound), await count(smsOutbox)];
    const forged = await inbound(uniquePhone(), 'HELP', {}, 'not-the-token-0123456789');
    expect(forged.status).toBe(404);
    // Checked before the body: a forged call learns nothing about the fields.
    expect((await inbound(uniquePhone(), 'HELP', { id: '' }, 'not-the-token-0123456789')).status).toBe(404);

    const previous = replaceEnv(
      parseEnv({ ...process.env, USSD_CALLBACK_TOKEN: TOKEN, USSD_ALLOWED_IPS: '196.201.214.200, 196.201.214.206' }),
    );
    try {
      const refused = await apiRequest(`/sms/${TOKEN}/inbound`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.9' },
        body: form({ from: uniquePhone(), text: 'HELP', id: 'ATXid_refused' }),
      });
      expect(refused.status).toBe(403);
      const allowed = await apiRequest(`/sms/${TOKEN}/inbound`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '196.201.214.206' },
        body: form({ from: uniquePhone(), text: 'HELP', id: 'ATXid_allowed' }),
      });
      expect(allowed.status).toBe(200);
    } finally {
      replaceEnv(previous);
    }
    expect([await count(smsInbound), await count(smsOutbox)]).toEqual([before[0] + 1, before[1] + 1]);
  });

  it('refuses a call without `from` or `id` (400)', async () => {
    const noFrom = await apiRequest(`/sms/${TOKEN}/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ text: 'HELP', id: 'ATXid_nofrom' }),
    });
    expect(noFrom.status).toBe(400);
    expect(Object.keys(noFrom.json.errors)).toContain('from');
    const noId = await apiRequest(`/sms/${TOKEN}/inbound`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ from: uniquePhone(), text: 'HELP' }),
    });
    expect(noId.status).toBe(400);
    // What PostgreSQL cannot store is refused as bad input, not a 500.
    expect((await inbound(uniquePhone(), 'HELP\u0000')).status).toBe(400);
  });

  it('answers PRICE, BEI and PRIX with loose crop and place names, in the sender’s language and currency', async () => {
    await seedPrices();
    // A stranger in Kenya, in English: Kenyan shillings; a county by its name in any case.
    const kenyan = uniquePhone();
    expect((await inbound(kenyan, 'price MAIZE nakuru')).json).toEqual({ ok: true, duplicate: false });
    expect(await lastReply(kenyan)).toBe(
      'Maize, Nakuru, last 7 days: deals KES 3,488.40 per 90 kg bag (+20% on the week before); asking KES 3,720.96 per 90 kg bag.',
    );
    // In Swahili, the crop's Swahili name, and a village for its county.
    await inbound(kenyan, 'BEI mahindi Njoro');
    expect(await lastReply(kenyan)).toBe(
      'Mahindi, Nakuru, siku 7 zilizopita: bei ya mauzo Ksh 3,488.40 kwa gunia la kg 90 (+20% dhidi ya wiki iliyotangulia); bei ya wauzaji Ksh 3,720.96 kwa gunia la kg 90.',
    );
    // In French from Côte d'Ivoire: "MAIS" for Maïs, a region by its name without accents, CFA francs.
    const ivorian = '+2250701020304';
    await inbound(ivorian, 'PRIX MAIS vallee du bandama');
    const french = await lastReply(ivorian);
    expect(french).toMatch(/^Mais, Vallée du Bandama, 7 derniers jours : ventes 20 340 FCFA par sac de 90 kg\.$/);
    expect(isGsm7(french)).toBe(true);
    // A crop with no place: the whole market for a stranger, their own county for a member.
    await inbound(kenyan, 'PRICE maize');
    expect(await lastReply(kenyan)).toMatch(/^Maize, all markets, last 7 days: deals /);
    const { nakuru } = await seedPrices();
    const farmer = await member('en', { regionId: nakuru.id, countryId: nakuru.countryId });
    await inbound(farmer.phone, 'Price Maize');
    expect(await lastReply(farmer.phone)).toMatch(/^Maize, Nakuru, last 7 days: deals KES 3,488.40/);
    expect((await repliesTo(farmer.phone)).at(-1)).toMatchObject({ purpose: 'reply', userId: farmer.id });
    // A crop priced by the crate.
    await inbound(kenyan, 'PRICE tomato nakuru');
    expect(await lastReply(kenyan)).toBe('Tomatoes, Nakuru, last 7 days: asking KES 646.00 per crate.');
  });

  it('says which crop or place it does not know, and how to ask', async () => {
    const phone = uniquePhone();
    await inbound(phone, 'PRICE');
    expect(await lastReply(phone)).toBe(
      'Send PRICE and a crop, and a place if you like: PRICE MAIZE or PRICE MAIZE NAKURU.',
    );
    await inbound(phone, 'PRICE xyzzy');
    expect(await lastReply(phone)).toBe(
      'Mavuno does not know the crop "xyzzy". Try PRICE MAIZE or PRICE BEANS NAKURU.',
    );
    await inbound(phone, 'BEI mahindi qwertyville');
    expect(await lastReply(phone)).toBe(
      'Mavuno haijui mahali "qwertyville". Taja mkoa au mji, au tuma zao peke yake kwa masoko yote.',
    );
    // Inside a name is not the name: "akuru" is in Nakuru but starts no word of any place.
    await inbound(phone, 'PRICE maize akuru');
    expect(await lastReply(phone)).toContain('does not know the place "akuru"');
  });

  it('STOP, ACHA and ARRET stop notices by SMS in the member’s language; START, ANZA and DEMARRER lift it', async () => {
    const english = await member('en');
    await inbound(english.phone, 'STOP');
    expect(await stoppedAt(english.id)).toBeInstanceOf(Date);
    expect(await lastReply(english.phone)).toBe(
      'Mavuno will send you no more notices by SMS. To get them again, send START.',
    );
    await inbound(english.phone, 'start');
    expect(await stoppedAt(english.id)).toBeNull();
    expect(await lastReply(english.phone)).toBe('Mavuno notices by SMS are on again. To stop them, send STOP.');

    const swahili = await member('sw');
    await inbound(swahili.phone, 'Acha');
    expect(await stoppedAt(swahili.id)).toBeInstanceOf(Date);
    expect(await lastReply(swahili.phone)).toBe(
      'Mavuno haitakutumia tena arifa kwa SMS. Ili kuzipata tena, tuma ANZA.',
    );
    // The member's own language wins over the command word's.
    await inbound(swahili.phone, 'START');
    expect(await stoppedAt(swahili.id)).toBeNull();
    expect(await lastReply(swahili.phone)).toBe(
      'Arifa za Mavuno kwa SMS zimewashwa tena. Ili kuzisimamisha, tuma ACHA.',
    );

    const french = await member('fr');
    await inbound(french.phone, 'ARRÊT');
    const first = await stoppedAt(french.id);
    expect(await lastReply(french.phone)).toBe(
      "Mavuno ne vous enverra plus d'avis par SMS. Pour les recevoir à nouveau, envoyez DEMARRER.",
    );
    await inbound(french.phone, 'arret');
    expect(await stoppedAt(french.id)).toEqual(first);
    // Notices turned off in the settings: START lifts the STOP and says where they are turned on.
    await db().update(users).set({ smsNotification: false }).where(eq(users.id, french.id));
    await inbound(french.phone, 'Démarrer');
    expect(await stoppedAt(french.id)).toBeNull();
    expect(await lastReply(french.phone)).toContain(SERVICE_CODE);

    // A number with no account has nothing to stop; a number not confirmed is no member's.
    const stranger = uniquePhone();
    await inbound(stranger, 'ACHA');
    expect(await lastReply(stranger)).toBe(
      `Nambari hii haina akaunti ya Mavuno, kwa hivyo haipokei arifa. Piga ${SERVICE_CODE} kujiunga.`,
    );
  });

  it('HELP lists the commands and the USSD code; an unknown command gets a short help', async () => {
    const phone = uniquePhone();
    await inbound(phone, 'help');
    expect(await lastReply(phone)).toBe(
      `Mavuno SMS: PRICE <crop> [place] for prices, e.g. PRICE MAIZE NAKURU. STOP: no notices by SMS. START: notices again. Menu: dial ${SERVICE_CODE}.`,
    );
    await inbound(phone, 'AIDE');
    expect(await lastReply(phone)).toContain('PRIX <produit> [lieu]');
    await inbound(phone, 'Msaada');
    expect(await lastReply(phone)).toContain('BEI <zao> [mahali]');
    await inbound(phone, 'hello?');
    expect(await lastReply(phone)).toBe(
      `Mavuno did not understand. Send PRICE <crop> [place], HELP, STOP or START, or dial ${SERVICE_CODE}.`,
    );
  });

  it('acts on a replayed message id once: one inbound row, one reply', async () => {
    const owner = await member('en');
    const fields = { id: 'ATXid_replayed' };
    const first = await inbound(owner.phone, 'STOP', fields);
    expect(first.json).toEqual({ ok: true, duplicate: false });
    await db().update(users).set({ smsStoppedAt: null }).where(eq(users.id, owner.id));
    const again = await inbound(owner.phone, 'STOP', fields);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ok: true, duplicate: true });
    // Delivered at the same moment: one wins, the other is a duplicate.
    const racing = await Promise.all([
      inbound(owner.phone, 'HELP', { id: 'ATXid_race' }),
      inbound(owner.phone, 'HELP', { id: 'ATXid_race' }),
    ]);
    expect(racing.map((r) => r.json.duplicate).sort()).toEqual([false, true]);

    expect(await stoppedAt(owner.id)).toBeNull();
    const rows = await db().select().from(smsInbound).where(eq(smsInbound.phone, owner.phone));
    expect(rows.map((r) => [r.providerId, r.command, r.userId])).toEqual([
      ['ATXid_replayed', 'stop', owner.id],
      ['ATXid_race', 'help', owner.id],
    ]);
    expect(rows[0].receivedAt?.toISOString()).toBe('2026-11-20T09:15:00.000Z');
    expect((await repliesTo(owner.phone)).length).toBe(2);
  });

  it('writes every reply in GSM-7, one SMS of 160 or numbered parts of 153', async () => {
    // A long Swahili reply: both prices with their change, in two parts.
    const { nakuru } = await seedPrices();
    const swahili = await member('sw', { regionId: nakuru.id, countryId: nakuru.countryId });
    await inbound(swahili.phone, 'BEI mahindi');
    const parts = (await repliesTo(swahili.phone)).map((r) => r.text);
    expect(parts.length).toBe(2);
    expect(parts[0]).toMatch(/^\(1\/2\) Mahindi, Nakuru, siku 7 zilizopita: bei ya mauzo /);
    expect(parts[1]).toMatch(/^\(2\/2\) /);
    expect(parts.map((part) => part.slice(6)).join(' ')).toBe(await lastReply(swahili.phone));

    const all = await db().select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.purpose, 'reply'));
    expect(all.length).toBeGreaterThan(20);
    for (const { text } of all) {
      expect(isGsm7(text), text).toBe(true);
      if (/^\(\d\/\d\) /.test(text)) expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_PART_MAX);
      else expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_MAX);
    }
  });
});

// Villages are read through the gazetteer; make sure the one the Swahili test names is Nakuru's.
it('has Njoro in Nakuru (the fixture the price test relies on)', async () => {
  const [row] = await db()
    .select({ region: regions.name })
    .from(villages)
    .innerJoin(regions, eq(regions.id, villages.regionId))
    .where(eq(villages.name, 'Njoro'));
  expect(row.region).toBe('Nakuru');
});
