import { RATE_LIMITS } from '~/server/security/rate-limit';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countries, currencies, users } from '~/server/db/schema';
import {
  loadForgotPasswordPage,
  loadLoginPage,
  loadResetPasswordPage,
  loadSignupPage,
} from '~/server/loaders/auth-pages';
import type { PageOutcome } from '~/server/loaders/form-post';
import { apiRequest, form, post } from '../fixtures/api';
import { lastMailTo, signedUpUser, tokenIn, uniqueEmail, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';

/**
 * The plain HTML forms of the sign-in pages (src/server/loaders/auth-pages.ts): each post is checked for its
 * origin and form token, then runs the API's schema and service — the same rate limits, the same cookie.
 */
const database = useTestDatabase();

/** A browser that opened the form page (so it holds the form token). */
async function browserOn(path: string, load: (request: ReturnType<typeof formRequest>) => Promise<unknown>) {
  const cookies = new TestCookies();
  await load(formRequest(path, { cookies }));
  expect(cookies.formToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return cookies;
}
function shown<V>(outcome: PageOutcome<V>) {
  if ('redirect' in outcome) throw new Error(`expected the form again, got a redirect to ${outcome.redirect}`);
  return outcome;
}
function redirected<V>(outcome: PageOutcome<V>) {
  if (!('redirect' in outcome)) throw new Error(`expected a redirect, got ${outcome.status}`);
  return outcome;
}

describe('sign-in form', () => {
  it('hands out a form token in an HttpOnly cookie and the form, on a page no cache keeps', async () => {
    const cookies = new TestCookies();
    const page = shown(await loadLoginPage(formRequest('/signin/login', { cookies })));
    expect(page.status).toBe(200);
    expect(page.headers['Cache-Control']).toBe('private, no-store');
    expect(page.view.form.token).toBe(cookies.formToken);
    expect(cookies.values.get('mavuno_form')?.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    // A second page in the same browser keeps the same token (several tabs stay valid).
    const again = shown(await loadLoginPage(formRequest('/signin/login', { cookies })));
    expect(again.view.form.token).toBe(page.view.form.token);
  });

  it('signs in with the session cookie and lands on the safe return path', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const outcome = redirected(
      await loadLoginPage(
        formRequest(`/signin/login?redirect=${encodeURIComponent('/sw/user/profile/user')}`, {
          cookies,
          fields: { email, password: 'harvest-2026', remember_me: '1' },
        }),
      ),
    );
    expect(outcome).toMatchObject({ redirect: '/sw/user/profile/user', status: 303 });
    expect(cookies.session?.options).toMatchObject({ httpOnly: true, sameSite: 'lax' });
    // Remember-me makes the cookie outlive the browser session.
    expect(cookies.session?.options?.expires).toBeInstanceOf(Date);
    expect((await cookies.signedInUser())?.email).toBe(email);
    expect(cookies.get('mavuno_signed_in')?.value).toBe('1');
  });

  it('ignores an unsafe return path', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const outcome = await loadLoginPage(
      formRequest(`/signin/login?redirect=${encodeURIComponent('//evil.example/steal')}`, {
        cookies,
        locale: 'fr',
        fields: { email, password: 'harvest-2026' },
      }),
    );
    expect(redirected(outcome).redirect).toBe('/fr');
    expect(cookies.session?.options?.expires).toBeUndefined();
  });

  it('shows a wrong password on the page, keeps the login and never echoes the password', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const page = shown(
      await loadLoginPage(
        formRequest('/signin/login', { cookies, locale: 'sw', fields: { email, password: 'not-the-password' } }),
      ),
    );
    expect(page.status).toBe(401);
    expect(page.view.form.problem).toBe('Barua pepe au nenosiri si sahihi. Jaribu tena.');
    expect(page.view.form.values).toEqual({ email });
    expect(JSON.stringify(page.view)).not.toContain('not-the-password');
    expect(cookies.session).toBeUndefined();
  });

  it('puts a missing field’s message beside it', async () => {
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const page = shown(
      await loadLoginPage(formRequest('/signin/login', { cookies, fields: { email: '', password: '' } })),
    );
    expect(page.status).toBe(400);
    expect(page.view.form.errors).toEqual({ email: 'This field is required.', password: 'This field is required.' });
  });
});

describe('form posts from elsewhere (CSRF, login CSRF)', () => {
  it('refuses a post from another origin even with the right password and token', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const page = shown(
      await loadLoginPage(
        formRequest('/signin/login', {
          cookies,
          origin: 'https://evil.example',
          fields: { email, password: 'harvest-2026' },
        }),
      ),
    );
    expect(page.status).toBe(403);
    expect(page.view.form.problem).toBe('This request came from another site and was refused.');
    expect(cookies.session).toBeUndefined();
  });

  it('refuses a post without this browser’s form token, even from a browser that sends no Origin', async () => {
    const { email } = await signedUpUser();
    const victim = await browserOn('/signin/login', loadLoginPage);
    const attacker = await browserOn('/signin/login', loadLoginPage);
    for (const attempt of [
      { token: null, origin: undefined },
      { token: attacker.formToken!, origin: null },
      { token: 'x'.repeat(43), origin: undefined },
    ]) {
      const page = shown(
        await loadLoginPage(
          formRequest('/signin/login', { cookies: victim, ...attempt, fields: { email, password: 'harvest-2026' } }),
        ),
      );
      expect(page.status).toBe(403);
      expect(page.view.form.problem).toBe('This form had expired, so nothing was sent. Check it and send it again.');
      // The form comes back ready to send again, with what was typed (but not the password).
      expect(page.view.form.token).toBe(victim.formToken);
      expect(page.view.form.values.email).toBe(email);
      expect(victim.session).toBeUndefined();
    }
    // A browser without the cookie at all (it expired) gets a new token with the refusal.
    const fresh = new TestCookies();
    const page = shown(
      await loadLoginPage(
        formRequest('/signin/login', { cookies: fresh, token: 'y'.repeat(43), fields: { email, password: 'x' } }),
      ),
    );
    expect(page.status).toBe(403);
    expect(page.view.form.token).toBe(fresh.formToken);
  });

  it('guards the sign-up, forgot- and reset-password forms the same way', async () => {
    const email = uniqueEmail('csrf');
    const signup = await browserOn('/signin/signup', loadSignupPage);
    const refused = shown(
      await loadSignupPage(
        formRequest('/signin/signup', {
          cookies: signup,
          token: null,
          fields: {
            first_name: 'Eve',
            email,
            password: 'harvest-2026',
            password_repeat: 'harvest-2026',
            trader_status: 'farmer',
          },
        }),
      ),
    );
    expect(refused.status).toBe(403);
    expect(await database.handle().db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const forgot = await browserOn('/signin/forgot-password', loadForgotPasswordPage);
    const { email: member } = await signedUpUser();
    const noMail = shown(
      await loadForgotPasswordPage(
        formRequest('/signin/forgot-password', {
          cookies: forgot,
          origin: 'https://evil.example',
          fields: { email: member },
        }),
      ),
    );
    expect(noMail.status).toBe(403);
    expect((await lastMailTo(database.handle(), member)).subject).not.toMatch(/reset/i);

    const reset = await browserOn('/signin/reset-password?token=abcdefghijkl', loadResetPasswordPage);
    const noReset = shown(
      await loadResetPasswordPage(
        formRequest('/signin/reset-password?token=abcdefghijkl', {
          cookies: reset,
          token: null,
          fields: { password: 'new-harvest', password_repeat: 'new-harvest' },
        }),
      ),
    );
    expect(noReset.status).toBe(403);
  });

  it('refuses bodies that are not a form, or too large, with a 4xx', async () => {
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const json = shown(
      await loadLoginPage(
        formRequest('/signin/login', {
          cookies,
          contentType: 'application/json',
          body: JSON.stringify({ email: 'a' }),
        }),
      ),
    );
    expect(json.status).toBe(415);
    const huge = shown(
      await loadLoginPage(
        formRequest('/signin/login', { cookies, fields: { email: 'a'.repeat(70_000), password: 'x' } }),
      ),
    );
    expect(huge.status).toBe(413);
  });
});

describe('the same rate limits as the API', () => {
  it('counts failed sign-ins per account across the API and the form', async () => {
    const { email } = await signedUpUser();
    for (let i = 0; i < 9; i++)
      expect((await post('/user/login', form({ email, password: `wrong-${i}` }))).status).toBe(401);
    const cookies = await browserOn('/signin/login', loadLoginPage);
    const tenth = shown(
      await loadLoginPage(formRequest('/signin/login', { cookies, fields: { email, password: 'x' } })),
    );
    expect(tenth.status).toBe(401);
    const blocked = shown(
      await loadLoginPage(formRequest('/signin/login', { cookies, fields: { email, password: 'harvest-2026' } })),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['Retry-After'])).toBeGreaterThan(0);
    expect(blocked.view.form.problem).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(cookies.session).toBeUndefined();
  });

  it('counts failed sign-ins per address across accounts', async () => {
    const ip = '192.0.2.150';
    const cookies = await browserOn('/signin/login', loadLoginPage);
    for (let i = 0; i < 60; i++)
      await loadLoginPage(
        formRequest('/signin/login', { cookies, ip, fields: { email: uniqueEmail('spray'), password: 'x' } }),
      );
    const blocked = shown(
      await loadLoginPage(
        formRequest('/signin/login', { cookies, ip, fields: { email: uniqueEmail('spray'), password: 'x' } }),
      ),
    );
    expect(blocked.status).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const ip = '192.0.2.151';
    const cookies = await browserOn('/signin/signup', loadSignupPage);
    const signUp = () =>
      loadSignupPage(
        formRequest('/signin/signup', {
          cookies,
          ip,
          fields: {
            first_name: 'Amina',
            email: uniqueEmail('burst'),
            password: 'harvest-2026',
            password_repeat: 'harvest-2026',
            trader_status: 'farmer',
          },
        }),
      );
    for (let i = 0; i < RATE_LIMITS.signupIp.points; i++) expect((await signUp()).status).toBe(303);
    const blocked = shown(await signUp());
    expect(blocked.status).toBe(429);
    expect(blocked.view.form.values.first_name).toBe('Amina');
  });

  it('limits reset e-mails per address', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/forgot-password', loadForgotPasswordPage);
    const ask = () => loadForgotPasswordPage(formRequest('/signin/forgot-password', { cookies, fields: { email } }));
    for (let i = 0; i < 5; i++) expect(redirected(await ask()).redirect).toBe('/signin/forgot-password?sent=1');
    const blocked = shown(await ask());
    expect(blocked.status).toBe(429);
    expect(blocked.view.sent).toBe(false);
  });
});

describe('sign-up form', () => {
  it('creates the account, signs it in and goes to the deals page in the account’s language', async () => {
    const email = uniqueEmail('form');
    const cookies = await browserOn('/sw/signin/signup', loadSignupPage);
    const outcome = redirected(
      await loadSignupPage(
        formRequest('/signin/signup', {
          cookies,
          locale: 'sw',
          fields: {
            first_name: 'Neema',
            last_name: '',
            email,
            phone: '',
            password: 'harvest-2026',
            password_repeat: 'harvest-2026',
            trader_status: 'farmer',
            country_id: '',
            currency_id: '',
            locale: 'sw',
          },
        }),
      ),
    );
    expect(outcome).toMatchObject({ redirect: '/sw/user/profile/deals', status: 303 });
    expect((await cookies.signedInUser())?.email).toBe(email);
    expect((await lastMailTo(database.handle(), email)).subject).toBe('Thibitisha anwani yako ya barua pepe');
  });

  it('takes country and currency from the phone number when they are left to it, and keeps a choice made', async () => {
    const db = database.handle().db;
    const idOf = async (code: string) => (await db.select().from(countries).where(eq(countries.code, code)))[0].id;
    const currencyOf = async (code: string) =>
      (await db.select().from(currencies).where(eq(currencies.code, code)))[0].id;
    const cookies = await browserOn('/signin/signup', loadSignupPage);
    const signUpWith = async (fields: Record<string, string>) => {
      const email = uniqueEmail('place');
      redirected(
        await loadSignupPage(
          formRequest('/signin/signup', {
            cookies,
            fields: {
              first_name: 'Kouassi',
              email,
              password: 'harvest-2026',
              password_repeat: 'harvest-2026',
              trader_status: 'trader',
              country_id: '',
              currency_id: '',
              ...fields,
            },
          }),
        ),
      );
      const [user] = await db.select().from(users).where(eq(users.email, email));
      return { countryId: user.countryId, currencyId: user.currencyId };
    };
    expect(await signUpWith({ phone: '+225 07 12 34 56 78' })).toEqual({
      countryId: await idOf('CI'),
      currencyId: await currencyOf('XOF'),
    });
    expect(await signUpWith({ phone: '+255 754 123 456' })).toEqual({
      countryId: await idOf('TZ'),
      currencyId: await currencyOf('TZS'),
    });
    // A country chosen brings its currency; a currency chosen stays.
    expect(
      await signUpWith({ phone: '+255 754 123 457', country_id: String(await idOf('KE')), currency_id: '' }),
    ).toEqual({ countryId: await idOf('KE'), currencyId: await currencyOf('KES') });
    expect(await signUpWith({ phone: '+255 754 123 458', currency_id: String(await currencyOf('USD')) })).toEqual({
      countryId: await idOf('TZ'),
      currencyId: await currencyOf('USD'),
    });
    // No phone, nothing chosen: no country, the US dollar.
    expect(await signUpWith({ phone: '' })).toEqual({ countryId: null, currencyId: await currencyOf('USD') });
  });

  it('shows what the phone number will choose when the form comes back', async () => {
    const cookies = await browserOn('/signin/signup', loadSignupPage);
    const page = shown(
      await loadSignupPage(
        formRequest('/signin/signup', {
          cookies,
          fields: {
            first_name: 'Juma',
            phone: '+255 754 000 111',
            password: 'short',
            password_repeat: 'short',
            trader_status: 'farmer',
          },
        }),
      ),
    );
    expect(page.view.fromPhone).toEqual({ country: 'Tanzania', currency: 'Tanzanian Shilling' });
    expect(page.view.phoneDefaults['255']).toEqual([
      (await database.handle().db.select().from(countries).where(eq(countries.code, 'TZ')))[0].id,
      (await database.handle().db.select().from(currencies).where(eq(currencies.code, 'TZS')))[0].id,
    ]);
  });

  it('puts "e-mail already taken" beside the e-mail, keeps the values and drops the passwords', async () => {
    const { email } = await signedUpUser();
    const cookies = await browserOn('/signin/signup', loadSignupPage);
    const page = shown(
      await loadSignupPage(
        formRequest('/signin/signup', {
          cookies,
          fields: {
            first_name: 'Amina',
            email,
            phone: uniquePhone(),
            password: 'secret-harvest',
            password_repeat: 'secret-harvest',
            trader_status: 'cooperative',
          },
        }),
      ),
    );
    expect(page.status).toBe(400);
    expect(page.view.form.errors).toEqual({ email: 'This e-mail is already taken.' });
    expect(page.view.form.values).toMatchObject({ first_name: 'Amina', email, trader_status: 'cooperative' });
    expect(JSON.stringify(page.view.form)).not.toContain('secret-harvest');
    expect(cookies.session).toBeUndefined();
  });
});

describe('forgot and reset password forms', () => {
  it('e-mails a link, sets the new password from it once, and leads to sign-in', async () => {
    const { email, auth } = await signedUpUser();
    const forgot = await browserOn('/fr/signin/forgot-password', loadForgotPasswordPage);
    const sent = redirected(
      await loadForgotPasswordPage(
        formRequest('/fr/signin/forgot-password', { cookies: forgot, locale: 'fr', fields: { email } }),
      ),
    );
    expect(sent.redirect).toBe('/fr/signin/forgot-password?sent=1');
    // An unknown address gets the very same answer.
    const unknown = await loadForgotPasswordPage(
      formRequest('/fr/signin/forgot-password', {
        cookies: forgot,
        locale: 'fr',
        fields: { email: uniqueEmail('ghost') },
      }),
    );
    expect(unknown).toEqual(sent);

    const token = tokenIn((await lastMailTo(database.handle(), email)).text)!;
    const path = `/signin/reset-password?token=${token}`;
    const cookies = await browserOn(path, loadResetPasswordPage);
    const mismatch = shown(
      await loadResetPasswordPage(
        formRequest(path, { cookies, fields: { password: 'new-harvest', password_repeat: 'other' } }),
      ),
    );
    expect(mismatch.view.form.errors).toEqual({ password_repeat: 'The passwords do not match.' });
    const done = redirected(
      await loadResetPasswordPage(
        formRequest(path, { cookies, fields: { password: 'new-harvest', password_repeat: 'new-harvest' } }),
      ),
    );
    expect(done.redirect).toBe('/signin/login?reset=done');
    // Every session ended; the new password signs in.
    expect((await apiRequest('/user/index', { headers: auth })).status).toBe(401);
    expect((await post('/user/login', form({ email, password: 'new-harvest' }))).status).toBe(200);
    const login = await browserOn('/signin/login?reset=done', loadLoginPage);
    expect(shown(await loadLoginPage(formRequest('/signin/login?reset=done', { cookies: login }))).view.notice).toBe(
      'reset_done',
    );

    const reused = shown(
      await loadResetPasswordPage(
        formRequest(path, { cookies, fields: { password: 'third-harvest', password_repeat: 'third-harvest' } }),
      ),
    );
    expect(reused.status).toBe(400);
    expect(reused.view.isLinkInvalid).toBe(true);
    expect(reused.view.form.problem).toContain('This link is invalid or has expired.');
  });
});
