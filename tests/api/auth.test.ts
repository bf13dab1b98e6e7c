import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PIN_TTL_MINUTES } from '~/features/accounts/constants';
import { phoneVerifications, sessions } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { apiRequest, form, get, post } from '../fixtures/api';
import {
  lastMailTo,
  lastSmsTo,
  signUp,
  signedUpUser,
  signupFields,
  tokenIn,
  uniqueEmail,
  uniquePhone,
} from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
// The site's own origin, as the browser sends it (the server compares it with PUBLIC_URL).
const WEB = { 'X-Session-Mode': 'cookie', Origin: getEnv().publicUrl };
const login = (fields: Record<string, string | boolean>, headers: Record<string, string> = {}) =>
  apiRequest('/user/login', { method: 'POST', body: form(fields), headers: { ...FORM, ...headers } });
// Sixty failed logins, each hashing a password: more than the default 30 s on a loaded machine.
const SIXTY_LOGINS_TIMEOUT = 120_000;
const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')?.match(/mavuno_session=([^;]*)/)?.[1];

describe('sign-up', () => {
  it('creates an account, signs it in and sends the confirmation e-mail in the user’s language', async () => {
    const email = uniqueEmail('swahili');
    const res = await signUp({ email, locale: 'sw' }, 'sw');
    expect(res.status).toBe(200);
    expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json.redirect).toBe('/sw/user/profile/deals');
    // An API client gets tokens and no cookie.
    expect(res.headers.get('set-cookie')).toBeNull();
    const me = await apiRequest('/user/index', { headers: { Authorization: `Bearer ${res.json.access_token}` } });
    expect(me.json).toMatchObject({
      email,
      email_verified: false,
      phone_verified: false,
      scope: ['lots.create_technic'],
    });
    const mail = await lastMailTo(database.handle(), email);
    expect(mail.subject).toBe('Thibitisha anwani yako ya barua pepe');
    expect(mail.text).toContain('/sw/user/confirm-email?token=');
  });

  it('answers 400 with field errors and signs nobody in when the e-mail is taken or the phone invalid or in use', async () => {
    const taken = await signedUpUser({ phone: uniquePhone() });
    const res = await signUp({ email: taken.email, phone: '+254 12' });
    expect(res.status).toBe(400);
    expect(res.json.errors.phone).toBeDefined();
    expect(res.headers.get('set-cookie')).toBeNull();
    const dupe = await signUp({ email: taken.email });
    expect(dupe.status).toBe(400);
    expect(dupe.json.errors.email).toEqual(['This e-mail is already taken.']);
    const phone = uniquePhone();
    await signedUpUser({ phone });
    const phoneDupe = await signUp({ phone });
    expect(phoneDupe.status).toBe(400);
    expect(phoneDupe.json.errors.phone).toEqual(['This phone number is already in use.']);
  });

  it('checks the password length, the repeat and the kind', async () => {
    const res = await signUp({ password: 'abc', password_repeat: 'abd', trader_status: 'wizard' });
    expect(res.status).toBe(400);
    expect(res.json.errors.password).toEqual(['The password must have at least 6 characters.']);
    expect(res.json.errors.password_repeat).toEqual(['The passwords do not match.']);
    expect(res.json.errors.trader_status).toBeDefined();
    const none = await signUp({ email: undefined });
    expect(none.json.errors.email).toEqual(['Enter an e-mail address or a phone number.']);
  });

  it('confirms the e-mail through the link, once', async () => {
    const { email, auth } = await signedUpUser();
    const token = tokenIn((await lastMailTo(database.handle(), email)).text)!;
    const { confirmEmail } = await import('~/server/services/accounts/email-confirmation');
    await confirmEmail(database.handle().db, token);
    expect((await apiRequest('/user/index', { headers: auth })).json.email_verified).toBe(true);
    await expect(confirmEmail(database.handle().db, token)).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('login, refresh and logout', () => {
  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await signedUpUser();
    const wrong = await login({ email, password: 'not-the-password' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        code: 'unauthorized',
        reason: 'accounts.wrong_credentials',
        message: 'E-mail or password is incorrect. Try again.',
      });
    }
    const fr = await apiRequest('/user/login', {
      method: 'POST',
      body: form({ email, password: 'x' }),
      headers: FORM,
      locale: 'fr',
    });
    expect(fr.json.message).not.toBe(wrong.json.message);
  });

  it('gives the web site an HttpOnly cookie and no token a page script could read', async () => {
    const { email } = await signedUpUser();
    const res = await login({ email, password: 'harvest-2026', remember_me: true }, WEB);
    expect(res.status).toBe(200);
    expect(res.json.access_token).toBeUndefined();
    expect(res.json.refresh_token).toBeUndefined();
    expect(res.json.session).toBe('cookie');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Expires=/i);
    const short = await login({ email, password: 'harvest-2026' }, WEB);
    expect(short.headers.get('set-cookie')).not.toMatch(/Expires=/i);
    // The cookie is no refresh token.
    expect((await post('/user/refresh', form({ refresh_token: cookieOf(res)! }))).status).toBe(401);
  });

  it('signs in with e-mail in any case, or with the phone of a phone-only account', async () => {
    const { email } = await signedUpUser();
    const res = await login({ email: email.toUpperCase(), password: 'harvest-2026', remember_me: true });
    expect(res.status).toBe(200);
    const phone = uniquePhone();
    await signedUpUser({ email: undefined, phone });
    const byPhone = await login({ email: phone.replace('+254', '0'), password: 'harvest-2026' });
    expect(byPhone.status).toBe(200);
  });

  it('authenticates pages’ API calls by cookie, and asks anonymous callers to log in', async () => {
    const { email } = await signedUpUser();
    const res = await login({ email, password: 'harvest-2026' }, WEB);
    const me = await apiRequest('/user/index', { headers: { Cookie: `mavuno_session=${cookieOf(res)}` } });
    expect(me.json.email).toBe(email);
    const anonymous = await get('/user/index');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('You must be logged in to perform this action');
  });

  it('refuses a cookie-authenticated unsafe request from another origin, but not a Bearer one', async () => {
    const { email, auth } = await signedUpUser();
    const res = await login({ email, password: 'harvest-2026' }, WEB);
    const cookie = `mavuno_session=${cookieOf(res)}`;
    const crossSite = await apiRequest('/user/request-silver', {
      method: 'POST',
      body: form({}),
      headers: { ...FORM, Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.code).toBe('forbidden');
    const sameSite = await apiRequest('/user/logout', {
      method: 'POST',
      body: form({}),
      headers: { ...FORM, Cookie: cookie, Origin: getEnv().publicUrl },
    });
    expect(sameSite.status).toBe(200);
    const bearer = await apiRequest('/user/request-silver', {
      method: 'POST',
      body: form({}),
      headers: { ...FORM, ...auth, Origin: 'https://evil.example' },
    });
    expect(bearer.status).toBe(200);
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const { email } = await signedUpUser();
    const res = await login(
      { email, password: 'harvest-2026' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('rotates refresh tokens; a quick retry keeps the session, a later replay ends it', async () => {
    const { refresh } = await signedUpUser();
    const first = await post('/user/refresh', form({ refresh_token: refresh }));
    expect(first.status).toBe(200);
    expect(first.json.refresh_token).not.toBe(refresh);
    const retry = await post('/user/refresh', form({ refresh_token: refresh }));
    expect(retry.status).toBe(401);
    expect(
      (await apiRequest('/user/index', { headers: { Authorization: `Bearer ${first.json.access_token}` } })).status,
    ).toBe(200);
    // A minute later the same old token can only be a replay by someone else.
    await database
      .handle()
      .db.update(sessions)
      .set({ refreshedAt: new Date(Date.now() - 60_000) });
    const replay = await post('/user/refresh', form({ refresh_token: refresh }));
    expect(replay.status).toBe(401);
    // The thief's replay also ends the legitimate holder's session.
    const after = await apiRequest('/user/index', { headers: { Authorization: `Bearer ${first.json.access_token}` } });
    expect(after.status).toBe(401);
    expect((await post('/user/refresh', form({ refresh_token: first.json.refresh_token }))).status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const { auth, refresh } = await signedUpUser();
    expect((await apiRequest('/user/logout', { method: 'POST', headers: auth })).status).toBe(200);
    expect((await apiRequest('/user/index', { headers: auth })).status).toBe(401);
    expect((await post('/user/refresh', form({ refresh_token: refresh }))).status).toBe(401);
    expect((await apiRequest('/user/logout', { method: 'POST', headers: auth })).status).toBe(401);
  });

  it('rate-limits failed logins per account with 429 and Retry-After', async () => {
    const { email } = await signedUpUser();
    for (let i = 0; i < 10; i++) expect((await login({ email, password: `wrong-${i}` })).status).toBe(401);
    const blocked = await login({ email, password: 'harvest-2026' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.json.code).toBe('rate_limited');
  });

  it('counts parallel guesses too', async () => {
    const { email } = await signedUpUser();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login({ email, password: `guess-${i}` })));
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(20);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
  });

  it(
    'reads the client address from the proxy’s entry of X-Forwarded-For, not the client’s',
    async () => {
      const proxy = '198.51.100.9';
      for (let i = 0; i < 60; i++)
        await login({ email: uniqueEmail('spoof'), password: 'x' }, { 'X-Forwarded-For': `10.9.${i}.1, ${proxy}` });
      const blocked = await login(
        { email: uniqueEmail('spoof'), password: 'x' },
        { 'X-Forwarded-For': `10.99.99.99, ${proxy}` },
      );
      expect(blocked.status).toBe(429);
    },
    SIXTY_LOGINS_TIMEOUT,
  );

  it(
    'rate-limits failed logins per IP across accounts; members signing in from the same address do not use it up',
    async () => {
      const ip = { 'X-Forwarded-For': '192.0.2.77' };
      const { email } = await signedUpUser();
      for (let i = 0; i < 3; i++) expect((await login({ email, password: 'harvest-2026' }, ip)).status).toBe(200);
      for (let i = 0; i < 60; i++)
        expect((await login({ email: uniqueEmail('spray'), password: 'x' }, ip)).status).toBe(401);
      const blocked = await login({ email: uniqueEmail('spray'), password: 'x' }, ip);
      expect(blocked.status).toBe(429);
      const elsewhere = await login(
        { email: uniqueEmail('spray'), password: 'x' },
        { 'X-Forwarded-For': '192.0.2.78' },
      );
      expect(elsewhere.status).toBe(401);
    },
    SIXTY_LOGINS_TIMEOUT,
  );
});

describe('phone PIN', () => {
  it('sends a PIN, makes a resend wait 60 s, reports a wrong PIN and confirms the phone at sign-up', async () => {
    const phone = uniquePhone();
    const sent = await post('/user/send-phone-pin', form({ phone }));
    expect(sent.status).toBe(200);
    expect(sent.json.resend_after).toBe(60);
    const again = await post('/user/send-phone-pin', form({ phone }));
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    const pin = /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
    const wrongPin = pin === '0000' ? '1111' : '0000';
    const wrong = await post('/user/verify-phone-pin', form({ phone, pin: wrongPin }));
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.pin).toEqual(['The code is incorrect.']);
    const short = await post('/user/verify-phone-pin', form({ phone, pin: '12' }));
    expect(short.json.errors.pin).toEqual(['The code has 4 characters.']);
    const right = await post('/user/verify-phone-pin', form({ phone, pin }));
    expect(right.status).toBe(200);
    expect((await post('/user/verify-phone-pin', form({ phone, pin }))).status).toBe(422);
    const res = await signUp({ phone, phone_token: right.json.phone_token });
    const me = await apiRequest('/user/index', { headers: { Authorization: `Bearer ${res.json.access_token}` } });
    expect(me.json.phone_verified).toBe(true);
    // The proof is single use.
    const reuse = await signUp({ phone: uniquePhone(), phone_token: right.json.phone_token });
    const other = await apiRequest('/user/index', { headers: { Authorization: `Bearer ${reuse.json.access_token}` } });
    expect(other.json.phone_verified).toBe(false);
  });
});

describe('phone PIN limits', () => {
  it('spends a PIN after five wrong tries, even when they come at once', async () => {
    const phone = uniquePhone();
    await post('/user/send-phone-pin', form({ phone }));
    const pin = /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
    const wrong = pin === '0000' ? '1111' : '0000';
    await Promise.all(Array.from({ length: 8 }, () => post('/user/verify-phone-pin', form({ phone, pin: wrong }))));
    expect((await post('/user/verify-phone-pin', form({ phone, pin }))).status).toBe(422);
  });

  it('sends the PIN through the outbox when the provider fails: retried until sent, dead once the PIN expired', async () => {
    const { installSmsSender } = await import('~/server/sms');
    const { deliverOutbox } = await import('~/server/services/outbox/deliver-outbox');
    const failing = { send: async () => Promise.reject(new Error('provider down')) };
    const delivered: { to: string; text: string }[] = [];
    const working = { send: async (to: string, text: string) => void delivered.push({ to, text }) };
    const db = database.handle().db;
    installSmsSender(failing);
    onTestFinished(() => installSmsSender(undefined));

    // The request does not depend on the provider: the PIN and its SMS are stored, the SMS waits in the outbox.
    const phone = uniquePhone();
    const asked = await post('/user/send-phone-pin', form({ phone }));
    expect(asked.status).toBe(200);
    expect(asked.json.resend_after).toBe(60);
    const queued = await lastSmsTo(database.handle(), phone);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    const [pinRow] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.phone, phone));
    expect(queued.expiresAt).toEqual(pinRow.expiresAt);

    // The provider fails: still pending, the try counted and its error kept; it waits the backoff (30 s).
    const now = new Date();
    await deliverOutbox(db, { now, sms: failing });
    expect(await lastSmsTo(database.handle(), phone)).toMatchObject({
      id: queued.id,
      status: 'pending',
      attempts: 1,
      lastError: 'provider down',
    });
    await deliverOutbox(db, { now: new Date(now.getTime() + 10_000), sms: working });
    expect(delivered.filter((sms) => sms.to === phone)).toEqual([]);

    // Past the backoff the provider works again: sent once, and the PIN it carries confirms the phone.
    await deliverOutbox(db, { now: new Date(now.getTime() + 31_000), sms: working });
    expect(await lastSmsTo(database.handle(), phone)).toMatchObject({ id: queued.id, status: 'sent', attempts: 2 });
    const mine = delivered.filter((sms) => sms.to === phone);
    expect(mine).toEqual([{ to: phone, text: queued.text }]);
    const pin = /\b(\d{4})\b/.exec(mine[0].text)![1];
    expect((await post('/user/verify-phone-pin', form({ phone, pin }))).status).toBe(200);

    // A PIN whose SMS could not go out before it expired is never sent late: a dead letter.
    const late = uniquePhone();
    expect((await post('/user/send-phone-pin', form({ phone: late }))).status).toBe(200);
    const start = new Date();
    await deliverOutbox(db, { now: start, sms: failing });
    const expired = new Date(start.getTime() + (PIN_TTL_MINUTES + 1) * 60_000);
    await deliverOutbox(db, { now: expired, sms: working });
    expect(await lastSmsTo(database.handle(), late)).toMatchObject({
      status: 'dead',
      attempts: 2,
      lastError: 'expired before delivery',
      sentAt: null,
    });
    expect(delivered.filter((sms) => sms.to === late)).toEqual([]);
  });

  it('confirms a signed-in user’s phone with a PIN', async () => {
    const phone = uniquePhone();
    const { auth } = await signedUpUser({ phone });
    await post('/user/send-phone-pin', form({ phone }));
    const pin = /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
    const { phone_token } = (await post('/user/verify-phone-pin', form({ phone, pin }))).json;
    const other = await signedUpUser();
    expect(
      (
        await apiRequest('/user/confirm-phone', {
          method: 'POST',
          body: form({ phone_token }),
          headers: { ...FORM, ...other.auth },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await apiRequest('/user/confirm-phone', {
          method: 'POST',
          body: form({ phone_token }),
          headers: { ...FORM, ...auth },
        })
      ).status,
    ).toBe(200);
    expect((await apiRequest('/user/index', { headers: auth })).json.phone_verified).toBe(true);
  });
});

describe('e-mail confirmation endpoints', () => {
  it('sends the link again a few times, then asks to wait; refuses when already confirmed', async () => {
    const { auth, email } = await signedUpUser();
    const again = () =>
      apiRequest('/user/resend-email-confirmation', { method: 'POST', body: form({}), headers: { ...FORM, ...auth } });
    for (let i = 0; i < 5; i++) expect((await again()).status).toBe(200);
    expect((await again()).status).toBe(429);
    const token = tokenIn((await lastMailTo(database.handle(), email)).text)!;
    const { confirmEmail } = await import('~/server/services/accounts/email-confirmation');
    await confirmEmail(database.handle().db, token);
    expect((await again()).status).toBe(409);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and resets once with the e-mailed link, ending all sessions', async () => {
    const { email, auth } = await signedUpUser();
    const unknown = await post('/user/request-password-reset/', form({ email: uniqueEmail('ghost') }));
    const known = await post('/user/request-password-reset/', form({ email }));
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const mail = await lastMailTo(database.handle(), email);
    expect(mail.subject).toBe('Reset your Mavuno password');
    const token = tokenIn(mail.text)!;
    const bad = await post('/user/reset-password', form({ token, password: 'new-harvest', password_repeat: 'other' }));
    expect(bad.status).toBe(422);
    const ok = await post(
      '/user/reset-password',
      form({ token, password: 'new-harvest', password_repeat: 'new-harvest' }),
    );
    expect(ok.status).toBe(200);
    expect((await apiRequest('/user/index', { headers: auth })).status).toBe(401);
    expect((await login({ email, password: 'new-harvest' })).status).toBe(200);
    const reuse = await post(
      '/user/reset-password',
      form({ token, password: 'third-pass', password_repeat: 'third-pass' }),
    );
    expect(reuse.status).toBe(400);
  });

  it('spends older reset links when one is used', async () => {
    const { email } = await signedUpUser();
    await post('/user/request-password-reset/', form({ email }));
    const older = tokenIn((await lastMailTo(database.handle(), email)).text)!;
    await post('/user/request-password-reset/', form({ email }));
    const newer = tokenIn((await lastMailTo(database.handle(), email)).text)!;
    expect(
      (
        await post(
          '/user/reset-password',
          form({ token: newer, password: 'newest-pass', password_repeat: 'newest-pass' }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          '/user/reset-password',
          form({ token: older, password: 'sneaky-pass', password_repeat: 'sneaky-pass' }),
        )
      ).status,
    ).toBe(400);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { email, auth } = await signedUpUser();
    const other = await login({ email, password: 'harvest-2026' });
    const wrong = await apiRequest('/user/change-password', {
      method: 'POST',
      body: form({ current_password: 'nope', password: 'fresh-pass', password_repeat: 'fresh-pass' }),
      headers: { ...FORM, ...auth },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors.current_password).toEqual(['The current password is not correct.']);
    const ok = await apiRequest('/user/change-password', {
      method: 'POST',
      body: form({ current_password: 'harvest-2026', password: 'fresh-pass', password_repeat: 'fresh-pass' }),
      headers: { ...FORM, ...auth },
    });
    expect(ok.status).toBe(200);
    expect((await apiRequest('/user/index', { headers: auth })).status).toBe(200);
    expect(
      (await apiRequest('/user/index', { headers: { Authorization: `Bearer ${other.json.access_token}` } })).status,
    ).toBe(401);
  });
});

describe('sign-up form encoding', () => {
  it('reads SignupForm[...] with a nested address and rejects a region of another country', async () => {
    const countries = (await get('/country-dropdown')).json.items;
    const kenya = countries.find((c: { code: string }) => c.code === 'KE').id;
    const ghana = countries.find((c: { code: string }) => c.code === 'GH').id;
    const ghanaRegion = (await post('/region/country-region-dropdown', form({ country_id: ghana }))).json.items[0].id;
    const body = signupFields({});
    body.append('SignupForm[address][country_id]', String(kenya));
    body.append('SignupForm[address][region_id]', String(ghanaRegion));
    body.append('SignupForm[address][city]', 'Nakuru');
    const res = await apiRequest('/user/signup/', { method: 'POST', body, headers: FORM });
    expect(res.status).toBe(400);
    expect(res.json.errors['address.region_id']).toBeDefined();
  });
});
