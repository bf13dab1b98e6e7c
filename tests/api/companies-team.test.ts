import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, lots, users } from '~/server/db/schema';
import { createLocalStorage, installStorage } from '~/server/storage';
import { apiRequest, form, get } from '../fixtures/api';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier, nakuru } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-companies-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

type Auth = Record<string, string>;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const call = (auth: Auth, apiPath: string, fields: Record<string, string | number> = {}, locale?: string) =>
  apiRequest(apiPath, { method: 'POST', body: form(fields), headers: { ...FORM, ...auth }, locale });
const upload = (auth: Auth, apiPath: string, body: FormData) =>
  apiRequest(apiPath, { method: 'POST', body, headers: auth });
const getAs = (auth: Auth, apiPath: string) => apiRequest(apiPath, { method: 'GET', headers: auth });

let entity = 0;
/** A unique registration number for each company of the file. */
const entityNumber = () => `CPR/${Date.now().toString(36).toUpperCase()}/${++entity}`;

/** A member, their id and referral code, writing in `locale`. */
async function member(locale: 'en' | 'sw' | 'fr' = 'en') {
  const user = await signedUpUser();
  const id = await userId(database.handle(), user.email);
  await db().update(users).set({ locale }).where(eq(users.id, id));
  const [row] = await db().select({ code: users.referralCode }).from(users).where(eq(users.id, id));
  return { ...user, id, referral: row.code };
}

/** A cooperative in Nakuru created by `admin`: its id and join code. */
async function cooperative(admin: { auth: Auth }, fields: Record<string, string | number> = {}) {
  const place = await nakuru();
  const res = await call(admin.auth, '/company/create', {
    title: 'Nakuru Maize Growers',
    entity_number: entityNumber(),
    type_id: 1,
    country_id: place.countryId,
    region_id: place.regionId,
    phone: '0712 345 678',
    email: 'Office@Growers.example',
    ...fields,
  });
  expect(res.status, res.text).toBe(200);
  const mine = await getAs(admin.auth, '/company/my-company');
  return { id: res.json.id as number, code: mine.json.company.code as string };
}

/** A company with an administrator and a manager (joined by invitation). */
async function team() {
  const admin = await member();
  const manager = await member();
  const company = await cooperative(admin);
  const invited = await call(admin.auth, '/company/invite', { referral_code: manager.referral });
  expect(invited.status, invited.text).toBe(200);
  expect((await call(manager.auth, '/company/accept-invite', { id: invited.json.id })).status).toBe(200);
  return { admin, manager, company };
}

const pdf = () =>
  new File([new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], 'registration.pdf', {
    type: 'application/pdf',
  });

describe('companies: create, update, delete', () => {
  it('creates a company whose creator is its administrator, with phone and e-mail normalised', async () => {
    const admin = await member();
    const { id, code } = await cooperative(admin);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const mine = (await getAs(admin.auth, '/company/my-company')).json;
    expect(mine.company).toMatchObject({ id, type_id: 1, phone: '+254712345678', email: 'office@growers.example' });
    expect(mine.permission).toBe('administrator');
    expect(mine.team).toEqual([expect.objectContaining({ user_id: admin.id, permission: 'administrator' })]);
    expect((await get('/company/my-company')).status).toBe(401);
    expect((await getAs((await member()).auth, '/company/my-company')).json).toEqual({ company: null });
  });

  it('refuses a duplicate entity number in the same country (any case and spacing), a second company, bad fields', async () => {
    const first = await member();
    const number = entityNumber();
    await cooperative(first, { entity_number: number });
    const other = await member();
    const duplicate = await call(
      other.auth,
      '/company/create',
      {
        title: 'Copycat',
        entity_number: ` ${number.toLowerCase().replace('/', ' /')}`,
        type_id: 2,
        country_id: (await nakuru()).countryId,
      },
      'en',
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.code).toBe('conflict');
    expect(duplicate.json.message).toBe('A company with this registration number already exists.');
    expect(duplicate.json.errors.entity_number).toBeDefined();
    const second = await call(first.auth, '/company/create', {
      title: 'Second',
      entity_number: entityNumber(),
      type_id: 1,
      country_id: (await nakuru()).countryId,
    });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe('You are already in a company.');
    const invalid = await call(other.auth, '/company/create', {
      title: 'X',
      entity_number: '',
      type_id: 9,
      country_id: (await nakuru()).countryId,
      phone: '12',
      email: 'not-an-email',
      website: 'ftp://x',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.json.errors).sort()).toEqual(
      ['email', 'entity_number', 'phone', 'title', 'type_id', 'website'].sort(),
    );
    const region = await call(other.auth, '/company/create', {
      title: 'Wrong place',
      entity_number: entityNumber(),
      type_id: 1,
      country_id: (await nakuru()).countryId,
      region_id: 999_999,
    });
    expect(region.status).toBe(422);
    expect(region.json.errors.region_id).toBeDefined();
  });

  it('updates for administrators only; a manager gets 403, a stranger 404; a taken entity number is 409', async () => {
    const { admin, manager } = await team();
    const updated = await call(admin.auth, '/company/update', {
      title: 'Nakuru Growers Union',
      website: 'https://growers.example',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.message).toBe('Company updated.');
    const mine = (await getAs(admin.auth, '/company/my-company')).json.company;
    expect(mine).toMatchObject({
      title: 'Nakuru Growers Union',
      website: 'https://growers.example',
      type_id: 1,
      phone: '+254712345678',
      region_id: (await nakuru()).regionId,
    });
    // A blank optional field clears it.
    expect((await call(admin.auth, '/company/update', { phone: '' })).status).toBe(200);
    expect((await getAs(admin.auth, '/company/my-company')).json.company.phone).toBeNull();
    const denied = await call(manager.auth, '/company/update', { title: 'Mine now' });
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('forbidden');
    expect((await call((await member()).auth, '/company/update', { title: 'Nope' })).status).toBe(404);
    const other = await member();
    const number = entityNumber();
    await cooperative(other, { entity_number: number });
    expect((await call(admin.auth, '/company/update', { entity_number: number })).status).toBe(409);
  });

  it('deletes for administrators only, refused while a company lot is in a running deal', async () => {
    const seller = await memberWithTier(database.handle(), 'silver');
    const sellerId = await userId(database.handle(), seller.email);
    const company = await cooperative({ auth: seller.auth });
    const lotId = await sellMaize(seller.auth);
    await db().update(lots).set({ companyId: company.id }).where(eq(lots.id, lotId));
    const manager = await member();
    const invited = await call(seller.auth, '/company/invite', { referral_code: manager.referral });
    await call(manager.auth, '/company/accept-invite', { id: invited.json.id });
    expect((await call(manager.auth, '/company/delete')).status).toBe(403);
    const buyer = await signedUpUser();
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 10 });
    expect(offer.status, offer.text).toBe(200);
    expect((await act(seller.auth, 'approve-offer', offer.json.id)).status).toBe(200);
    const refused = await call(seller.auth, '/company/delete');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('The company cannot be deleted while one of its lots is in a deal under way.');
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1);
    // Once the lot is no longer the company's, the company may go; the lot stays its owner's.
    await db().update(lots).set({ companyId: null }).where(eq(lots.id, lotId));
    const deleted = await call(seller.auth, '/company/delete');
    expect(deleted.status, deleted.text).toBe(200);
    expect(await db().select().from(companies).where(eq(companies.id, company.id))).toHaveLength(0);
    expect((await getAs(manager.auth, '/company/my-company')).json.company).toBeNull();
    const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(lot.userId).toBe(sellerId);
  });
});

describe('teams: requests, invitations, permissions', () => {
  it('joins by the company code: request sent, administrators told in their language, approved once', async () => {
    const admin = await member('sw');
    const company = await cooperative(admin);
    const farmer = await member('fr');
    const wrong = await call(farmer.auth, '/company/join-request', { code: 'NOSUCH99' }, 'en');
    expect(wrong.status).toBe(404);
    expect(wrong.json.message).toBe('No companies found by this number.');
    const sent = await call(farmer.auth, '/company/join-request', { code: company.code.toLowerCase() }, 'en');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.message).toBe('Join request sent.');
    expect((await call(farmer.auth, '/company/join-request', { code: company.code })).status).toBe(409);
    const toAdmin = await lastMailTo(database.handle(), admin.email);
    expect(toAdmin.subject).toContain('timu yako');
    expect(toAdmin.text).toContain('anaomba kujiunga');
    const mine = (await call(farmer.auth, '/company/company-join-request-for-user')).json;
    expect(mine.requests).toEqual([expect.objectContaining({ id: sent.json.id, company_id: company.id })]);
    expect(mine.invitations).toEqual([]);
    const listed = (await getAs(admin.auth, '/company/my-company')).json.requests;
    expect(listed).toEqual([expect.objectContaining({ id: sent.json.id, user_id: farmer.id, status: 'pending' })]);
    // Only the company's administrators decide: the requester cannot approve themselves.
    expect((await call(farmer.auth, '/company/approve-request', { id: sent.json.id })).status).toBe(404);
    const approved = await call(admin.auth, '/company/approve-request', { id: sent.json.id }, 'en');
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.message).toBe('Approved.');
    expect((await call(admin.auth, '/company/decline-request', { id: sent.json.id })).status).toBe(409);
    const toFarmer = await lastMailTo(database.handle(), farmer.email);
    expect(toFarmer.text).toContain('a approuvé votre demande');
    expect((await getAs(farmer.auth, '/company/my-company')).json).toMatchObject({
      company: { id: company.id },
      permission: 'manager',
    });
  });

  it('a declined request leaves the member outside; a manager cannot decide requests', async () => {
    const { admin, manager, company } = await team();
    const farmer = await member();
    const sent = await call(farmer.auth, '/company/join-request', { code: company.code });
    expect((await call(manager.auth, '/company/approve-request', { id: sent.json.id })).status).toBe(403);
    const declined = await call(admin.auth, '/company/decline-request', { id: sent.json.id });
    expect(declined.json.message).toBe('Declined.');
    expect((await getAs(farmer.auth, '/company/my-company')).json.company).toBeNull();
    expect((await lastMailTo(database.handle(), farmer.email)).text).toContain('declined your request');
    // Another company's administrator does not see this request either.
    const otherAdmin = await member();
    await cooperative(otherAdmin);
    const again = await call(farmer.auth, '/company/join-request', { code: company.code });
    expect((await call(otherAdmin.auth, '/company/approve-request', { id: again.json.id })).status).toBe(404);
  });

  it('invites by referral code: wrong code, member of another company, accept in the invitee’s language', async () => {
    const admin = await member();
    await cooperative(admin);
    const unknown = await call(admin.auth, '/company/invite', { referral_code: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.message).toBe(
      'Cannot add this user: the referral code is wrong or the user is already in a company.',
    );
    expect(unknown.json.errors.referral_code).toBeDefined();
    // A user in company A invited to B.
    const { manager: inA } = await team();
    const taken = await call(admin.auth, '/company/invite', { referral_code: inA.referral.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('conflict');
    const farmer = await member('fr');
    const invited = await call(admin.auth, '/company/invite', { referral_code: farmer.referral });
    expect(invited.status, invited.text).toBe(200);
    expect((await lastMailTo(database.handle(), farmer.email)).text).toContain('vous invite à rejoindre');
    expect((await call(farmer.auth, '/company/company-join-request-for-user')).json.invitations).toEqual([
      expect.objectContaining({ id: invited.json.id }),
    ]);
    // Only the invitee answers an invitation.
    expect((await call(inA.auth, '/company/accept-invite', { id: invited.json.id })).status).toBe(404);
    const accepted = await call(farmer.auth, '/company/accept-invite', { id: invited.json.id }, 'fr');
    expect(accepted.status).toBe(200);
    expect(accepted.json.message).toBe('Approuvé.');
    expect((await lastMailTo(database.handle(), admin.email)).text).toContain('accepted the invitation');
    expect((await call(farmer.auth, '/company/decline-invite', { id: invited.json.id })).status).toBe(409);
  });

  it('joining one company declines the member’s other pending invitations; a manager cannot invite', async () => {
    const a = await team();
    const b = await member();
    await cooperative(b);
    const farmer = await member();
    expect((await call(a.manager.auth, '/company/invite', { referral_code: farmer.referral })).status).toBe(403);
    const fromA = await call(a.admin.auth, '/company/invite', { referral_code: farmer.referral });
    const fromB = await call(b.auth, '/company/invite', { referral_code: farmer.referral });
    expect((await call(farmer.auth, '/company/accept-invite', { id: fromA.json.id })).status).toBe(200);
    expect((await call(farmer.auth, '/company/accept-invite', { id: fromB.json.id })).status).toBe(409);
    expect((await call(farmer.auth, '/company/company-join-request-for-user')).json.invitations).toEqual([]);
    const declined = await call(farmer.auth, '/company/decline-invite', { id: 999_999 });
    expect(declined.status).toBe(404);
  });

  it('changes permissions; the last administrator can neither be demoted, nor removed, nor leave', async () => {
    const { admin, manager } = await team();
    const demoteSelf = await call(admin.auth, '/company/change-permission', {
      user_id: admin.id,
      permission: 'manager',
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.json.message).toBe(
      'A company needs an administrator: make another member an administrator first.',
    );
    expect((await call(admin.auth, '/company/remove-member', { user_id: admin.id })).status).toBe(409);
    expect((await call(admin.auth, '/company/leave')).status).toBe(409);
    expect(
      (await call(manager.auth, '/company/change-permission', { user_id: manager.id, permission: 'administrator' }))
        .status,
    ).toBe(403);
    const bad = await call(admin.auth, '/company/change-permission', { user_id: manager.id, permission: 'owner' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.permission).toBeDefined();
    const stranger = await member();
    expect(
      (await call(admin.auth, '/company/change-permission', { user_id: stranger.id, permission: 'manager' })).status,
    ).toBe(404);
    const promoted = await call(admin.auth, '/company/change-permission', {
      user_id: manager.id,
      permission: 'administrator',
    });
    expect(promoted.status).toBe(200);
    expect((await lastMailTo(database.handle(), manager.email)).text).toContain('changed your permission');
    // Two administrators now: the first may step down, then leave.
    expect(
      (await call(admin.auth, '/company/change-permission', { user_id: admin.id, permission: 'manager' })).status,
    ).toBe(200);
    expect((await call(admin.auth, '/company/leave')).status).toBe(200);
    expect((await lastMailTo(database.handle(), manager.email)).text).toContain('has left');
    expect((await getAs(admin.auth, '/company/my-company')).json.company).toBeNull();
    expect((await call(admin.auth, '/company/leave')).status).toBe(404);
  });

  it('removes a member (administrators only), who is told', async () => {
    const { admin, manager } = await team();
    expect((await call(manager.auth, '/company/remove-member', { user_id: admin.id })).status).toBe(403);
    const removed = await call(admin.auth, '/company/remove-member', { user_id: manager.id });
    expect(removed.status).toBe(200);
    expect((await lastMailTo(database.handle(), manager.email)).text).toContain('removed you from');
    expect((await call(admin.auth, '/company/remove-member', { user_id: manager.id })).status).toBe(404);
    // A manager may leave by themselves.
    const other = await team();
    expect((await call(other.manager.auth, '/company/leave')).status).toBe(200);
  });
});

describe('company documents, logo and interests', () => {
  it('lists document types, and the same grouped by type category', async () => {
    const list = await call({}, '/company/company-document-type-list', {}, 'sw');
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({ id: expect.any(Number), type_category_id: 1, name: expect.any(String) });
    const grouped = await call({}, '/company/company-document-type-with-cat', {}, 'fr');
    expect(grouped.json.items[0]).toMatchObject({ type_category_id: 1, name: 'Identité' });
    const total = grouped.json.items.reduce((n: number, g: { items: unknown[] }) => n + g.items.length, 0);
    expect(total).toBe(list.json.items.length);
  });

  it('documents are read by the team and verifiers only; anyone else gets 404', async () => {
    const { admin, manager, company } = await team();
    const body = new FormData();
    body.set('document_type_id', '3');
    body.set('file', pdf());
    const uploaded = await upload(manager.auth, '/company/upload-document', body);
    expect(uploaded.status, uploaded.text).toBe(200);
    const url = uploaded.json.url.replace('/api-v2', '');
    const fake = new FormData();
    fake.set('document_type_id', '3');
    fake.set('file', new File(['MZ not a pdf'], 'virus.pdf', { type: 'application/pdf' }));
    expect((await upload(admin.auth, '/company/upload-document', fake)).status).toBe(422);
    const badType = new FormData();
    badType.set('document_type_id', '9999');
    badType.set('file', pdf());
    expect((await upload(admin.auth, '/company/upload-document', badType)).json.errors.document_type_id).toBeDefined();
    const read = await getAs(manager.auth, url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.text.startsWith('%PDF')).toBe(true);
    const stranger = await member();
    expect((await getAs(stranger.auth, url)).status).toBe(404);
    // A member of another (not verifying) company: 404; once that company verifies, they read it.
    const other = await member();
    const otherCompany = await cooperative(other);
    expect((await getAs(other.auth, url)).status).toBe(404);
    await db().update(companies).set({ isVerifier: true }).where(eq(companies.id, otherCompany.id));
    expect((await getAs(other.auth, url)).status).toBe(200);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, stranger.id));
    expect((await getAs(stranger.auth, url)).status).toBe(200);
    const listed = (await getAs(admin.auth, '/company/my-company')).json.documents;
    expect(listed).toEqual([expect.objectContaining({ id: uploaded.json.id, document_type_id: 3 })]);
    expect((await call(manager.auth, '/company/delete-document', { id: uploaded.json.id })).status).toBe(403);
    expect((await call(other.auth, '/company/delete-document', { id: uploaded.json.id })).status).toBe(404);
    expect((await call(admin.auth, '/company/delete-document', { id: uploaded.json.id })).status).toBe(200);
    expect((await getAs(manager.auth, url)).status).toBe(404);
    expect(company.id).toBeGreaterThan(0);
  });

  it('the logo is an image re-encoded in two sizes; anything else is refused', async () => {
    const { admin, manager } = await team();
    const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d5e2f' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.set('logo', new File([new Uint8Array(image)], 'logo.png', { type: 'image/png' }));
    expect((await upload(manager.auth, '/company/upload-logo', body)).status).toBe(403);
    const res = await upload(admin.auth, '/company/upload-logo', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json.logo).toMatch(/logos\/.+-512\.webp$/);
    expect(res.json.logo_small).toMatch(/-128\.webp$/);
    const notImage = new FormData();
    notImage.set('logo', pdf());
    const refused = await upload(admin.auth, '/company/upload-logo', notImage);
    expect(refused.status).toBe(422);
    expect(refused.json.errors.logo).toBeDefined();
    expect((await getAs(admin.auth, '/company/my-company')).json.company.logo).toBe(res.json.logo);
  });

  it('adds and removes interests (sell or buy, a category of any lot kind)', async () => {
    const { admin, manager } = await team();
    const added = await call(
      admin.auth,
      '/company/add-interest',
      { kind: 'sell', category_kind: 'board', category_id: 3 },
      'en',
    );
    expect(added.status, added.text).toBe(200);
    expect(added.json.message).toBe('Interest added.');
    const again = await call(admin.auth, '/company/add-interest', {
      kind: 'sell',
      category_kind: 'board',
      category_id: 3,
    });
    expect(again.json.id).toBe(added.json.id);
    expect(
      (await call(admin.auth, '/company/add-interest', { kind: 'buy', category_kind: 'technic', category_id: 2 }))
        .status,
    ).toBe(200);
    const bad = await call(admin.auth, '/company/add-interest', {
      kind: 'lend',
      category_kind: 'board',
      category_id: 99_999,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.kind).toBeDefined();
    const unknown = await call(admin.auth, '/company/add-interest', {
      kind: 'buy',
      category_kind: 'seed',
      category_id: 99_999,
    });
    expect(unknown.json.errors.category_id).toBeDefined();
    expect(
      (await call(manager.auth, '/company/add-interest', { kind: 'buy', category_kind: 'board', category_id: 3 }))
        .status,
    ).toBe(403);
    const interests = (await getAs(admin.auth, '/company/my-company')).json.interests;
    expect(interests).toHaveLength(2);
    expect(interests[0]).toMatchObject({
      kind: 'sell',
      category_kind: 'board',
      category_id: 3,
      category: expect.any(String),
    });
    expect((await call(manager.auth, '/company/remove-interest', { id: added.json.id })).status).toBe(403);
    expect((await call(admin.auth, '/company/remove-interest', { id: added.json.id })).status).toBe(200);
    expect((await call(admin.auth, '/company/remove-interest', { id: added.json.id })).status).toBe(404);
  });

  it('every call is in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/openapi.json')).json.paths);
    for (const name of [
      'create',
      'update',
      'delete',
      'my-company',
      'join-request',
      'company-join-request-for-user',
      'accept-invite',
      'decline-invite',
      'approve-request',
      'decline-request',
      'invite',
      'change-permission',
      'remove-member',
      'leave',
      'company-document-type-list',
      'company-document-type-with-cat',
      'upload-document',
      'delete-document',
      'document',
      'upload-logo',
      'add-interest',
      'remove-interest',
    ])
      expect(paths).toContain(`/company/${name}`);
  });
});
