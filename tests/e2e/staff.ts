import { type APIRequestContext, expect } from '@playwright/test';
import { test } from './test';
import { DEMO_TOTP_SECRET } from '../../src/server/db/seed/demo-accounts';
import { totpCode, totpStep } from '../../src/server/security/totp';

/**
 * Demo staff entering the back office (docs/backoffice.md "Staff sign-in", "Demo staff"): the password, then the
 * authenticator's code from the demo secret. A code is accepted once, so when another test of the same account
 * used this step's code the next step's is tried (the server accepts one step ahead), then the one after, waiting.
 */
export async function passSecondFactor(request: APIRequestContext, headers: Record<string, string> = {}) {
  const origin = { Origin: test.info().project.use.baseURL!, ...headers };
  for (let attempt = 0; attempt < 4; attempt++) {
    const step = totpStep() + (attempt % 2);
    const verified = await request.post('/api-v2/admin/two-factor/verify', {
      headers: origin,
      form: { code: totpCode(DEMO_TOTP_SECRET, step) },
    });
    if (verified.status() === 200) return;
    expect(verified.status(), await verified.text()).toBe(422);
    if (attempt % 2 === 1) await new Promise((resolve) => setTimeout(resolve, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error('the back office refused every code');
}

/** Signs a demo staff member in with a session cookie and opens the back office to that session. */
export async function signInStaff(request: APIRequestContext, email: string) {
  const response = await request.post('/api-v2/user/login', {
    form: { email, password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: test.info().project.use.baseURL! },
  });
  expect(response.status()).toBe(200);
  await passSecondFactor(request);
}

/** A demo staff member's Bearer headers, past the second factor. */
export async function staffToken(request: APIRequestContext, email: string) {
  const login = await request.post('/api-v2/user/login', { form: { email, password: 'mavuno-demo' } });
  expect(login.status()).toBe(200);
  const auth = { Authorization: `Bearer ${(await login.json()).access_token}` };
  await passSecondFactor(request, auth);
  return auth;
}
