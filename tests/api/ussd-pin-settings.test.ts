import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import { postUssdPinForm, ussdPinForm } from '~/server/loaders/ussd-pin-settings';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { checkUssdPin } from '~/server/services/accounts/check-ussd-pin';
import { verifyPassword } from '~/server/services/accounts/secrets';
import { apiRequest, form } from '../fixtures/api';
import { lastSmsTo, signedUpUser, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';

/** The USSD PIN on the profile (docs/auth.md "USSD PIN"): set or changed with a code sent to the confirmed phone. */

const database = useTestDatabase();
const db = () => database.handle().db;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const postAs = (auth: Record<string, string>, path: string, fields: Record<string, string> = {}, locale?: string) =>
  apiRequest(path, { method: 'POST', headers: { ...FORM, ...auth }, body: form(fields), locale });
const settings = async (auth: Record<string, string>) =>
  (await apiRequest('/user/profile-settings-data/', { headers: auth })).json.user_main_info;
const rowOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

/** A web member whose phone is confirmed. */
async function memberWithPhone() {
  const member = await signedUpUser();
  const phone = uniquePhone();
  await db().update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.email, member.email));
  return { ...member, phone, id: (await rowOf(member.email)).id };
}

/** The code of the last SMS to the phone. */
const codeSentTo = async (phone: string) => /\b(\d{4})\b/.exec((await lastSmsTo(database.handle(), phone)).text)![1];
const otherThan = (code: string) => (code === '0000' ? '1111' : '0000');

describe('the USSD PIN through the API', () => {
  it('sends a code to the confirmed phone, then sets the PIN as an argon2id hash and says it is set', async () => {
    const member = await memberWithPhone();
    expect(await settings(member.auth)).toMatchObject({ ussd_pin_set: false, ussd_locked_until: null });
    // A lock-out from the menu: a new PIN set on the site ends it.
    const lockedUntil = new Date(Date.now() + 10 * 60_000);
    await db().update(users).set({ ussdLockedUntil: lockedUntil, ussdPinFailures: 0 }).where(eq(users.id, member.id));
    expect((await settings(member.auth)).ussd_locked_until).toBe(lockedUntil.toISOString());

    const sent = await postAs(member.auth, '/user/ussd-pin/send-code');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.resend_after).toBe(60);
    const code = await codeSentTo(member.phone);
    const saved = await postAs(member.auth, '/user/ussd-pin', { code, pin: '2580', pin_repeat: '2580' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ success: true });

    const row = await rowOf(member.email);
    expect(row.ussdPinHash).toMatch(/^\$argon2id\$/);
    expect(row.ussdPinHash).not.toContain('2580');
    expect(await verifyPassword(row.ussdPinHash!, '2580')).toBe(true);
    expect(row.ussdLockedUntil).toBeNull();
    expect(await settings(member.auth)).toMatchObject({ ussd_pin_set: true, ussd_locked_until: null });
    expect(await checkUssdPin(db(), member.id, '2580')).toEqual({ ok: true });
    // The code is spent.
    const again = await postAs(member.auth, '/user/ussd-pin', { code, pin: '3691', pin_repeat: '3691' });
    expect(again.status).toBe(422);
    expect(await checkUssdPin(db(), member.id, '2580')).toEqual({ ok: true });
  });

  it('answers 422 per field: a wrong code, PINs that differ, a PIN too easy (which spends no code)', async () => {
    const member = await memberWithPhone();
    expect((await postAs(member.auth, '/user/ussd-pin/send-code')).status).toBe(200);
    const code = await codeSentTo(member.phone);

    const wrong = await postAs(member.auth, '/user/ussd-pin', {
      code: otherThan(code),
      pin: '2580',
      pin_repeat: '2580',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ code: ['The code is incorrect.'] });

    const differ = await postAs(member.auth, '/user/ussd-pin', { code, pin: '2580', pin_repeat: '2581' });
    expect(differ.status).toBe(422);
    expect(differ.json.errors).toEqual({ pin_repeat: ['The two PINs are not the same.'] });

    const short = await postAs(member.auth, '/user/ussd-pin', { code: '12', pin: '25a', pin_repeat: '25a' });
    expect(Object.keys(short.json.errors).sort()).toEqual(['code', 'pin']);

    for (const easy of ['1111', '1234', '9876']) {
      const refused = await postAs(member.auth, '/user/ussd-pin', { code, pin: easy, pin_repeat: easy }, 'fr');
      expect(refused.status).toBe(422);
      expect(refused.json.errors.pin).toEqual([
        "Choisissez un code PIN qui ne répète pas un seul chiffre et n'est pas une suite comme 1234.",
      ]);
    }
    expect((await rowOf(member.email)).ussdPinHash).toBeNull();
    // None of those spent the code.
    expect((await postAs(member.auth, '/user/ussd-pin', { code, pin: '2580', pin_repeat: '2580' })).status).toBe(200);
  });

  it('tells a member without a confirmed phone to confirm one first, and needs a signed-in member', async () => {
    const member = await signedUpUser();
    const refused = await postAs(member.auth, '/user/ussd-pin/send-code');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Confirm your phone number first: the code to set a PIN is sent to it by SMS.');
    // A number typed in but not confirmed is not enough either.
    await db().update(users).set({ phone: uniquePhone() }).where(eq(users.email, member.email));
    expect((await postAs(member.auth, '/user/ussd-pin/send-code')).status).toBe(409);
    expect(
      (await postAs(member.auth, '/user/ussd-pin', { code: '1234', pin: '2580', pin_repeat: '2580' })).status,
    ).toBe(409);
    expect((await postAs({}, '/user/ussd-pin/send-code')).status).toBe(401);
    expect((await postAs({}, '/user/ussd-pin', { code: '1234', pin: '2580', pin_repeat: '2580' })).status).toBe(401);
  });
});

describe('the USSD PIN as a plain form on the profile page (no JavaScript)', () => {
  it('sends the code, shows a refused step again with why, in the page’s language, and sets the PIN', async () => {
    const member = await memberWithPhone();
    const user = (await resolveUser(db(), { bearer: member.access }))!;
    const cookies = new TestCookies();
    const path = '/sw/user/profile/user?form=ussd-pin';
    const shown = ussdPinForm(formRequest(path, { cookies, locale: 'sw' }));
    expect(shown.action).toBe('/sw/user/profile/user?form=ussd-pin#ussd-pin');
    const post = (fields: Record<string, string>, token = cookies.formToken!) =>
      postUssdPinForm(
        formRequest(path, {
          cookies,
          locale: 'sw',
          body: new URLSearchParams({ [FORM_TOKEN_FIELD]: token, ...fields }),
        }),
        user,
      );

    // Without this browser's form token: refused, no code sent.
    const forged = await post({ step: 'send-code' }, 'forged');
    expect('view' in forged && forged.status).toBe(403);
    expect(await lastSmsTo(database.handle(), member.phone)).toBeUndefined();

    expect(await post({ step: 'send-code' })).toMatchObject({
      redirect: '/sw/user/profile/user?ussd_pin=code_sent#ussd-pin',
      status: 303,
    });
    const code = await codeSentTo(member.phone);
    // Asked again at once: the page says to wait, on the first step.
    const tooSoon = await post({ step: 'send-code' });
    expect('view' in tooSoon && tooSoon.status).toBe(429);
    expect('view' in tooSoon && tooSoon.view.step).toBe('send-code');

    const wrong = await post({ step: 'set-pin', code: otherThan(code), pin: '2580', pin_repeat: '2580' });
    if (!('view' in wrong)) throw new Error('a wrong code was accepted');
    expect(wrong.status).toBe(422);
    expect(wrong.view.step).toBe('set-pin');
    expect(wrong.view.form.errors.code).toBe('Msimbo si sahihi.');
    // Nothing typed is shown again: the code and the PINs are secrets.
    expect(wrong.view.form.values).toEqual({});

    const differ = await post({ step: 'set-pin', code, pin: '2580', pin_repeat: '0852' });
    expect('view' in differ && differ.view.form.errors.pin_repeat).toBe('PIN hizo mbili hazifanani.');

    expect(await post({ step: 'set-pin', code, pin: '2580', pin_repeat: '2580' })).toMatchObject({
      redirect: '/sw/user/profile/user?ussd_pin=saved#ussd-pin',
      status: 303,
    });
    expect(await checkUssdPin(db(), member.id, '2580')).toEqual({ ok: true });
  });
});
