import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '~/server/db/schema';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { loadContactPage } from '~/server/loaders/contact';
import { listContactMessages } from '~/server/services/contact/list-contact-messages';
import { signedUpUser, uniqueEmail, uniquePhone } from '../fixtures/accounts';
import { apiRequest, form, post } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { useEnvironment } from '../fixtures/use-environment';
import { TestCookies, formRequest } from '../fixtures/forms';

const SUPPORT = 'support@mavuno.test';
// This file runs with a support address configured: each message is e-mailed there too.
useEnvironment({ TRUST_PROXY: 'true', SUPPORT_EMAIL: SUPPORT });

const database = useTestDatabase();
const db = () => database.handle().db;

const fields = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Amina Wanjiru',
  email: uniqueEmail('contact'),
  topic: 'payments_and_wallet',
  message: 'My top-up by M-Pesa has not reached my wallet yet.',
  ...overrides,
});
const send = (body: Record<string, string | undefined>, locale?: string, headers: Record<string, string> = {}) =>
  apiRequest('/contact/send', {
    method: 'POST',
    locale,
    body: form(body),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
const mailsTo = (to: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
const storedFrom = (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email));

describe('POST /contact/send', () => {
  it('stores the message, e-mails support (reply-to the sender) and acknowledges in the sender’s language', async () => {
    const sent = fields({ message: 'Pesa yangu ya M-Pesa bado haijafika kwenye pochi.\nTafadhali nisaidieni.' });
    const res = await send(sent, 'sw');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Ujumbe wako umetumwa. Tutawasiliana nawe hivi karibuni.' });

    const [stored] = await storedFrom(sent.email!);
    expect(stored).toMatchObject({
      name: 'Amina Wanjiru',
      topic: 'payments_and_wallet',
      locale: 'sw',
      status: 'new',
      userId: null,
      phone: null,
    });
    expect(stored.message).toBe(sent.message);

    const [toSupport] = (await mailsTo(SUPPORT)).filter((mail) => mail.text.includes(sent.email!));
    expect(toSupport.replyTo).toBe(sent.email);
    expect(toSupport.subject).toBe('Contact form: Payments and wallet — Amina Wanjiru');
    expect(toSupport.text).toContain('Tafadhali nisaidieni.');
    expect(toSupport.text).toContain(`Message #${stored.id}, written in sw`);

    const [ack] = await mailsTo(sent.email!);
    expect(ack.subject).toBe('Tumepokea ujumbe wako');
    expect(ack.text).toContain('Malipo na pochi');
    // The acknowledgement names the message by its number, never repeats its text (no mail relay for strangers).
    expect(ack.text).toContain(`: ${stored.id}.`);
    expect(ack.text).not.toContain('Pesa yangu');
    expect(ack.replyTo).toBeNull();
  });

  it('takes a phone instead of an e-mail (stored in international form), and sends no acknowledgement', async () => {
    const before = (await mailsTo(SUPPORT)).length;
    const phone = uniquePhone();
    const local = `0${phone.slice(4)}`;
    const res = await send(fields({ email: undefined, phone: local, topic: 'account' }), 'fr');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Votre message a été envoyé. Nous vous répondrons bientôt.');
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.phone, phone));
    expect(stored).toMatchObject({ email: null, locale: 'fr', topic: 'account' });
    const toSupport = await mailsTo(SUPPORT);
    expect(toSupport.length).toBe(before + 1);
    expect(toSupport[0].replyTo).toBeNull();
    expect(toSupport[0].text).toContain(phone);
  });

  it('accepts the ContactForm[…] names and JSON, as the other forms do', async () => {
    const json = fields();
    expect((await post('/contact/send', json)).status).toBe(200);
    const wrapped = fields();
    const body = new URLSearchParams(
      Object.entries(wrapped).map(([name, value]) => [`ContactForm[${name}]`, value ?? '']),
    );
    expect((await post('/contact/send', body)).status).toBe(200);
    expect(await storedFrom(json.email!)).toHaveLength(1);
    expect(await storedFrom(wrapped.email!)).toHaveLength(1);
  });

  it('answers 422 with a localized problem per field, and stores nothing', async () => {
    const email = 'not-an-address';
    const res = await send({ name: ' ', email, topic: 'gossip', message: 'short' }, 'sw');
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('validation_failed');
    expect(Object.keys(res.json.errors).sort()).toEqual(['email', 'message', 'name', 'topic']);
    expect(res.json.errors.message[0]).toMatch(/10/);
    expect(res.json.errors.topic[0]).toBe('Chagua mada kutoka kwenye orodha.');
    expect(await storedFrom(email)).toEqual([]);
  });

  it('needs an e-mail or a phone, and a valid phone when one is given', async () => {
    const neither = await send(fields({ email: '', phone: '' }));
    expect(neither.status).toBe(422);
    expect(neither.json.errors.email).toEqual(['Enter an e-mail address or a phone number.']);
    const badPhone = await send(fields({ email: undefined, phone: '12345' }));
    expect(badPhone.status).toBe(422);
    expect(Object.keys(badPhone.json.errors)).toEqual(['phone']);
  });

  it('refuses hostile input with a 4xx, never a 500', async () => {
    const cases = [
      fields({ name: 'Amina\u202eevil' }),
      fields({ message: 'Hello there\u001b[31m red terminal' }),
      fields({ name: 'x'.repeat(101) }),
      fields({ message: 'y'.repeat(5001) }),
      fields({ topic: '__proto__' }),
    ];
    for (const body of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
    }
    const nested = await apiRequest('/contact/send', {
      method: 'POST',
      body: `name[$ne]=1&email[]=a&topic[a][b]=c&message=${encodeURIComponent('ten chars and more')}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(nested.status).toBe(422);
    const broken = await apiRequest('/contact/send', {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('rate-limits an address: the sixth message within the hour is a 429 with Retry-After', async () => {
    const ip = { 'X-Forwarded-For': '203.0.113.77' };
    for (let i = 0; i < 5; i++) expect((await send(fields(), 'en', ip)).status).toBe(200);
    const email = uniqueEmail('flood');
    const blocked = await send(fields({ email }), 'en', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedFrom(email)).toEqual([]);
    // Another address still gets through.
    expect((await send(fields())).status).toBe(200);
  });

  it('rate-limits a sender across addresses: ten a day per e-mail', async () => {
    const email = uniqueEmail('persistent');
    for (let i = 0; i < 10; i++) expect((await send(fields({ email }))).status).toBe(200);
    const blocked = await send(fields({ email }));
    expect(blocked.status).toBe(429);
    expect(await storedFrom(email)).toHaveLength(10);
  });

  it('links the message of a signed-in member to their account', async () => {
    const member = await signedUpUser();
    const sent = fields({ email: member.email });
    expect((await send(sent, 'en', member.auth)).status).toBe(200);
    const user = await resolveUser(db(), { bearer: member.access });
    expect((await storedFrom(member.email))[0].userId).toBe(user!.id);
  });
});

describe('the /contact-us page (no JavaScript)', () => {
  it('posts the form, redirects to "contact sent" and stores the message in the page’s language', async () => {
    const cookies = new TestCookies();
    const blank = await loadContactPage(formRequest('/sw/contact-us', { cookies, locale: 'sw' }));
    if (!('view' in blank)) throw new Error('no form');
    expect(blank.status).toBe(200);
    expect(blank.headers['Cache-Control']).toBe('private, no-store');
    expect(blank.view.form.values).toEqual({ topic: 'general' });
    expect(blank.view.captcha).toBeNull();

    const sent = fields({ topic: 'technical' });
    const posted = await loadContactPage(formRequest('/sw/contact-us', { cookies, locale: 'sw', fields: sent }));
    expect(posted).toMatchObject({ redirect: '/sw/contact-us?sent=1', status: 303 });
    expect((await storedFrom(sent.email!))[0]).toMatchObject({ locale: 'sw', topic: 'technical' });
    expect((await mailsTo(sent.email!))[0].subject).toBe('Tumepokea ujumbe wako');

    const after = await loadContactPage(formRequest('/sw/contact-us?sent=1', { cookies, locale: 'sw' }));
    expect('view' in after && after.view.sent).toBe(true);
  });

  it('shows the form again with what was typed and each problem beside its field, in the page’s language', async () => {
    const cookies = new TestCookies();
    await loadContactPage(formRequest('/fr/contact-us', { cookies, locale: 'fr' }));
    const typed = { name: 'Awa', email: '', phone: '', topic: 'general', message: 'Bonjour' };
    const refused = await loadContactPage(formRequest('/fr/contact-us', { cookies, locale: 'fr', fields: typed }));
    if (!('view' in refused)) throw new Error('a refused post redirected');
    expect(refused.status).toBe(400);
    expect(refused.view.form.values).toEqual(typed);
    expect(refused.view.form.errors.email).toBe('Saisissez une adresse e-mail ou un numéro de téléphone.');
    expect(refused.view.form.errors.message).toMatch(/10/);
    expect(refused.view.form.errors.name).toBeUndefined();
  });

  it('refuses a post without the browser’s form token or from another site', async () => {
    const cookies = new TestCookies();
    await loadContactPage(formRequest('/contact-us', { cookies }));
    const email = uniqueEmail('forged');
    const noToken = await loadContactPage(
      formRequest('/contact-us', { cookies, fields: fields({ email }), token: null }),
    );
    expect(noToken.status).toBe(403);
    const crossSite = await loadContactPage(
      formRequest('/contact-us', { cookies, fields: fields({ email }), origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
    expect(await storedFrom(email)).toEqual([]);
  });

  it('counts page posts against the same limit as the API', async () => {
    const cookies = new TestCookies();
    await loadContactPage(formRequest('/contact-us', { cookies }));
    const ip = '203.0.113.99';
    for (let i = 0; i < 5; i++)
      expect((await loadContactPage(formRequest('/contact-us', { cookies, ip, fields: fields() }))).status).toBe(303);
    const blocked = await loadContactPage(formRequest('/contact-us', { cookies, ip, fields: fields() }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers?.['Retry-After']).toBeDefined();
  });

  it('fills in a signed-in member’s name and e-mail, and links their message', async () => {
    const member = await signedUpUser({ first_name: 'Baraka', last_name: 'Otieno' });
    const user = await resolveUser(db(), { bearer: member.access });
    const cookies = new TestCookies();
    const page = await loadContactPage({ ...formRequest('/contact-us', { cookies }), user });
    if (!('view' in page)) throw new Error('no form');
    expect(page.view.form.values).toMatchObject({ name: 'Baraka Otieno', email: member.email });
    const posted = await loadContactPage({
      ...formRequest('/contact-us', { cookies, fields: fields({ email: member.email }) }),
      user,
    });
    expect(posted.status).toBe(303);
    expect((await storedFrom(member.email))[0].userId).toBe(user!.id);
  });
});

describe('the support inbox', () => {
  it('lists messages newest first, by status', async () => {
    const all = await listContactMessages(db());
    expect(all.length).toBeGreaterThan(5);
    expect(all[0].createdAt.getTime()).toBeGreaterThanOrEqual(all[all.length - 1].createdAt.getTime());
    await db().update(contactMessages).set({ status: 'closed' }).where(eq(contactMessages.id, all[0].id));
    const open = await listContactMessages(db(), { status: 'new' });
    expect(open.map((row) => row.id)).not.toContain(all[0].id);
    expect((await listContactMessages(db(), { status: 'closed' })).map((row) => row.id)).toEqual([all[0].id]);
  });
});
