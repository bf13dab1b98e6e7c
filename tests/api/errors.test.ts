import { describe, expect, it } from 'vitest';
import { createApiApp } from '~/server/api/app';
import { setLogDestination } from '~/server/log';
import { apiRequest, form, get, post } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';

useTestDatabase();

describe('API errors', () => {
  it('answers an unknown path with a JSON 404 and a code, in the asked language', async () => {
    const en = await get('/no-such-thing');
    expect(en.status).toBe(404);
    expect(en.headers.get('content-type')).toContain('application/json');
    expect(en.json).toMatchObject({ code: 'not_found', message: 'There is no API endpoint at /api-v2/no-such-thing.' });
    const sw = await get('/no-such-thing', 'sw');
    expect(sw.json.code).toBe('not_found');
    expect(sw.json.message).not.toBe(en.json.message);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await post('/village-by-region', '{"region_id": ', undefined, 'application/json');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('bad_request');
    const array = await post('/village-by-region', '[1,2]', undefined, 'application/json');
    expect(array.status).toBe(400);
  });

  it('refuses a body type it cannot read with 415', async () => {
    const res = await post('/village-by-region', '<region_id>1</region_id>', undefined, 'application/xml');
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('unsupported_media_type');
  });

  it('validates JSON bodies the same way as form bodies', async () => {
    const res = await post('/village-by-region', { region_id: -4 });
    expect(res.status).toBe(422);
    expect(res.json.errors.region_id).toEqual(['Enter 1 or more.']);
    const ok = await post('/village-by-region', { region_id: 1 });
    expect(ok.status).toBe(200);
  });

  it('rejects out-of-range pagination with field errors', async () => {
    const res = await get('/region/index?per-page=500&page=0');
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['page', 'per-page']);
    expect(res.json.errors['per-page']).toEqual(['Enter 100 or less.']);
  });

  it('answers an unsupported method on a known path with a JSON 405 naming the allowed methods', async () => {
    const res = await apiRequest('/country-dropdown', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.json.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
    const post = await apiRequest('/user/login', { method: 'GET' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST');
  });

  it('never leaks a stack trace', async () => {
    const res = await post('/region/country-region-dropdown', form({ country_id: '99999999999999999999' }));
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('request ids and server faults', () => {
  it('echoes a sane X-Request-Id and replaces one that is not', async () => {
    const kept = await apiRequest('/country-dropdown', { headers: { 'X-Request-Id': 'trace-7f3a.01' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-7f3a.01');
    for (const hostile of ['two words', 'x'.repeat(300), '<script>', '']) {
      const replaced = await apiRequest('/country-dropdown', { headers: { 'X-Request-Id': hostile } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers an unexpected error with 500, its request id and no detail, and logs it once with the id', async () => {
    // A fresh app with one failing route: the same middleware, error handler and log as every endpoint.
    const app = createApiApp();
    app.get('/boom', () => {
      throw new Error('connection to db.internal:5432 refused');
    });
    const lines: string[] = [];
    const previous = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      const res = await app.request('/api-v2/boom?token=secret', { headers: { 'X-Request-Id': 'req-42' } });
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('req-42');
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ code: 'internal_error', request_id: 'req-42' });
      expect(text).not.toContain('db.internal');
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]);
      expect(line).toMatchObject({ level: 50, requestId: 'req-42', method: 'GET', route: '/api-v2/boom', status: 500 });
      expect(line.msg).toContain('db.internal:5432 refused');
      expect(line.err.stack).toContain('db.internal:5432 refused');
      expect(lines[0]).not.toContain('secret');
    } finally {
      setLogDestination(previous);
    }
  });

  it('gives no request id in a client error body', async () => {
    const res = await get('/no-such-thing');
    expect(res.json.request_id).toBeUndefined();
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('OpenAPI', () => {
  it('describes every endpoint from the zod schemas that validate it', async () => {
    const { status, json } = await get('/openapi.json');
    expect(status).toBe(200);
    expect(json.openapi).toBe('3.1.0');
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/country-dropdown',
        '/region/index',
        '/region/country-region-dropdown',
        '/village-by-region',
        '/per-unit/category-dropdown',
        '/technic-category/root-category-with-child',
      ]),
    );
    const regionBody =
      json.paths['/region/country-region-dropdown'].post.requestBody.content['application/x-www-form-urlencoded']
        .schema;
    expect(regionBody.required).toContain('country_id');
    const unitParam = json.paths['/per-unit/category-dropdown'].get.parameters.find(
      (p: { name: string }) => p.name === 'category',
    );
    expect(unitParam.schema.enum).toEqual(['for_board', 'for_seed', 'for_fertilizer', 'for_machinery', 'all']);
  });
});
