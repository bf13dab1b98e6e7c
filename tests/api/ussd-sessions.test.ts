import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX } from '~/features/channels/constants';
import { gsm7Length, isGsm7 } from '~/features/channels/gsm7';
import { lots, offers, payouts, smsOutbox, users, ussdPinLockouts, ussdSessions } from '~/server/db/schema';
import { randomUUID } from 'node:crypto';
import { answerUssdStep } from '~/server/channels/ussd/engine';
import { setMemberLocale } from '~/server/services/accounts/set-member-locale';
import { setUssdPin } from '~/server/services/accounts/set-ussd-pin';
import { setTier } from '~/server/services/accounts/tiers';
import { SCREENS } from '~/server/channels/ussd/screens';
import { parseEnv, replaceEnv } from '~/server/env';
import { lastSmsTo, signedUpUser, uniquePhone } from '../fixtures/accounts';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { act, getAs, makeOffer } from '../fixtures/deals';
import { useEnvironment } from '../fixtures/use-environment';
import { topUp, userId } from '../fixtures/wallet';
import { USSD_TOKEN, UssdSession, choose, ussdRequest } from '../fixtures/ussd';

/**
 * Whole USSD sessions through the gateway's endpoint (docs/feature-phones.md), in the three languages: the farmer
 * registers, sells, answers a web buyer's offer, sends the goods and sees the money; every step is the deal, lot and
 * ledger the site shows.
 */
const database = useTestDatabase();
useEnvironment({ USSD_CALLBACK_TOKEN: USSD_TOKEN });
const db = () => database.handle().db;

const PIN = '2580';

/** What each language calls things on the screens the flows pick. */
const WORDS = {
  en: {
    lang: 'English',
    maize: 'Maize',
    bag: /bag/i,
    approve: 'Approve',
    sent: 'Goods sent',
    received: 'Goods received',
    wallet: 'Wallet',
    held: /KES 34,000\.00 held by Mavuno/,
  },
  sw: {
    lang: 'Kiswahili',
    maize: 'Mahindi',
    bag: /gunia|bag/i,
    approve: 'Kubali',
    sent: 'Bidhaa zimetumwa',
    received: 'Bidhaa zimepokelewa',
    wallet: 'Pochi',
    held: /Ksh 34,000\.00 zimeshikiliwa na Mavuno/,
  },
  fr: {
    lang: 'Francais',
    maize: 'Mais',
    bag: /sac/i,
    approve: 'Accepter',
    sent: 'Marchandise envoy',
    received: 'Marchandise re',
    wallet: 'Portefeuille',
    held: /34 000,00 KES bloqué par Mavuno/,
  },
} as const;
type Lang = keyof typeof WORDS;

async function smsCode(phone: string): Promise<string> {
  const sms = await lastSmsTo(database.handle(), phone);
  const code = /\b(\d{4})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${sms?.text}`);
  return code;
}

/** A new caller registers in `lang` (Nakuru, its first village), proving the phone with the SMS code. */
async function registerFarmer(lang: Lang, name = 'Wanjiku Njeri', phone = uniquePhone()) {
  const session = new UssdSession(phone);
  await session.dial();
  await choose(session, WORDS[lang].lang);
  await session.send('1'); // register
  await session.send(name);
  await choose(session, 'Nakuru');
  await session.send('1'); // the region's first village
  await session.send('1'); // the code was sent: continue
  await session.send(await smsCode(phone));
  await session.send(PIN);
  const home = await session.send(PIN);
  const [member] = await db().select().from(users).where(eq(users.phone, phone));
  return { phone, session, home, member };
}

async function makeSilver(id: number) {
  await db().update(users).set({ tier: 'silver' }).where(eq(users.id, id));
}

/** A screen as the gateway may send it: CON or END, GSM-7, at most 182 places. */
function expectScreen(screen: string) {
  expect(screen).toMatch(/^(CON|END) /);
  // Nothing had to be cut to fit: a cut line ends in "..".
  expect(screen, screen).not.toMatch(/\.\.(\n|$)/);
  expect(gsm7Length(screen)).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  expect(isGsm7(screen)).toBe(true);
}

describe('the gateway callback', () => {
  it('refuses a forged token with 404 and writes nothing', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ussdSessions);
    const forged = await ussdRequest(
      { sessionId: 'forged-1', phoneNumber: uniquePhone(), text: '' },
      { token: 'not-the-token-at-all-0000' },
    );
    expect(forged.status).toBe(404);
    const empty = await ussdRequest({ sessionId: 'forged-2', phoneNumber: uniquePhone(), text: '' }, { token: '' });
    expect([404, 405]).toContain(empty.status);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ussdSessions);
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers only the allowed gateway addresses when an allow-list is set', async () => {
    const previous = replaceEnv(
      parseEnv({ ...process.env, USSD_CALLBACK_TOKEN: USSD_TOKEN, USSD_ALLOWED_IPS: '10.9.9.9, 10.9.9.10' }),
    );
    try {
      const outsider = await ussdRequest(
        { sessionId: 'ip-1', phoneNumber: uniquePhone(), text: '' },
        { ip: '10.1.2.3' },
      );
      expect(outsider.status).toBe(403);
      expect((await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, 'ip-1'))).length).toBe(0);
      const gateway = await ussdRequest(
        { sessionId: 'ip-2', phoneNumber: uniquePhone(), text: '' },
        { ip: '10.9.9.10' },
      );
      expect(gateway.status).toBe(200);
      expect(gateway.headers.get('content-type')).toMatch(/^text\/plain/);
    } finally {
      replaceEnv(previous);
    }
  });

  it('answers 400 to a request without a session or a phone, and touches nothing', async () => {
    const res = await ussdRequest({ sessionId: '', phoneNumber: '', text: '' });
    expect(res.status).toBe(400);
    const bad = await ussdRequest({ sessionId: 'bad-phone', phoneNumber: 'not a phone', text: '' });
    expect(bad.status).toBe(400);
    expect((await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, 'bad-phone'))).length).toBe(0);
  });

  it('keeps a session to its phone: another number with the same session id is refused', async () => {
    const session = new UssdSession(uniquePhone());
    await session.dial();
    const stolen = await ussdRequest({ sessionId: session.sessionId, phoneNumber: uniquePhone(), text: '1' });
    expect(stolen.status).toBe(400);
  });

  it('records the end-of-session notice', async () => {
    const session = new UssdSession(uniquePhone());
    await session.dial();
    const { apiRequest, form } = await import('../fixtures/api');
    const res = await apiRequest(`/ussd/${USSD_TOKEN}/end`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ sessionId: session.sessionId, status: 'Success', phoneNumber: session.phone, duration: '30' }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, known: true });
    const [row] = await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, session.sessionId));
    expect(row.endStatus).toBe('Success');
    expect(row.endedAt).not.toBeNull();
    // A step the gateway sends after the end acts on nothing.
    const late = await ussdRequest({ sessionId: session.sessionId, phoneNumber: session.phone, text: '1' });
    expect(late.status).toBe(200);
    expect(late.text).toBe('CON Mavuno\n1. English\n2. Kiswahili\n3. Francais');
  });
});

describe('a session', () => {
  it('offers the three languages to a new caller, re-asks a wrong choice and never ends on it', async () => {
    const session = new UssdSession(uniquePhone());
    const first = await session.dial();
    expect(first).toBe('CON Mavuno\n1. English\n2. Kiswahili\n3. Francais');
    const wrong = await session.send('7');
    expect(wrong.startsWith('CON Wrong choice')).toBe(true);
    expect(wrong).toContain('1. English');
    const sw = await session.send('2');
    expect(sw).toContain('Karibu Mavuno');
    expect(await session.send('x')).toMatch(/^CON Chaguo si sahihi/);
  });

  it('answers a repeated request with the same screen and acts once', async () => {
    const session = new UssdSession(uniquePhone());
    await session.dial();
    const screen = await session.send('3');
    const again = await ussdRequest({ sessionId: session.sessionId, phoneNumber: session.phone, text: session.text });
    expect(again.text).toBe(screen);
    const [row] = await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, session.sessionId));
    expect(row.steps).toBe(2);
  });

  it('forgets a session 180 s after its last step: the caller starts again from the first screen', async () => {
    const phone = uniquePhone();
    const start = new Date();
    const sessionId = `expiry-${Date.now()}`;
    const call = (text: string, now: Date) =>
      answerUssdStep(db(), { sessionId, serviceCode: '*384*628#', phoneNumber: phone, text }, now);
    await call('', start);
    expect(await call('2', new Date(start.getTime() + 179_000))).toContain('Karibu Mavuno');
    const late = await call('2*1', new Date(start.getTime() + 179_000 + 181_000));
    expect(late).toMatch(/^CON Your session timed out/);
    expect(late).toContain('1. English');
  });

  it('answers two copies of one request, arriving together, with the same new screen, acting once', async () => {
    const { phone } = await registerFarmer('en', 'Twin Request');
    const session = new UssdSession(phone);
    await session.dial();
    const send = () => ussdRequest({ sessionId: session.sessionId, phoneNumber: phone, text: '1' });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.text).toMatch(/^CON Prices of which crop\?/);
    expect(b.text).toBe(a.text);
    const [row] = await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, session.sessionId));
    expect(row.steps).toBe(2);
    expect((row.state as { stack: { s: string }[] }).stack.map((frame) => frame.s)).toEqual(['home', 'prices.crop']);
  });

  it('takes a caller who hung up to read the SMS code back to it, with the same code', async () => {
    const phone = uniquePhone();
    const first = new UssdSession(phone);
    await first.dial();
    await first.sendAll('2', '1', 'Halima Said');
    await choose(first, 'Nakuru');
    await first.send('1');
    expect(await first.send('1')).toMatch(/^CON Weka nambari iliyo kwenye SMS/);
    // The caller hangs up; the gateway says so.
    const { apiRequest, form } = await import('../fixtures/api');
    await apiRequest(`/ussd/${USSD_TOKEN}/end`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ sessionId: first.sessionId, status: 'Incomplete' }),
    });
    const again = new UssdSession(phone);
    expect(await again.dial()).toMatch(/^CON Karibu tena\.\nWeka nambari iliyo kwenye SMS/);
    await again.send(await smsCode(phone));
    await again.send(PIN);
    expect(await again.send(PIN)).toMatch(/Karibu Mavuno, Halima!/);
    const codes = await db().select().from(smsOutbox).where(eq(smsOutbox.to, phone));
    expect(codes.filter((sms) => /\b\d{4}\b/.test(sms.text)).length).toBe(1);
    // Taken over once: a third dial starts afresh.
    expect(await new UssdSession(phone).dial()).toMatch(/^CON Mavuno - Halima/);
  });

  it('goes back with 0, home with 00, and pages long lists with 98', async () => {
    const { session } = await registerFarmer('en', 'Back Tester');
    await session.send('1'); // prices
    const crops = session.screen;
    expect(crops).toContain('98 More');
    const page2 = await session.send('98');
    expect(page2).not.toBe(crops);
    expect(page2.split('\n')[1]).toMatch(/^1\. /);
    await session.send('1');
    expect(session.screen).toMatch(/Where\?/);
    expect(await session.send('0')).toBe(page2);
    expect(await session.send('00')).toMatch(/^CON Mavuno - Back/);
  });
});

describe.each(['sw', 'fr', 'en'] as const)('a farmer on a basic phone (%s)', (lang) => {
  it('registers, sells, answers a web offer, sends the goods and sees the money, all on the site too', async () => {
    const registered = await registerFarmer(lang);
    const { phone, home, member } = registered;
    let session = registered.session;
    expect(home).toMatch(/^CON /);
    expect(member).toMatchObject({ signupChannel: 'ussd', email: null, locale: lang, smsNotification: true });
    expect(member.phoneVerifiedAt).not.toBeNull();
    expect(member.ussdPinHash).toMatch(/^\$argon2id\$/);

    // Basic: told how to ask for silver, as the site tells them.
    await session.send('2');
    expect(session.screen).toContain('1. ');
    await session.send('00');
    await makeSilver(member.id);

    // Sell 20 bags at "3 500" — the price typed as people type it.
    await session.send('2');
    await choose(session, WORDS[lang].maize);
    await session.send('20');
    await choose(session, WORDS[lang].bag);
    const confirm = await session.send(lang === 'fr' ? '3 500' : '3500');
    expect(confirm).toMatch(/70[ ,.]?000/);
    await session.send('1');
    const published = await session.send(PIN);
    expect(published).toMatch(/^END .*#?\d+/);
    const [lot] = await db().select().from(lots).where(eq(lots.userId, member.id));
    expect(lot).toMatchObject({ status: 'active', type: 'sell', volume: '20.00' });
    expect(lot.priceMinor).toBe(350_000);
    const catalogue = await get(`/board-list/index?per-page=100&BoardQuoteSearch[user_id]=${member.id}`);
    expect(catalogue.json.items.map((item: { id: number }) => item.id)).toContain(lot.id);
    const link = await lastSmsTo(database.handle(), phone);
    expect(link?.text).toContain(`/board/${lot.id}`);
    expect(isGsm7(link!.text)).toBe(true);
    expect(gsm7Length(link!.text)).toBeLessThanOrEqual(160);

    // A buyer on the site offers 10 bags at KES 3,400, paying from the wallet.
    const buyer = await signedUpUser();
    const buyerId = await userId(database.handle(), buyer.email);
    await topUp(database.handle(), buyerId, 5_000_000);
    const offer = await makeOffer(buyer.auth, {
      order_id: lot.id,
      order_type: 'board_list',
      price: 3400,
      volume: 10,
      payment_type: 2,
    });
    expect(offer.status).toBe(200);
    const offerId = offer.json.id as number;
    // The notice of the offer reaches the farmer by SMS, in their language.
    const notice = await db()
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.userId, member.id), eq(smsOutbox.purpose, 'notice')));
    expect(notice.length).toBeGreaterThan(0);
    for (const sms of notice) expect(isGsm7(sms.text)).toBe(true);

    // The farmer approves it from the phone, with the PIN (the sale ended the last session: a new one).
    session = new UssdSession(phone);
    await session.dial();
    await session.send('4');
    expect(session.screen).toMatch(/^1\. .*\b1\b/m);
    await session.send('1');
    await session.send('1');
    const offerScreen = session.screen;
    expect(offerScreen).toContain(`${offerId}`);
    expect(offerScreen).toMatch(/34[ ,.]?000/);
    await choose(session, WORDS[lang].approve);
    const approved = await session.send(PIN);
    expect(approved).toContain(`${offerId}`);
    const view = await getAs(buyer.auth, `/offer/view?id=${offerId}`);
    expect(view.json.status).toBe(3);

    // Goods sent from the phone; the buyer confirms on the site; the money goes to the farmer's wallet.
    await session.send('00');
    await session.send('4');
    await session.send('2');
    await session.send('1');
    expect(session.screen).toMatch(/34[ ,.]?000/);
    // The buyer's money, frozen by the approval, is shown held for the farmer.
    expect(session.screen).toMatch(WORDS[lang].held);
    await choose(session, WORDS[lang].sent);
    await session.send(PIN);
    const history = await getAs(buyer.auth, `/offer/history?id=${offerId}`);
    expect(JSON.stringify(history.json)).toContain('delivery-send');
    const received = await act(buyer.auth, 'delivery-get', offerId);
    expect(received.status).toBe(200);
    const [deal] = await db().select().from(offers).where(eq(offers.id, offerId));
    expect(deal.status).toBe(9);

    await session.send('00');
    const wallet = await choose(session, WORDS[lang].wallet);
    // PIN already given in this session: money shows at once.
    expect(wallet).toMatch(/34[ ,.]?000/);
    await session.send('1');
    expect(session.screen).toMatch(/\+(KES|Ksh) 34[ ,.]?000|\+34 000,00 KES/);
  });
});

describe('my lots and the wallet', () => {
  it("change a lot's price, close it, and withdraw to the member's own number, each with the PIN", async () => {
    const { phone, member } = await registerFarmer('en', 'Lot Keeper');
    await makeSilver(member.id);
    const session = new UssdSession(phone);
    await session.dial();
    await session.send('2');
    await choose(session, 'Maize');
    await session.sendAll('20');
    await choose(session, '90 kg');
    await session.sendAll('3500', '1');
    await session.send(PIN);
    const [lot] = await db().select().from(lots).where(eq(lots.userId, member.id));

    const again = new UssdSession(phone);
    await again.dial();
    await again.send('3');
    await choose(again, 'Maize');
    await again.send('1');
    await again.send('3 700');
    expect(await again.send(PIN)).toMatch(new RegExp(`New price saved for lot #${lot.id}`));
    const [changed] = await db().select().from(lots).where(eq(lots.id, lot.id));
    expect(changed.priceMinor).toBe(370_000);
    expect(changed.title).toBe(lot.title);

    // Back from the result: the lot again, with its new price (not the price screen).
    expect(await again.send('0')).toMatch(/KES 3,700\.00/);
    await again.send('2');
    expect(await again.send(PIN)).toMatch(new RegExp(`Lot #${lot.id} is closed`));
    expect(await again.send('0')).toMatch(/You have no lots on the market/);
    expect((await db().select().from(lots).where(eq(lots.id, lot.id)))[0].status).toBe('closed');

    await topUp(database.handle(), member.id, 1_000_000);
    await again.send('00');
    await again.send('5');
    await again.send('2');
    await again.send('5000');
    expect(again.screen).toContain(phone);
    await again.send('1');
    expect(await again.send(PIN)).toMatch(/KES 5,000\.00 is on its way|waits for approval/);
    const [payout] = await db().select().from(payouts).where(eq(payouts.userId, member.id));
    expect(payout).toMatchObject({ method: 'mobile_money', destination: phone, amountMinor: 500_000 });
  });
});

describe('the PIN', () => {
  it('locks USSD for 15 minutes after five wrong PINs and tells the member by SMS', async () => {
    const { phone, member } = await registerFarmer('en', 'Lock Tester');
    const session = new UssdSession(phone);
    await session.dial();
    await session.send('5');
    for (let left = 4; left >= 1; left--)
      expect(await session.send('1111')).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    const locked = await session.send('1111');
    expect(locked).toMatch(/^END Too many wrong PINs/);
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row.ussdLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await db().select().from(ussdPinLockouts).where(eq(ussdPinLockouts.userId, member.id))).length).toBe(1);
    expect((await lastSmsTo(database.handle(), phone))?.text).toMatch(/locked/);

    // Even the right PIN is not checked while locked.
    const again = new UssdSession(phone);
    await again.dial();
    await again.send('5');
    expect(await again.send(PIN)).toMatch(/^END Too many wrong PINs/);
  });

  it('asks a web member without a PIN to set one, proved by an SMS code, before showing money', async () => {
    const phone = uniquePhone();
    const web = await signedUpUser({ phone });
    await db().update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.phone, phone));
    void web;
    const session = new UssdSession(phone);
    expect(await session.dial()).toMatch(/^CON Mavuno - Amina/);
    expect(await session.send('5')).toMatch(/no USSD PIN/);
    await session.send('1');
    await session.send('1');
    await session.send(await smsCode(phone));
    expect(await session.send('1234')).toMatch(/^CON .*1234/);
    await session.send(PIN);
    const wallet = await session.send(PIN);
    expect(wallet).toMatch(/PIN is set/);
    expect(wallet).toMatch(/Wallet/);
  });

  it('lets the holder of a number another account never confirmed register it; that account loses it', async () => {
    const phone = uniquePhone();
    const squatter = await signedUpUser({ phone });
    const session = new UssdSession(phone);
    expect(await session.dial()).toBe('CON Mavuno\n1. English\n2. Kiswahili\n3. Francais');
    const { member } = await registerFarmer('en', 'Real Owner', phone);
    expect(member.phoneVerifiedAt).not.toBeNull();
    const [before] = await db().select().from(users).where(eq(users.email, squatter.email));
    expect(before.phone).toBeNull();
  });
});

describe('a farmer who buys', () => {
  it('finds the five cheapest lots, offers at the asked price with the PIN and confirms the goods received', async () => {
    const { phone, session, member } = await registerFarmer('sw', 'Juma Mnunuzi');
    const seller = await (await import('../fixtures/lots')).memberWithTier(database.handle(), 'silver');
    const { sellMaize } = await import('../fixtures/deals');
    const lotId = await sellMaize(seller.auth, { price: 1000, min_volume: '', max_volume: '' });

    await session.send('6');
    await choose(session, 'Mahindi');
    await choose(session, 'Mikoa yote');
    const list = session.screen;
    expect(list.split('\n').filter((line) => /^\d\. /.test(line)).length).toBeLessThanOrEqual(5);
    await choose(session, /Ksh 1,000/);
    await session.send('2');
    await session.send('1'); // cash to the seller
    await session.send('1');
    const done = await session.send(PIN);
    expect(done).toMatch(/#\d+/);
    const [offer] = await db()
      .select()
      .from(offers)
      .where(and(eq(offers.lotId, lotId), eq(offers.buyerId, member.id)));
    // A crop lot's offer waits for the seller (only fixed-price machinery is bought at once): approved on the site.
    expect(offer.status).toBe(2);
    expect((await act(seller.auth, 'approve-offer', offer.id)).status).toBe(200);
    const sent = await act(seller.auth, 'delivery-send', offer.id);
    expect(sent.status).toBe(200);
    await session.send('00');
    await session.send('4');
    await session.send('2');
    await choose(session, `#${offer.id}`);
    await choose(session, WORDS.sw.received);
    await session.send(PIN);
    const [after] = await db().select().from(offers).where(eq(offers.id, offer.id));
    expect(after.deliveryStatus).toBe(2);
    void phone;
  });
});

/** A web member with a confirmed phone and a PIN, silver, with a lot, an offer waiting on it, a deal under way and money. */
async function busyMember() {
  const phone = uniquePhone();
  const member = await signedUpUser({ phone });
  const [row] = await db().update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.phone, phone)).returning();
  await setUssdPin(db(), row.id, PIN);
  await setTier(db(), member.email, 'silver');
  const { sellMaize } = await import('../fixtures/deals');
  const lotId = await sellMaize(member.auth);
  const waiting = await signedUpUser();
  await makeOffer(waiting.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
  const buyer = await signedUpUser();
  const deal = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3550, volume: 20 });
  await act(member.auth, 'approve-offer', deal.json.id);
  await topUp(database.handle(), row.id, 1_000_000);
  // And a lot of someone else's to buy.
  const other = await (await import('../fixtures/lots')).memberWithTier(database.handle(), 'silver');
  await sellMaize(other.auth);
  return { phone, id: row.id };
}

/**
 * Walks the menu breadth-first from a phone's first screen: every item of every page, `98`, `0`, and on a typed
 * screen a valid answer and a wrong one (the PIN where asked). A session is forked by copying its row (the state is
 * all there). Each screen is explored from at most a few of the places it is reached from, so the walk spreads over
 * the whole tree. Answers the names of the screens reached; every answer met is checked by expectScreen.
 */
async function walk(phone: string, memberId: number | null, budget: number, walkLocale: Lang): Promise<Set<string>> {
  const sessionId = `walk-${randomUUID()}`;
  const step = async (text: string) => (await ussdRequest({ sessionId, phoneNumber: phone, text })).text;
  type Row = typeof ussdSessions.$inferSelect;
  const snapshot = async () => (await db().select().from(ussdSessions).where(eq(ussdSessions.sessionId, sessionId)))[0];
  const restore = (row: Row) =>
    db()
      .update(ussdSessions)
      .set({ ...row, endedAt: null, expiresAt: new Date(Date.now() + 180_000) })
      .where(eq(ussdSessions.sessionId, sessionId));
  expectScreen(await step(''));
  const queue: { text: string; depth: number; row: Row }[] = [{ text: '', depth: 0, row: await snapshot() }];
  const seen = new Set<string>();
  const reached = new Set<string>();
  const explored = new Map<string, number>();
  let visited = 0;
  while (queue.length > 0 && visited < budget) {
    const node = queue.shift()!;
    const state = node.row.state as {
      stack: { s: string; p?: { after?: { run?: string; s?: string } } }[];
      expect: string;
    };
    // An ended session keeps nothing but its last screen.
    if (node.row.endedAt) continue;
    const frame = state.stack.at(-1)!;
    const top = frame.s;
    reached.add(top);
    // The PIN screen stands before many changes: each is its own branch.
    const branch = `${top}:${frame.p?.after?.run ?? frame.p?.after?.s ?? ''}`;
    if (node.depth >= 14 || node.row.endedAt || (explored.get(branch) ?? 0) >= 2) continue;
    explored.set(branch, (explored.get(branch) ?? 0) + 1);
    const screen = node.row.lastScreen ?? '';
    const inputs = [...screen.matchAll(/^(\d+)\. /gm)].map((m) => m[1]);
    if (/\n98 /.test(screen)) inputs.push('98');
    if (state.expect === 'input') {
      if (top === 'pin') inputs.push(PIN, '9999');
      else if (top === 'pinset.code') inputs.push(await smsCode(phone).catch(() => '0000'), '0001');
      else if (top === 'pinset.new' || top === 'pinset.repeat') inputs.push('1357', '1111');
      else if (top === 'register.name') inputs.push('Amina Walker', '!!');
      else inputs.push('12', 'abc', '3 500');
    } else inputs.push('7');
    inputs.push('0');
    for (const input of inputs) {
      await restore(node.row);
      // Wrong PINs of one walk must not lock the next fork out, nor its Language choice change the next fork's words.
      if (memberId)
        await db()
          .update(users)
          .set({ ussdPinFailures: 0, ussdLockedUntil: null, locale: walkLocale })
          .where(eq(users.id, memberId));
      const text = node.text === '' ? input : `${node.text}*${input}`;
      const answer = await step(text);
      expectScreen(answer);
      visited++;
      const row = await snapshot();
      // The same words may be two screens (the place list of prices and of buying): told apart by the screen's name.
      const reachedFrame = (row.state as typeof state).stack.at(-1);
      const key = `${reachedFrame?.s}:${JSON.stringify(reachedFrame?.p?.after ?? '')}|${answer}`;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ text, depth: node.depth + 1, row });
    }
  }
  return reached;
}

describe('a price far from the usual one', () => {
  it('is published from the phone only once the farmer keeps it, as on the site', async () => {
    const { seller } = { seller: await (await import('../fixtures/lots')).memberWithTier(database.handle(), 'silver') };
    const { sellMaize } = await import('../fixtures/deals');
    for (let i = 0; i < 5; i++) await sellMaize(seller.auth);
    const { phone, member } = await registerFarmer('en', 'Cheap Seller');
    await makeSilver(member.id);
    const session = new UssdSession(phone);
    await session.dial();
    await session.send('2');
    await choose(session, 'Maize');
    await session.send('20');
    await choose(session, '90 kg');
    await session.send('100');
    await session.send('1');
    const unusual = await session.send(PIN);
    expect(unusual).toMatch(/^CON .*usual/i);
    expect((await db().select().from(lots).where(eq(lots.userId, member.id))).length).toBe(0);
    const changed = await session.send('2');
    expect(changed).toMatch(/^CON Price per/);
    await session.send('100');
    await session.send('1');
    expect(await session.send(PIN)).toMatch(/usual price is KES 3,600\.00/);
    expect(await session.send('1')).toMatch(/^END /);
    const [lot] = await db().select().from(lots).where(eq(lots.userId, member.id));
    expect(lot.priceMinor).toBe(10_000);
  });
});

/** Screens no walk reaches by itself, each checked by a test of its own above or below. */
const REACHED_ELSEWHERE = ['unusual'];

describe.each(['en', 'sw', 'fr'] as const)('a breadth-first walk of the menu (%s)', (lang) => {
  it('meets every screen, each a screen a basic phone shows', async () => {
    const busy = await busyMember();
    await setMemberLocale(db(), busy.id, lang);
    const reached = new Set([...(await walk(busy.phone, busy.id, 1500, lang))]);
    // A new caller, from the language choice through registration.
    const newcomer = uniquePhone();
    const firstScreens = new UssdSession(newcomer);
    await firstScreens.dial();
    for (const name of await walk(newcomer, null, 600, lang)) reached.add(name);
    const missing = Object.keys(SCREENS).filter((name) => !reached.has(name) && !REACHED_ELSEWHERE.includes(name));
    expect(missing).toEqual([]);
  }, 180_000);
});
