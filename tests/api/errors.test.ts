import { describe, expect, it } from 'vitest';
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
