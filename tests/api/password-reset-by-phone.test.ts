import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isGsm7 } from '~/features/channels/gsm7';
import type { Locale } from '~/i18n/config';
import { sessions, smsOutbox, users } from '~/server/db/schema';
import { loadForgotPasswordPage } from '~/server/loaders/auth-pages';
import type { PageOutcome } from '~/server/loaders/form-post';
import { RATE_LIMITS } from '~/server/security/rate-limit';
import { sendPhonePin, verifyPhonePin } from '~/server/services/accounts/phone-confirmation';
import { registerByPhone } from '~/server/services/accounts/register-by-phone';
import { NO_PASSWORD } from '~/server/services/accounts/secrets';
import { createSession } from '~/server/services/accounts/sessions';
import { lastMailTo, lastSmsTo, signUp, signedUpUser, tokenIn, uniqueEmail, uniquePhone } from '../fixtures/accounts';
import { apiRequest, form, post } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest, freshIp } from '../fixtures/forms';

/**
 * Password reset by SMS and the first password of an account made on a feature phone (docs/auth.md "Phone-only
 * accounts"): no e-mail, no password, a confirmed phone.
 */
const database = useTestDatabase();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** An account as the USSD menu makes it (registerByPhone), its phone proved by the SMS code. */
async function phoneOnlyAccount(locale: Locale = 'en') {
  const { db } = database.handle();
  const phone = uniquePhone();
  await sendPhonePin(db, phone, locale, freshIp());
  const pin = /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
  const { phoneToken } = await verifyPhonePin(db, phone, pin);
  const user = await registerByPhone(db, { phone, firstName: 'Baraka', locale, pin: '4826', phoneToken });
  expect(user).toMatchObject({ email: null, passwordHash: NO_PASSWORD });
  return { phone, user };
}

/** A session of that account opened `minutesAgo` (the API's Bearer headers). */
async function sessionOf(userId: number, minutesAgo = 0) {
  const { db } = database.handle();
  const tokens = await createSession(db, userId, { remember: false });
  if (minutesAgo > 0)
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(sessions.id, tokens.sessionId));
  return { Authorization: `Bearer ${tokens.accessToken}` };
}

const smsTo = (phone: string) => database.handle().db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
const askReset = (email: string) => post('/user/request-password-reset/', form({ email }));
const login = (email: string, password: string) => post('/user/login', form({ email, password }));
const postAs = (auth: Record<string, string>, path: string, fields: Record<string, string>) =>
  apiRequest(path, { method: 'POST', body: form(fields), headers: { ...FORM, ...auth } });

describe('password reset by SMS', () => {
  it('sends a phone-only account one SMS with a link whose token sets its first password', async () => {
    const { phone } = await phoneOnlyAccount('sw');
    const before = (await smsTo(phone)).length;
    expect((await login(phone, 'mkulima-2026')).status).toBe(401);

    // Typed as a Kenyan writes it at home (0712…): the same number.
    const asked = await askReset(`0${phone.slice(4)}`);
    expect(asked.status).toBe(200);
    const unknown = await askReset(uniquePhone());
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(asked.json);

    const sent = await smsTo(phone);
    expect(sent).toHaveLength(before + 1);
    const sms = await lastSmsTo(database.handle(), phone);
    expect(sms.text).toContain('/sw/signin/reset-password?token=');
    expect(sms.text.length).toBeLessThanOrEqual(160);
    expect(isGsm7(sms.text)).toBe(true);
    // It is worth nothing once its link expired (an hour): never sent late.
    expect(sms.expiresAt!.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(sms.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const token = tokenIn(sms.text)!;

    const reset = await post(
      '/user/reset-password',
      form({ token, password: 'mkulima-2026', password_repeat: 'mkulima-2026' }),
    );
    expect(reset.status).toBe(200);
    const signedIn = await login(phone, 'mkulima-2026');
    expect(signedIn.status).toBe(200);
    const settings = await apiRequest('/user/profile-settings-data/', {
      headers: { Authorization: `Bearer ${signedIn.json.access_token}` },
    });
    expect(settings.json.user_main_info.password_set).toBe(true);
    // Single use.
    const again = await post(
      '/user/reset-password',
      form({ token, password: 'other-pass', password_repeat: 'other-pass' }),
    );
    expect(again.status).toBe(400);
  });

  it('answers an unconfirmed or unknown number the same, and sends it nothing', async () => {
    const unconfirmed = uniquePhone();
    await signedUpUser({ phone: unconfirmed });
    const unknown = uniquePhone();
    const answers = [await askReset(unconfirmed), await askReset(unknown)];
    for (const answer of answers)
      expect({ status: answer.status, json: answer.json }).toEqual({
        status: 200,
        json: { success: true },
      });
    expect(await smsTo(unconfirmed)).toHaveLength(0);
    expect(await smsTo(unknown)).toHaveLength(0);
  });

  it('spends a link sent by SMS once the number is no longer the confirmed phone of the account', async () => {
    const { phone, user } = await phoneOnlyAccount();
    await askReset(phone);
    const token = tokenIn((await lastSmsTo(database.handle(), phone)).text)!;
    await database.handle().db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, user.id));
    const reset = await post(
      '/user/reset-password',
      form({ token, password: 'mkulima-2026', password_repeat: 'mkulima-2026' }),
    );
    expect(reset.status).toBe(400);
    const [row] = await database.handle().db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toBe(NO_PASSWORD);
  });

  it('limits reset SMS per number, whether or not the number has an account', async () => {
    const { phone } = await phoneOnlyAccount();
    const unknown = uniquePhone();
    for (const number of [phone, unknown]) {
      for (let i = 0; i < RATE_LIMITS.resetPhone.points; i++) expect((await askReset(number)).status).toBe(200);
      const blocked = await askReset(number);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    const resetSms = (await smsTo(phone)).filter((sms) => sms.text.includes('reset-password'));
    expect(resetSms).toHaveLength(RATE_LIMITS.resetPhone.points);
  });

  it('refuses what is neither an e-mail address nor a phone number', async () => {
    const res = await askReset('not-an-address');
    expect(res.status).toBe(422);
    expect(res.json.errors.email).toEqual(['Enter an e-mail address or a phone number.']);
    expect((await askReset('someone@')).json.errors.email).toEqual(['Enter a valid e-mail address.']);
  });
});

describe('forgot-password form with a phone number (no JavaScript)', () => {
  function redirected<V>(outcome: PageOutcome<V>) {
    if (!('redirect' in outcome)) throw new Error(`expected a redirect, got ${outcome.status}`);
    return outcome;
  }

  it('sends the link by SMS and answers as for an unknown number', async () => {
    const { phone } = await phoneOnlyAccount('fr');
    const cookies = new TestCookies();
    await loadForgotPasswordPage(formRequest('/fr/signin/forgot-password', { cookies, locale: 'fr' }));
    const ask = (value: string) =>
      loadForgotPasswordPage(
        formRequest('/fr/signin/forgot-password', { cookies, locale: 'fr', fields: { email: value } }),
      );
    const sent = redirected(await ask(phone));
    expect(sent.redirect).toBe('/fr/signin/forgot-password?sent=1');
    expect(await ask(uniquePhone())).toEqual(sent);
    const sms = await lastSmsTo(database.handle(), phone);
    // The French text's no-break spaces are plain ones in GSM-7.
    expect(sms.text).toMatch(/^Mavuno : .*\/fr\/signin\/reset-password\?token=[A-Za-z0-9_-]{43}$/);

    const refused = await ask('pas-une-adresse');
    if ('redirect' in refused) throw new Error('expected the form again');
    expect(refused.status).toBe(422);
    expect(refused.view.form.values.email).toBe('pas-une-adresse');
    expect(refused.view.form.errors.email).toBe('Saisissez une adresse e-mail ou un numéro de téléphone.');
  });
});

describe('first password on the profile', () => {
  it('lets a phone-only account set one without a current password, from a recent sign-in only', async () => {
    const { phone, user } = await phoneOnlyAccount();
    const stale = await sessionOf(user.id, 60);
    const settings = await apiRequest('/user/profile-settings-data/', { headers: stale });
    expect(settings.json.user_main_info).toMatchObject({ password_set: false, email: null, phone_verified: true });

    const tooOld = await postAs(stale, '/user/change-password', {
      password: 'mkulima-2026',
      password_repeat: 'mkulima-2026',
    });
    expect(tooOld.status).toBe(403);
    expect(tooOld.json.code).toBe('accounts.recent_sign_in_required');
    const [unchanged] = await database.handle().db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged.passwordHash).toBe(NO_PASSWORD);

    const recent = await sessionOf(user.id);
    const set = await postAs(recent, '/user/change-password', {
      password: 'mkulima-2026',
      password_repeat: 'mkulima-2026',
    });
    expect(set.status).toBe(200);
    expect((await login(phone, 'mkulima-2026')).status).toBe(200);
    // The other sessions ended; this one goes on.
    expect((await apiRequest('/user/index', { headers: stale })).status).toBe(401);
    expect((await apiRequest('/user/index', { headers: recent })).status).toBe(200);

    // Now it has one: changing it needs it.
    const without = await postAs(recent, '/user/change-password', {
      password: 'second-pass',
      password_repeat: 'second-pass',
    });
    expect(without.status).toBe(422);
    expect(without.json.errors.current_password).toEqual(['This field is required.']);
  });

  it('still asks an account with a password for its current one', async () => {
    const { auth, email } = await signedUpUser();
    const without = await postAs(auth, '/user/change-password', {
      password: 'fresh-pass',
      password_repeat: 'fresh-pass',
    });
    expect(without.status).toBe(422);
    expect(without.json.errors.current_password).toEqual(['This field is required.']);
    const wrong = await postAs(auth, '/user/change-password', {
      current_password: 'nope',
      password: 'fresh-pass',
      password_repeat: 'fresh-pass',
    });
    expect(wrong.json.errors.current_password).toEqual(['The current password is not correct.']);
    expect((await login(email, 'harvest-2026')).status).toBe(200);
  });
});

describe('an e-mail address for a phone-only account', () => {
  it('is added from a recent sign-in, with the confirmation e-mail, and refused from an old one', async () => {
    const { user } = await phoneOnlyAccount();
    const email = uniqueEmail('farmer');
    const stale = await sessionOf(user.id, 60);
    const refused = await postAs(stale, '/user/update-main-info', { 'User[email]': email });
    expect(refused.status).toBe(400);
    expect(refused.json.errors['User.email']).toHaveLength(1);
    expect(await lastMailTo(database.handle(), email)).toBeUndefined();

    const added = await postAs(await sessionOf(user.id), '/user/update-main-info', { 'User[email]': email });
    expect(added.status).toBe(200);
    expect(added.json.changed).toBe(true);
    const mail = await lastMailTo(database.handle(), email);
    expect(tokenIn(mail.text)).toBeDefined();
    expect(mail.text).toContain('/user/confirm-email?token=');
    const [row] = await database
      .handle()
      .db.select()
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.email, email)));
    expect(row.emailVerifiedAt).toBeNull();
  });

  it('needs the password of an account that has one, even without an address before', async () => {
    const signedUp = await signUp({ email: undefined, phone: uniquePhone() });
    expect(signedUp.status).toBe(200);
    const auth = { Authorization: `Bearer ${signedUp.json.access_token}` };
    const email = uniqueEmail('trader');
    const refused = await postAs(auth, '/user/update-main-info', { 'User[email]': email });
    expect(refused.status).toBe(400);
    expect(refused.json.errors['User.current_password']).toEqual(['The current password is not correct.']);
    const added = await postAs(auth, '/user/update-main-info', {
      'User[email]': email,
      'User[current_password]': 'harvest-2026',
    });
    expect(added.status).toBe(200);
  });
});
