import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { currentRequestContext, requestContexts } from '~/server/http/request-context';
import { baseRoute, createMemberPageCache, memberCacheKey } from './member-page-cache';

const PRIVATE = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/**
 * A server wired as src/server/main.ts wires the members' cache, inside a request context as the production server
 * opens one. Sessions: cookie token → member and session; the renderer names the member it rendered for, as the
 * middleware does, and says whose page it is in the body.
 */
async function start(headers: OutgoingHttpHeaders = PRIVATE, route = '/board') {
  const sessions = new Map<string, { memberId: number; sessionId: number }>([
    ['tok-a', { memberId: 1, sessionId: 11 }],
    ['tok-b', { memberId: 2, sessionId: 21 }],
  ]);
  const cache = createMemberPageCache({
    maxEntries: 100,
    cookieName: 'mavuno_session',
    identify: async (token) => sessions.get(token) ?? null,
  });
  let renders = 0;
  const render = (req: IncomingMessage, res: ServerResponse) => {
    renders++;
    const token = /mavuno_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const who = sessions.get(token);
    const context = currentRequestContext();
    if (context) {
      context.memberId = who?.memberId;
      context.route = route;
    }
    res.writeHead(200, headers);
    res.end(`<!doctype html><p>page of ${who ? `member ${who.memberId}` : 'a visitor'}, render ${renders}</p>`);
  };
  const server = http.createServer((req, res) =>
    requestContexts.run({ id: 'test', method: req.method ?? 'GET', path: req.url ?? '/', startedAt: 0 }, () =>
      cache.serve(req, res, render),
    ),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (cookie: string, init: RequestInit = {}) =>
    (await fetch(`${base}/board`, { ...init, headers: { Cookie: cookie, ...init.headers } })).text();
  return { cache, sessions, get, renders: () => renders };
}

describe('the members’ render cache', () => {
  it('serves a member’s page again to the same browser without rendering it, and never to another member', async () => {
    const { get, renders } = await start();
    const first = await get('mavuno_session=tok-a; mavuno_form=f1');
    expect(first).toContain('member 1');
    expect(await get('mavuno_session=tok-a; mavuno_form=f1')).toBe(first);
    expect(renders()).toBe(1);
    // Another member, and the same member in another browser (another form token): each their own render.
    expect(await get('mavuno_session=tok-b; mavuno_form=f2')).toContain('member 2');
    expect(await get('mavuno_session=tok-a; mavuno_form=f3')).toContain('render 3');
    expect(renders()).toBe(3);
  });

  it('renders again once the session is gone or is another session, and after any write', async () => {
    const { cache, sessions, get, renders } = await start();
    await get('mavuno_session=tok-a');
    sessions.set('tok-a', { memberId: 1, sessionId: 12 });
    expect(await get('mavuno_session=tok-a')).toContain('render 2');
    sessions.delete('tok-a');
    expect(await get('mavuno_session=tok-a')).toContain('a visitor');
    // The same cookies now naming another member (the token reissued to them) never bring back the first's page.
    sessions.set('tok-a', { memberId: 2, sessionId: 21 });
    expect(await get('mavuno_session=tok-a')).toContain('member 2');
    sessions.set('tok-a', { memberId: 1, sessionId: 13 });
    await get('mavuno_session=tok-a');
    cache.store.invalidate();
    expect(await get('mavuno_session=tok-a')).toContain(`render ${renders()}`);
    expect(renders()).toBe(6);
  });

  it('keeps nothing that sets a cookie, is not private HTML, or is a page not on the list', async () => {
    for (const [headers, route] of [
      [{ ...PRIVATE, 'Set-Cookie': 'mavuno_form=x' }, '/board'],
      [{ ...PRIVATE, 'Content-Type': 'application/json' }, '/board'],
      [{ ...PRIVATE, 'Cache-Control': 'public, max-age=60' }, '/board'],
      [PRIVATE, '/user/profile/user'],
    ] as const) {
      const { get, renders } = await start(headers, route);
      await get('mavuno_session=tok-a');
      await get('mavuno_session=tok-a');
      expect(renders(), `${route} ${JSON.stringify(headers)}`).toBe(2);
    }
  });

  it('keys only signed-in GET and HEAD page requests without an Authorization header', () => {
    const request = (method: string, url: string, headers: Record<string, string>) =>
      ({ method, url, headers }) as unknown as IncomingMessage;
    const cookie = { cookie: 'mavuno_session=tok-a; i18n_redirected=sw' };
    expect(memberCacheKey(request('GET', '/board', cookie), 'mavuno_session')?.token).toBe('tok-a');
    expect(memberCacheKey(request('POST', '/board', cookie), 'mavuno_session')).toBeUndefined();
    expect(memberCacheKey(request('GET', '/api-v2/offer', cookie), 'mavuno_session')).toBeUndefined();
    expect(memberCacheKey(request('GET', '/board', { ...cookie, authorization: 'Bearer x' }), 'mavuno_session')).toBe(
      undefined,
    );
    expect(memberCacheKey(request('GET', '/board', { cookie: 'i18n_redirected=sw' }), 'mavuno_session')).toBe(
      undefined,
    );
    // The order of the cookies does not matter; their values and the language asked for do.
    const key = (headers: Record<string, string>) =>
      memberCacheKey(request('GET', '/board', headers), 'mavuno_session')?.key;
    expect(key({ cookie: 'i18n_redirected=sw; mavuno_session=tok-a' })).toBe(key(cookie));
    expect(key({ cookie: 'mavuno_session=tok-a; i18n_redirected=fr' })).not.toBe(key(cookie));
    expect(key({ ...cookie, 'accept-language': 'fr' })).not.toBe(key(cookie));
    expect(baseRoute('/sw/board/:id')).toBe('/board/:id');
    expect(baseRoute('/fr')).toBe('/');
  });
});
