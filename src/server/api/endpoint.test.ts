import { Hono } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createTranslator } from '~/i18n/t';
import type { SessionUser } from '~/server/services/accounts/users';
import type { ApiEnv } from './context';
import { endpoint } from './endpoint';
import { errorResponse } from './errors';

const member = { id: 7, firstName: 'Amina' } as SessionUser;

/** A bare app with the endpoint() wiring only: `signedIn` decides whether the request carries a user. */
function appWith(signedIn: boolean) {
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set('user', signedIn ? member : null);
    await next();
  });
  app.onError((error, c) => errorResponse(c, error, createTranslator('en')));
  // The handlers' parameter types are what `npm run typecheck` checks: `auth: true` gives a user, `'optional'` whoever
  // is signed in, and an endpoint declaring neither gets no user at all (its OpenAPI operation takes no credential).
  endpoint(app, { method: 'get', path: '/mine', summary: 'Mine', tag: 'test', auth: true }, (_c, { user }) => {
    expectTypeOf(user).toEqualTypeOf<SessionUser>();
    return { id: user.id };
  });
  endpoint(
    app,
    { method: 'get', path: '/anyone', summary: 'Anyone', tag: 'test', auth: 'optional' },
    (_c, { user }) => {
      expectTypeOf(user).toEqualTypeOf<SessionUser | null>();
      return { id: user?.id ?? null };
    },
  );
  endpoint(app, { method: 'get', path: '/open', summary: 'Open', tag: 'test' }, (_c, input) => {
    expectTypeOf(input).not.toHaveProperty('user');
    return { keys: Object.keys(input).sort() };
  });
  endpoint(app, { method: 'get', path: '/closed', summary: 'Closed', tag: 'test', auth: false }, (_c, input) => {
    expectTypeOf(input).not.toHaveProperty('user');
    return { keys: Object.keys(input).sort() };
  });
  return app;
}

describe('endpoint({ auth })', () => {
  it('hands an auth: true handler the signed-in user', async () => {
    const res = await appWith(true).request('/mine');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 7 });
  });

  it('answers an anonymous call to an auth: true endpoint with 401 before the handler runs', async () => {
    const res = await appWith(false).request('/mine');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized' });
  });

  it("tells an auth: 'optional' handler who is signed in, if anyone", async () => {
    expect(await (await appWith(false).request('/anyone')).json()).toEqual({ id: null });
    expect(await (await appWith(true).request('/anyone')).json()).toEqual({ id: 7 });
  });

  it('lets anyone call an endpoint without auth, and does not hand its handler the signed-in user', async () => {
    for (const path of ['/open', '/closed']) {
      expect(await (await appWith(false).request(path)).json()).toEqual({ keys: ['body', 'query', 'raw'] });
      expect(await (await appWith(true).request(path)).json()).toEqual({ keys: ['body', 'query', 'raw'] });
    }
  });
});
