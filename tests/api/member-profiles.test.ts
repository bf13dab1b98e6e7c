import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/server/db';
import { memberProfiles, users } from '~/server/db/schema';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import { loadProfileFormPage } from '~/server/loaders/profile-forms';
import { loadPublicProfilePage } from '~/server/loaders/public-profile';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { signedUpUser } from '../fixtures/accounts';
import { apiRequest } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';
import { nakuru } from '../fixtures/lots';

const database = useTestDatabase();

type Auth = Record<string, string>;
const bodyOf = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value])
      body.append(Array.isArray(value) ? `${name}[]` : name, item);
  return body;
};
const save = (auth: Auth, kind: string, fields: Record<string, string | string[]>, locale?: string) =>
  apiRequest(`/user/profile-form?kind=${kind}`, {
    method: 'POST',
    body: bodyOf(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...auth },
    locale,
  });
const read = (auth: Auth, kind: string) => apiRequest(`/user/profile-form?kind=${kind}`, { headers: auth });

describe('the profile forms API', () => {
  it('saves and reads back a farmer profile, farm size typed as the language writes numbers', async () => {
    const member = await signedUpUser();
    expect((await read(member.auth, 'farmer')).json).toEqual({ kind: 'farmer', data: null, updated_at: null });
    const saved = await save(
      member.auth,
      'farmer',
      { farm_size: '1 250,5', farm_size_unit: 'acre', crops: ['3', '7', '3'], seasons: ['long_rains', 'short_rains'] },
      'fr',
    );
    expect(saved.status).toBe(200);
    expect(saved.json.data).toEqual({
      farm_size: 1250.5,
      farm_size_unit: 'acre',
      crops: [3, 7],
      seasons: ['long_rains', 'short_rains'],
    });
    const back = (await read(member.auth, 'farmer')).json;
    expect(back.data.farm_size).toBe(1250.5);
    expect(back.updated_at).toEqual(expect.any(String));
    // Saved again: replaced whole, still one row.
    await save(member.auth, 'farmer', {
      farm_size: '2',
      farm_size_unit: 'hectare',
      crops: ['3'],
      seasons: ['all_year'],
    });
    expect((await read(member.auth, 'farmer')).json.data).toEqual({
      farm_size: 2,
      farm_size_unit: 'hectare',
      crops: [3],
      seasons: ['all_year'],
    });
  });

  it('refuses bad input with messages on the fields, and keeps nothing', async () => {
    const member = await signedUpUser();
    const bad = await save(member.auth, 'farmer', {
      farm_size: 'big',
      farm_size_unit: 'furlong',
      crops: ['99999'],
      seasons: ['monsoon'],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(expect.arrayContaining(['farm_size', 'farm_size_unit', 'seasons']));
    const unknownCrop = await save(member.auth, 'farmer', {
      farm_size: '3',
      farm_size_unit: 'acre',
      crops: ['99999'],
      seasons: ['dry_season'],
    });
    expect(unknownCrop.status).toBe(422);
    expect(unknownCrop.json.errors.crops).toBeDefined();
    const noCrops = await save(member.auth, 'farmer', {
      farm_size: '3',
      farm_size_unit: 'acre',
      seasons: ['dry_season'],
    });
    expect(noCrops.json.errors.crops[0]).toBe('Choose at least one.');
    const wholeMembers = await save(member.auth, 'cooperative', {
      members_count: '120.5',
      crops: ['3'],
      collection_points: 'Molo',
      representative: 'Grace Chebet',
    });
    expect(wholeMembers.status).toBe(422);
    expect(wholeMembers.json.errors.members_count).toBeDefined();
    const tooManyPoints = await save(member.auth, 'cooperative', {
      members_count: '120',
      crops: ['3'],
      collection_points: Array.from({ length: 31 }, (_, n) => `Point ${n}`).join('\n'),
      representative: 'Grace Chebet',
    });
    expect(tooManyPoints.json.errors.collection_points[0]).toBe('At most 30 collection points.');
    const unknownRegion = await save(member.auth, 'trader', {
      commodities: ['3'],
      volume_tonnes: '40',
      volume_period: 'month',
      regions: ['999999'],
    });
    expect(unknownRegion.status).toBe(422);
    expect(unknownRegion.json.errors.regions).toBeDefined();
    expect((await read(member.auth, 'badkind')).status).toBe(422);
    expect((await save(member.auth, 'company', { x: '1' })).status).toBe(422);
    const userId = (await resolveUser(await getDb(), { bearer: member.access }))!.id;
    expect(await database.handle().db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId))).toEqual(
      [],
    );
  });

  it('keeps each member to their own profile and answers 401 to an anonymous caller', async () => {
    const one = await signedUpUser();
    const other = await signedUpUser();
    await save(one.auth, 'cooperative', {
      members_count: '1,200',
      crops: ['3'],
      collection_points: 'Molo\nElburgon\n',
      representative: 'Grace Chebet',
    });
    expect((await read(one.auth, 'cooperative')).json.data).toEqual({
      members_count: 1200,
      crops: [3],
      collection_points: ['Molo', 'Elburgon'],
      representative: 'Grace Chebet',
    });
    expect((await read(other.auth, 'cooperative')).json.data).toBeNull();
    expect((await apiRequest('/user/profile-form?kind=farmer')).status).toBe(401);
    expect(
      (
        await apiRequest('/user/profile-form?kind=farmer', {
          method: 'POST',
          body: 'farm_size=1',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('the profile form pages and the public profile', () => {
  async function browserOf(member: { access: string }) {
    const user = (await resolveUser(await getDb(), { bearer: member.access }))!;
    const cookies = new TestCookies();
    return { user, cookies };
  }

  it('saves a trader profile by a plain form post, shows it again, and shows it on the public profile', async () => {
    const member = await signedUpUser();
    const { user, cookies } = await browserOf(member);
    const place = await nakuru();
    await database.handle().db.update(users).set({ countryId: place.countryId }).where(eq(users.id, user.id));
    const first = await loadProfileFormPage(
      formRequest('/trader-profile-form', { cookies }),
      user,
      'trader',
      undefined,
    );
    if (!('view' in first) || first.view.view !== 'form') throw new Error('no form');
    expect(first.view.regions.map((r) => r.id)).toContain(place.regionId);
    expect(first.view.exists).toBe(false);
    const post = (fields: Record<string, string | string[]>, token = cookies.formToken ?? '') =>
      loadProfileFormPage(
        formRequest('/trader-profile-form', { cookies, body: bodyOf({ ...fields, [FORM_TOKEN_FIELD]: token }) }),
        user,
        'trader',
        undefined,
      );
    const refused = await post({ commodities: ['3'], volume_tonnes: 'lots', volume_period: 'month' });
    if (!('view' in refused) || refused.view.view !== 'form') throw new Error('no form');
    expect(refused.status).toBe(422);
    expect(refused.view.form.errors.volume_tonnes).toBeDefined();
    expect(refused.view.form.errors.regions).toBe('Choose at least one region.');
    expect(refused.view.ticked.commodities).toEqual(['3']);
    expect(
      (await post({ commodities: ['3'], volume_tonnes: '40', regions: [String(place.regionId)] }, 'x')).status,
    ).toBe(403);
    const saved = await post({
      commodities: ['3', '7'],
      volume_tonnes: '1,500.5',
      volume_period: 'year',
      regions: [String(place.regionId)],
    });
    expect(saved).toMatchObject({ redirect: '/trader-profile-form?saved=1', status: 303 });
    const again = await loadProfileFormPage(
      formRequest('/trader-profile-form?saved=1', { cookies }),
      user,
      'trader',
      undefined,
    );
    if (!('view' in again) || again.view.view !== 'form') throw new Error('no form');
    expect(again.view.saved).toBe(true);
    expect(again.view.form.values.volume_tonnes).toBe('1,500.5');
    expect(again.view.ticked.commodities).toEqual(['3', '7']);

    const publicPage = await loadPublicProfilePage(String(user.id), null, 'sw');
    const trader = publicPage?.memberProfiles.find((p) => p.kind === 'trader');
    expect(trader?.regions).toEqual([{ id: place.regionId, name: 'Nakuru' }]);
    expect(trader?.crops.map((c) => c.id)).toEqual([3, 7]);
    expect(trader?.crops[0].name).toEqual(expect.any(String));
  });

  it('edits at /{id} only for the member own id: another id is the 404 page', async () => {
    const member = await signedUpUser();
    const { user, cookies } = await browserOf(member);
    const own = await loadProfileFormPage(
      formRequest(`/farmer-profile-form/${user.id}`, { cookies }),
      user,
      'farmer',
      String(user.id),
    );
    expect(own.status).toBe(200);
    if (!('view' in own) || own.view.view !== 'form') throw new Error('no form');
    expect(own.view.form.action).toBe(`/farmer-profile-form/${user.id}`);
    for (const id of [String(user.id + 1), 'abc', '0'])
      expect(
        (await loadProfileFormPage(formRequest(`/farmer-profile-form/${id}`, { cookies }), user, 'farmer', id)).status,
      ).toBe(404);
  });
});
