import { describe, expect, it } from 'vitest';
import { getApiApp } from '~/server/api/app';
import { listEndpoints } from '~/server/api/openapi';
import { apiRequest } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

useTestDatabase();
let member: Record<string, string> = {};

const HOSTILE_QUERIES = [
  'id=%00',
  'id=99999999999999999999',
  'id[]=1&id[]=2',
  'id[a]=1',
  'q=%00',
  'category=%00',
  'page=-1',
  'per-page=abc',
  'sort=%27%3Bdrop%20table',
  'referral_code=%00%00%00%00',
];
const HOSTILE_BODIES: [string, string][] = [
  ['application/x-www-form-urlencoded', 'id=%00&country_id=%00&region_id=1e400'],
  ['application/x-www-form-urlencoded', 'SignupForm[email][]=a&SignupForm[password][x]=1&Address[country_id]=-1'],
  ['application/json', '{"id":{"$gt":1},"country_id":[1,2],"index":"x"}'],
  ['application/json', '"just a string"'],
  ['application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}'],
  ['text/plain', 'hello'],
];

const HOSTILE_HEADERS: Record<string, string>[] = [
  { Cookie: `mavuno_session=${'x'.repeat(4000)}; mavuno_locale=%FF` },
  { Cookie: 'mavuno_session=%FF%00; =;;', 'Accept-Language': ';;q=abc,*;q=NaN,@@' },
  { Authorization: 'Bearer %FF%00', 'X-Request-Id': 'bad id <script>' },
  { Authorization: 'Basic Og==', 'Accept-Language': 'x-'.repeat(2000) },
];
/** What is appended to an endpoint's path: encodings that do not decode, doubled slashes, climbing. */
const HOSTILE_SUFFIXES = ['/%25', '/%FF', '/%E0%A4%A', '//', '/..%2F..', '/%00', `/${'a'.repeat(3000)}`];

describe('every endpoint under hostile input', () => {
  getApiApp();
  const endpoints = listEndpoints();

  it('knows the endpoints it is testing', async () => {
    expect(endpoints.length).toBeGreaterThan(30);
    member = (await signedUpUser()).auth;
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method.toUpperCase()} ${endpoint.path} answers 4xx JSON with a code, never 5xx`, async () => {
      // Members' endpoints are called signed in, so the hostile input reaches their validation and services.
      const auth = endpoint.auth ? member : {};
      const attempts =
        endpoint.method === 'get'
          ? HOSTILE_QUERIES.map((query) => apiRequest(`${endpoint.path}?${query}`, { method: 'GET', headers: auth }))
          : HOSTILE_BODIES.filter(() => endpoint.path !== '/user/logout').map(([type, body]) =>
              apiRequest(endpoint.path, { method: 'POST', body, headers: { 'Content-Type': type, ...auth } }),
            );
      // Hostile headers on the endpoint's own method, hostile suffixes on its path.
      const method = endpoint.method.toUpperCase();
      const body = method === 'GET' ? undefined : 'a=1';
      const contentType = { 'Content-Type': 'application/x-www-form-urlencoded' };
      attempts.push(
        ...HOSTILE_HEADERS.map((headers) =>
          apiRequest(endpoint.path, { method, body, headers: { ...contentType, ...headers } }),
        ),
        ...HOSTILE_SUFFIXES.map((suffix) =>
          apiRequest(`${endpoint.path}${suffix}`, { method, body, headers: { ...contentType, ...auth } }),
        ),
      );
      for (const response of await Promise.all(attempts)) {
        expect(response.status, `${endpoint.path}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.json?.code).toBe('string');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
