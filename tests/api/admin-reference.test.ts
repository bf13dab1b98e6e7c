import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, exchangeRates } from '~/server/db/schema';
import { signedUpUser } from '../fixtures/accounts';
import { apiRequest, form, get, post } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';
import { staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;

const call = (auth: Record<string, string> | undefined, path: string, body?: Record<string, string>, locale?: string) =>
  apiRequest(path, {
    method: body ? 'POST' : 'GET',
    locale,
    headers: { ...(auth ?? {}), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? form(body) : undefined,
  });
const boardList = async (locale?: string) =>
  (await post('/board-category/category-dropdown-m-l', form({}), locale)).json.items as { id: number; name: string }[];

describe('[ADMIN] reference data: categories and units', () => {
  it('adds and renames a category in three languages, shown by the reference list at once', async () => {
    const admin = await staffMember('admin');
    const added = await call(admin.auth, '/admin/reference/categories/add', {
      kind: 'board',
      name_en: 'Teff',
      name_sw: 'Tefu',
      name_fr: 'Teff',
    });
    expect(added.status).toBe(200);
    const id = added.json.id as number;
    expect((await boardList('sw')).find((c) => c.id === id)?.name).toBe('Tefu');
    const renamed = await call(admin.auth, '/admin/reference/categories/rename', {
      kind: 'board',
      id: String(id),
      name_en: 'Teff grain',
      name_sw: 'Nafaka ya tefu',
      name_fr: 'Grain de teff',
    });
    expect(renamed.status).toBe(200);
    expect((await boardList('fr')).find((c) => c.id === id)?.name).toBe('Grain de teff');
    expect((await boardList('en')).find((c) => c.id === id)?.name).toBe('Teff grain');
    expect(
      (
        await call(admin.auth, '/admin/reference/categories/rename', {
          kind: 'board',
          id: String(id),
          name_en: '',
          name_sw: 'x',
          name_fr: 'x',
        })
      ).status,
    ).toBe(422);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, `board:${id}`));
    expect(audits.map((a) => a.action)).toEqual(['reference.category_add', 'reference.category_rename']);
  });

  it('retires a category: gone from the list and refused for new lots, an existing lot keeps its name; 409 to delete it, ok when unused', async () => {
    const admin = await staffMember('admin');
    const seller = await memberWithTier(database.handle(), 'silver');
    const { id } = (
      await call(admin.auth, '/admin/reference/categories/add', {
        kind: 'board',
        name_en: 'Amaranth',
        name_sw: 'Mchicha',
        name_fr: 'Amarante',
      })
    ).json;
    const created = await postAs(
      seller.auth,
      '/board-list/create-quote',
      wrapped('BoardList', await maizeLot({ category_id: id })),
    );
    expect(created.status).toBe(200);
    const lotId = created.json.id;

    expect(
      (await call(admin.auth, '/admin/reference/categories/retire', { kind: 'board', id: String(id) })).status,
    ).toBe(200);
    expect(
      (await call(admin.auth, '/admin/reference/categories/retire', { kind: 'board', id: String(id) })).status,
    ).toBe(409);
    expect((await boardList()).some((c) => c.id === id)).toBe(false);
    const refused = await postAs(
      seller.auth,
      '/board-list/create-quote',
      wrapped('BoardList', await maizeLot({ category_id: id })),
    );
    expect(refused.status).toBe(422);
    expect((await get(`/board-list/view?id=${lotId}`, 'sw')).json.category).toBe('Mchicha');
    // The lot's names are memoised per process: a rename shows at once all the same.
    await call(admin.auth, '/admin/reference/categories/rename', {
      kind: 'board',
      id: String(id),
      name_en: 'Amaranth grain',
      name_sw: 'Mchicha wa nafaka',
      name_fr: 'Amarante en grain',
    });
    expect((await get(`/board-list/view?id=${lotId}`, 'sw')).json.category).toBe('Mchicha wa nafaka');

    const inUse = await call(admin.auth, '/admin/reference/categories/delete', { kind: 'board', id: String(id) });
    expect(inUse.status).toBe(409);
    expect(inUse.json.code).toBe('conflict');
    expect(inUse.json.message).toMatch(/in use \(\d+\)/);

    expect(
      (await call(admin.auth, '/admin/reference/categories/restore', { kind: 'board', id: String(id) })).status,
    ).toBe(200);
    expect((await boardList()).some((c) => c.id === id)).toBe(true);

    const unused = (
      await call(admin.auth, '/admin/reference/categories/add', {
        kind: 'seed',
        name_en: 'Spare',
        name_sw: 'Ziada',
        name_fr: 'Réserve',
      })
    ).json;
    expect(
      (await call(admin.auth, '/admin/reference/categories/delete', { kind: 'seed', id: String(unused.id) })).status,
    ).toBe(200);
    const list = await call(admin.auth, '/admin/reference/categories?kind=seed');
    expect(list.json.items.some((c: { id: number }) => c.id === unused.id)).toBe(false);
  });

  it('adds a unit, retires it (off the unit list), deletes an unused one; a used unit is 409', async () => {
    const admin = await staffMember('admin');
    const added = await call(admin.auth, '/admin/reference/units/add', {
      code: 'sack_25',
      name_en: '25 kg sack',
      name_sw: 'Gunia la kilo 25',
      name_fr: 'Sac de 25 kg',
      short_en: 'sack',
      short_sw: 'gunia',
      short_fr: 'sac',
      for_board: '1',
      kg_per_unit: '25',
    });
    expect(added.status).toBe(200);
    const units = async () =>
      (await get('/per-unit/category-dropdown?category=for_board')).json.items as { id: number }[];
    expect((await units()).some((u) => u.id === added.json.id)).toBe(true);
    expect((await call(admin.auth, '/admin/reference/units/retire', { id: String(added.json.id) })).status).toBe(200);
    expect((await units()).some((u) => u.id === added.json.id)).toBe(false);
    expect((await call(admin.auth, '/admin/reference/units/delete', { id: String(added.json.id) })).status).toBe(200);
    expect((await call(admin.auth, '/admin/reference/units/delete', { id: '4' })).status).toBe(409);
  });
});

describe('[ADMIN] reference data: rates, places, access', () => {
  it('uses a rate set by hand (typed in French) and refuses a CSV with a bad line, storing nothing', async () => {
    const admin = await staffMember('admin');
    const today = new Date().toISOString().slice(0, 10);
    const set = await call(
      admin.auth,
      '/admin/reference/rates/set',
      { currency_id: '1', as_of: today, per_usd: '131,25' },
      'fr',
    );
    expect(set.status).toBe(200);
    const currencies = (await get('/bank-currency/filter-currency-dropdown')).json.items as {
      id: number;
      per_usd: string;
    }[];
    expect(Number(currencies.find((c) => c.id === 1)?.per_usd)).toBe(131.25);

    const csv = ['currency,date,per_usd', 'KES,2020-01-02,101.5', 'XXX,2020-01-02,1', 'UGX,2020-01-02,abc'].join('\n');
    const refused = await call(admin.auth, '/admin/reference/rates/import', { csv });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(['line_3', 'line_4']);
    const stored = await db()
      .select()
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currencyId, 1), eq(exchangeRates.asOf, '2020-01-02')));
    expect(stored).toHaveLength(0);

    const good = await call(admin.auth, '/admin/reference/rates/import', {
      // ';' separates as ',' does; a quoted cell keeps its comma.
      csv: 'KES,2020-01-02,101.5\r\nUGX,2020-01-02,"3,700"\n\nTZS;2020-01-02;2500',
    });
    expect(good.status).toBe(200);
    expect(good.json.imported).toBe(3);
  });

  it('adds and renames a village with coordinates typed by a person', async () => {
    const admin = await staffMember('admin');
    const places = await call(admin.auth, '/admin/reference/places');
    const kenya = places.json.countries.find((c: { code: string }) => c.code === 'KE');
    const region = await call(admin.auth, '/admin/reference/regions/add', {
      country_id: String(kenya.id),
      name: 'Ol Kalou Test',
    });
    expect(region.status).toBe(200);
    const village = await call(
      admin.auth,
      '/admin/reference/villages/add',
      { region_id: String(region.json.id), name: 'Njabini', latitude: '-0,6543', longitude: '36,6543' },
      'fr',
    );
    expect(village.status).toBe(200);
    const listed = await post('/village-by-region', form({ region_id: region.json.id }));
    expect(listed.json.items[0]).toMatchObject({ name: 'Njabini' });
    expect(listed.json.items[0].latitude).toBeCloseTo(-0.6543, 4);
    expect(
      (await call(admin.auth, '/admin/reference/villages/add', { region_id: String(region.json.id), name: 'njabini' }))
        .status,
    ).toBe(422);
    expect(
      (
        await call(admin.auth, '/admin/reference/villages/update', {
          id: String(village.json.id),
          name: 'Njabini Town',
          latitude: '1e3',
        })
      ).status,
    ).toBe(422);
  });

  it('is for administrators: support and moderator 403, member 403, anonymous 401', async () => {
    const support = await staffMember('support');
    const moderator = await staffMember('moderator');
    const member = await signedUpUser();
    for (const auth of [support.auth, moderator.auth, member.auth]) {
      expect((await call(auth, '/admin/reference/units')).status).toBe(403);
      expect(
        (
          await call(auth, '/admin/reference/categories/add', {
            kind: 'board',
            name_en: 'A',
            name_sw: 'A',
            name_fr: 'A',
          })
        ).status,
      ).toBe(403);
    }
    expect((await call(undefined, '/admin/reference/units')).status).toBe(401);
  });
});
