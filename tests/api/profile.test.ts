import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, installStorage } from '~/server/storage';
import { setTier } from '~/server/services/accounts/tiers';
import { apiRequest, form, get } from '../fixtures/api';
import { lastMailTo, signedUpUser, uniqueEmail } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-uploads-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const postAs = (auth: Record<string, string>, apiPath: string, body: URLSearchParams | FormData) =>
  apiRequest(apiPath, { method: 'POST', body, headers: body instanceof FormData ? auth : { ...FORM, ...auth } });

async function photo(format: 'jpeg' | 'png', withGps = false) {
  let image = sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 60 } } });
  if (withGps) image = image.withExif({ IFD0: { Copyright: 'Secret farm', Artist: 'Amina' } });
  return new File([new Uint8Array(await image[format]().toBuffer())], `photo.${format}`, { type: `image/${format}` });
}

describe('profile settings', () => {
  it('answers the profile data of the signed-in user only', async () => {
    const { auth, email } = await signedUpUser();
    const res = await apiRequest('/user/profile-settings-data/', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json.user_main_info).toMatchObject({ email, first_name: 'Amina', email_verified: false });
    expect(res.json.currency_id).toBe(3);
    expect(res.json.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await get('/user/profile-settings-data/')).status).toBe(401);
  });

  it('updates User and UserProfile fields, and a 400 leaves everything unchanged', async () => {
    const { auth } = await signedUpUser();
    const other = await signedUpUser();
    const ok = await postAs(
      auth,
      '/user/update-main-info',
      form({ 'UserProfile[firstname]': 'Halima', 'User[currency_id]': 1, 'User[news_notification]': 0 }),
    );
    expect(ok.status).toBe(200);
    const bad = await postAs(
      auth,
      '/user/update-main-info',
      form({ 'UserProfile[firstname]': 'Changed', 'User[email]': other.email }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.errors['User.email']).toEqual(['This e-mail is already taken.']);
    const invalid = await postAs(
      auth,
      '/user/update-main-info',
      form({ 'UserProfile[firstname]': 'Changed', 'User[phone]': '12' }),
    );
    expect(invalid.status).toBe(400);
    const data = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;
    expect(data.user_main_info.first_name).toBe('Halima');
    expect(data.user_main_info.news_notification).toBe(false);
    expect(data.currency_id).toBe(1);
  });

  it('holds the member’s country: from the phone number at sign-up (with its currency), changed by update-main-info', async () => {
    const countries = (await get('/country-dropdown')).json.items as { id: number; code: string }[];
    const currencies = (await get('/bank-currency/user-currency-dropdown')).json.items as {
      id: number;
      code: string;
    }[];
    const country = (code: string) => countries.find((c) => c.code === code)!.id;
    const currency = (code: string) => currencies.find((c) => c.code === code)!.id;
    const { auth } = await signedUpUser({ phone: '+255 754 321 987' });
    let data = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;
    expect(data).toMatchObject({ country_id: country('TZ'), currency_id: currency('TZS') });
    // A sign-up that names them keeps them.
    const chosen = await signedUpUser({ phone: '+255 754 321 988', country_id: String(country('UG')) });
    expect((await apiRequest('/user/profile-settings-data/', { headers: chosen.auth })).json).toMatchObject({
      country_id: country('UG'),
      currency_id: currency('UGX'),
    });

    expect((await postAs(auth, '/user/update-main-info', form({ 'User[country_id]': country('KE') }))).status).toBe(
      200,
    );
    const unknown = await postAs(auth, '/user/update-main-info', form({ 'User[country_id]': 999_999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors['User.country_id']).toBeDefined();
    data = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;
    expect(data.country_id).toBe(country('KE'));
  });

  it('changes the e-mail only with the current password, tells the old address and asks to confirm the new one', async () => {
    const { auth, email } = await signedUpUser();
    const fresh = uniqueEmail('moved');
    const without = await postAs(auth, '/user/update-main-info', form({ 'User[email]': fresh }));
    expect(without.status).toBe(400);
    expect(without.json.errors['User.current_password']).toEqual(['The current password is not correct.']);
    expect((await apiRequest('/user/index', { headers: auth })).json.email).toBe(email);
    expect(
      (
        await postAs(
          auth,
          '/user/update-main-info',
          form({ 'User[email]': fresh, 'User[current_password]': 'harvest-2026' }),
        )
      ).status,
    ).toBe(200);
    const me = (await apiRequest('/user/index', { headers: auth })).json;
    expect(me).toMatchObject({ email: fresh, email_verified: false });
    expect((await lastMailTo(database.handle(), fresh)).text).toContain('confirm-email?token=');
    expect((await lastMailTo(database.handle(), email)).text).toContain(fresh);
  });
});

describe('addresses', () => {
  it('creates, lists, updates and deletes the user’s own addresses, and never another user’s', async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const kenya = (await get('/country-dropdown')).json.items.find((c: { code: string }) => c.code === 'KE').id;
    const created = await postAs(
      owner.auth,
      '/user/create-address',
      form({
        'Address[label]': 'farm',
        'Address[country_id]': kenya,
        'Address[city]': 'Molo',
        'Address[latitude]': -0.25,
        'Address[longitude]': 35.73,
      }),
    );
    expect(created.status).toBe(200);
    const id = created.json.id;
    const list = (await apiRequest('/user/get-user-address/', { headers: owner.auth })).json.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, label: 'farm', country: 'Kenya', city: 'Molo' });
    expect((await apiRequest('/user/get-user-address/', { headers: stranger.auth })).json.items).toEqual([]);
    const steal = await postAs(
      stranger.auth,
      '/user/update-address',
      form({ 'Address[id]': id, 'Address[country_id]': kenya, 'Address[city]': 'Stolen' }),
    );
    expect(steal.status).toBe(404);
    expect((await postAs(stranger.auth, '/user/delete-address', form({ id }))).status).toBe(404);
    expect((await apiRequest('/user/get-user-address/', { headers: owner.auth })).json.items[0].city).toBe('Molo');
    expect(
      (
        await postAs(
          owner.auth,
          '/user/update-address',
          form({ 'Address[id]': id, 'Address[country_id]': kenya, 'Address[city]': 'Njoro' }),
        )
      ).status,
    ).toBe(200);
    expect((await postAs(owner.auth, '/user/delete-address', form({ id }))).status).toBe(200);
    expect((await apiRequest('/user/get-user-address/', { headers: owner.auth })).json.items).toEqual([]);
  });

  it('needs a place: a village, a town or a map point, both coordinates together', async () => {
    const { auth } = await signedUpUser();
    const res = await postAs(auth, '/user/create-address', form({ 'Address[country_id]': 1, 'Address[latitude]': 1 }));
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors)).toEqual(expect.arrayContaining(['latitude']));
  });
});

describe('photo and documents', () => {
  it('re-encodes a profile photo to WebP in two sizes without metadata', async () => {
    const { auth } = await signedUpUser();
    const body = new FormData();
    body.append('photo', await photo('jpeg', true));
    const res = await postAs(auth, '/user/upload-avatar', body);
    expect(res.status).toBe(200);
    const file = path.join(storageRoot, res.json.avatar.replace('/uploads/', ''));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect((await sharp(path.join(storageRoot, res.json.avatar_small.replace('/uploads/', ''))).metadata()).width).toBe(
      128,
    );
  });

  it('refuses a truncated photo with a clear message instead of failing', async () => {
    const { auth } = await signedUpUser();
    const whole = new Uint8Array(await (await photo('jpeg')).arrayBuffer());
    const body = new FormData();
    body.append('photo', new File([whole.subarray(0, Math.floor(whole.length / 2))], 'half.jpg'));
    const res = await postAs(auth, '/user/upload-avatar', body);
    expect(res.status).toBe(422);
    expect(res.json.errors.photo[0]).toMatch(/could not be read/);
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const { auth } = await signedUpUser();
    const body = new FormData();
    body.append(
      'photo',
      new File([new TextEncoder().encode('<?php echo 1; ?>')], 'innocent.jpg', { type: 'image/jpeg' }),
    );
    const res = await postAs(auth, '/user/upload-avatar', body);
    expect(res.status).toBe(422);
    expect(res.json.errors.photo[0]).toMatch(/choose a photo/);
    const none = await postAs(auth, '/user/upload-avatar', new FormData());
    expect(none.status).toBe(422);
  });

  it('lists the kinds of documents in the asked language', async () => {
    const types = await get('/user-document/document-type', 'sw');
    expect(types.status).toBe(200);
    expect(types.json.items.find((t: { id: number }) => t.id === 2).name).toBe('Pasipoti');
  });

  it('keeps documents private to their owner', async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const body = new FormData();
    body.append('document_type_id', '1');
    body.append('file', new File([new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF')], 'id-card.pdf'));
    const up = await postAs(owner.auth, '/user-document/upload', body);
    expect(up.status).toBe(200);
    const list = (await apiRequest('/user-document/index', { headers: owner.auth })).json.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'id-card.pdf', content_type: 'application/pdf', type: 'National ID card' });
    const download = await apiRequest(`/user-document/download?id=${up.json.id}`, { headers: owner.auth });
    expect(download.status).toBe(200);
    expect(download.text.startsWith('%PDF-')).toBe(true);
    expect((await apiRequest(`/user-document/download?id=${up.json.id}`, { headers: stranger.auth })).status).toBe(404);
    expect((await apiRequest('/user-document/index', { headers: stranger.auth })).json.items).toEqual([]);
    expect((await postAs(stranger.auth, '/user-document/delete', form({ id: up.json.id }))).status).toBe(404);
    expect((await postAs(owner.auth, '/user-document/delete', form({ id: up.json.id }))).status).toBe(200);
    expect((await apiRequest('/user-document/index', { headers: owner.auth })).json.items).toEqual([]);
  });

  it('refuses a document of an unknown type or an executable', async () => {
    const { auth } = await signedUpUser();
    const body = new FormData();
    body.append('document_type_id', '999');
    body.append('file', new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'tool.exe'));
    expect((await postAs(auth, '/user-document/upload', body)).status).toBe(422);
    body.set('document_type_id', '1');
    const exe = await postAs(auth, '/user-document/upload', body);
    expect(exe.status).toBe(422);
    expect(exe.json.errors.file[0]).toMatch(/Invalid file type/);
  });
});

describe('favourite categories, referral and tiers', () => {
  it('adds and removes favourite categories, refusing unknown ones', async () => {
    const { auth } = await signedUpUser();
    const added = await postAs(auth, '/user/add-favorite-category', form({ index: [3, 7] }));
    expect(added.json.items).toEqual([3, 7]);
    expect((await postAs(auth, '/user/add-favorite-category', form({ index: [3] }))).json.items).toEqual([3, 7]);
    expect((await postAs(auth, '/user/remove-favorite-category', form({ index: [3] }))).json.items).toEqual([7]);
    expect((await postAs(auth, '/user/add-favorite-category', form({ index: [99999] }))).status).toBe(422);
    const technic = await postAs(auth, '/user/add-favorite-technic-category', form({ index: [1, 2] }));
    expect(technic.json.items).toEqual([1, 2]);
    expect((await postAs(auth, '/user/remove-favorite-technic-category', form({ index: [2] }))).json.items).toEqual([
      1,
    ]);
    const data = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;
    expect(data.favorite_category).toEqual([7]);
    expect(data.favorite_machinery_category).toEqual([1]);
  });

  it('finds a member by referral code, and says when no one has it', async () => {
    const { auth } = await signedUpUser();
    const code = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json.referral_code;
    const found = await get(`/user/get-by-referral-code?referral_code=${code.toLowerCase()}`);
    expect(found.json).toMatchObject({ name: 'Amina W.', trader_status: 'farmer' });
    expect((await get('/user/get-by-referral-code?referral_code=NOPE2345')).status).toBe(404);
  });

  it('takes a silver request once, and an administrator’s decision changes the scope and e-mails the user', async () => {
    const { auth, email } = await signedUpUser();
    const first = await postAs(auth, '/user/request-silver', form({ message: 'We sell 40 t of maize a month' }));
    expect(first.status).toBe(200);
    expect((await lastMailTo(database.handle(), email)).subject).toBe('Your silver request was received');
    const second = await postAs(auth, '/user/request-silver', form({}));
    expect(second.status).toBe(409);
    await setTier(database.handle().db, email, 'silver');
    const me = (await apiRequest('/user/index', { headers: auth })).json;
    expect(me.scope).toEqual(expect.arrayContaining(['lots.create_trade', 'lots.bulk_price']));
    expect((await lastMailTo(database.handle(), email)).subject).toBe('Your account has been upgraded');
    expect((await postAs(auth, '/user/request-silver', form({}))).status).toBe(409);
  });

  it('shows a public profile without private data, and 404 for a missing one', async () => {
    const { auth } = await signedUpUser();
    const id = (await apiRequest('/user/index', { headers: auth })).json.id;
    const profile = await get(`/user/public-profile?id=${id}`);
    expect(profile.json).toMatchObject({ id, name: 'Amina W.', email_verified: false });
    expect(profile.json.email).toBeUndefined();
    expect(profile.json.phone).toBeUndefined();
    expect((await get('/user/public-profile?id=999999')).status).toBe(404);
  });
});

describe('clearing optional profile facts', () => {
  it('clears a field sent blank and keeps a field not sent', async () => {
    const { auth } = await signedUpUser();
    await postAs(
      auth,
      '/user/update-main-info',
      form({
        'UserProfile[gender]': 'female',
        'UserProfile[farm_size_acres]': '2.5',
        'UserProfile[lastname]': 'Njeri',
      }),
    );
    const res = await postAs(
      auth,
      '/user/update-main-info',
      form({ 'UserProfile[gender]': '', 'UserProfile[lastname]': '' }),
    );
    expect(res.status).toBe(200);
    const info = (await apiRequest('/user/profile-settings-data/', { headers: auth })).json.user_main_info;
    expect(info).toMatchObject({ gender: null, last_name: null, farm_size_acres: 2.5 });
  });
});
