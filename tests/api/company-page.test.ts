import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/server/db';
import { companies, companyDocuments, companyMembers, users } from '~/server/db/schema';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import { type CompanyPageView, loadCompanyPage } from '~/server/loaders/company-page';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { createLocalStorage, installStorage } from '~/server/storage';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';
import { nakuru } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';

/**
 * The member's company page (docs/companies.md "Screens"): its loader driven with plain form posts as a browser
 * without JavaScript sends them — create, join, invite, answer, the administrators' steps, the confirmations, and
 * the guard every post passes.
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-company-page-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const PAGE = '/user/profile/company';
let entity = 0;
const entityNumber = () => `CP/${Date.now().toString(36).toUpperCase()}/${++entity}`;

type Outcome = Awaited<ReturnType<typeof loadCompanyPage>>;
function viewOf(outcome: Outcome): CompanyPageView {
  if (!outcome || !('view' in outcome)) throw new Error(`no view: ${JSON.stringify(outcome)}`);
  return outcome.view;
}

/** A signed-up member with a browser: `open` GETs the page (and gets the form token), `post` sends a form. */
async function browser(locale: 'en' | 'sw' | 'fr' = 'en') {
  const account = await signedUpUser();
  const id = await userId(database.handle(), account.email);
  const [row] = await db().select({ code: users.referralCode }).from(users).where(eq(users.id, id));
  const user = await resolveUser(await getDb(), { bearer: account.access });
  if (!user) throw new Error('no session');
  const cookies = new TestCookies();
  const prefix = locale === 'en' ? '' : `/${locale}`;
  const open = async (query = '') =>
    viewOf(await loadCompanyPage({ ...formRequest(`${prefix}${PAGE}${query}`, { cookies, locale }), user }));
  const post = (fields: Record<string, string>, extra: Partial<Parameters<typeof formRequest>[1]> = {}) =>
    loadCompanyPage({ ...formRequest(`${prefix}${PAGE}`, { cookies, fields, locale, ...extra }), user });
  /** A multipart post (the logo and document forms), with the browser's token. */
  const upload = async (fields: Record<string, string>, files: Record<string, File>) => {
    const body = new FormData();
    body.set(FORM_TOKEN_FIELD, cookies.formToken ?? '');
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    for (const [name, file] of Object.entries(files)) body.set(name, file);
    const encoded = new Request('http://localhost/', { method: 'POST', body });
    return loadCompanyPage({
      ...formRequest(`${prefix}${PAGE}`, {
        cookies,
        locale,
        contentType: encoded.headers.get('content-type')!,
        body: await encoded.arrayBuffer(),
      }),
      user,
    });
  };
  await open();
  return { id, referral: row.code, user, cookies, open, post, upload };
}

async function companyFields(overrides: Record<string, string> = {}) {
  const place = await nakuru();
  return {
    action: 'create',
    title: 'Rift Valley Growers',
    entity_number: entityNumber(),
    type_id: '1',
    country_id: String(place.countryId),
    region_id: String(place.regionId),
    phone: '0712 345 678',
    email: 'office@rift.example',
    website: '',
    description: '',
    latitude: '',
    longitude: '',
    ...overrides,
  };
}

/** An administrator with a company made through the form, and a manager who joined by invitation. */
async function team() {
  const admin = await browser();
  expect(await admin.post(await companyFields())).toMatchObject({ status: 303 });
  const manager = await browser('fr');
  expect(await admin.post({ action: 'invite', referral_code: manager.referral })).toMatchObject({ status: 303 });
  const invitation = (await manager.open()).myInvitations[0];
  expect(await manager.post({ action: 'accept_invite', id: String(invitation.id) })).toMatchObject({ status: 303 });
  return { admin, manager };
}

describe('the company page without a company', () => {
  it('offers the create and join forms with localized types, and creates a company from the plain form', async () => {
    const member = await browser('sw');
    const blank = await member.open();
    expect(blank.company).toBeNull();
    expect(blank.types.map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(blank.types[0].name).not.toBe('Cooperative');
    expect(blank.form.token).toBeTruthy();
    expect(blank.documentTypes.length).toBeGreaterThan(0);

    const fields = await companyFields({ title: 'Chama cha Wakulima', type_id: '1' });
    const created = await member.post(fields);
    expect(created).toMatchObject({ status: 303, redirect: '/sw/user/profile/company?done=create' });
    const page = await member.open('?done=create');
    expect(page.done).toBeTruthy();
    expect(page.company).toMatchObject({ title: 'Chama cha Wakulima', entity_number: fields.entity_number });
    expect(page.isAdministrator).toBe(true);
    expect(page.team.map((m) => [m.user_id, m.permission, m.isYou])).toEqual([[member.id, 'administrator', true]]);
    // The edit form shows the saved fields.
    expect(page.form.values.title).toBe('Chama cha Wakulima');
  });

  it('shows a taken registration number beside its field, keeps what was typed and creates nothing', async () => {
    const first = await browser();
    const fields = await companyFields({ entity_number: 'C/2024/77 81' });
    expect(await first.post(fields)).toMatchObject({ status: 303 });
    const second = await browser();
    const refused = await second.post({ ...fields, entity_number: 'c/2024/7781', title: 'Copycat Ltd' });
    expect(refused).toMatchObject({ status: 409 });
    const view = viewOf(refused);
    expect(view.failedAction).toBe('create');
    expect(view.form.errors.entity_number).toBe('A company with this registration number already exists.');
    expect(view.form.values.title).toBe('Copycat Ltd');
    expect(view.company).toBeNull();
    const rows = await db().select().from(companies).where(eq(companies.title, 'Copycat Ltd'));
    expect(rows).toEqual([]);

    const bad = viewOf(await second.post({ ...fields, title: 'X', email: 'not-mail', type_id: '99' }));
    expect(bad.form.errors.title).toBeTruthy();
    expect(bad.form.errors.email).toBeTruthy();
    expect(bad.form.errors.type_id).toBeTruthy();
  });

  it('asks to join by company code; a wrong code is shown beside the field; an administrator approves', async () => {
    const admin = await browser();
    await admin.post(await companyFields());
    const code = (await admin.open()).company!.code;
    const farmer = await browser();
    const wrong = await farmer.post({ action: 'join', code: 'NOPE1234' });
    expect(wrong).toMatchObject({ status: 404 });
    expect(viewOf(wrong).form.errors.code).toBe('No companies found by this number.');
    expect(await farmer.post({ action: 'join', code: code.toLowerCase() })).toMatchObject({ status: 303 });
    expect((await farmer.open()).myRequests).toHaveLength(1);
    const again = await farmer.post({ action: 'join', code });
    expect(again).toMatchObject({ status: 409 });

    const request = (await admin.open()).requests[0];
    expect(request).toBeTruthy();
    expect(await admin.post({ action: 'approve_request', id: String(request.id) })).toMatchObject({ status: 303 });
    const joined = await farmer.open();
    expect(joined.company?.code).toBe(code);
    expect(joined.isAdministrator).toBe(false);
  });
});

describe('the company page of a team', () => {
  it('invites by referral code; a wrong code is refused beside its field; the invited member accepts', async () => {
    const { admin, manager } = await team();
    const wrong = await admin.post({ action: 'invite', referral_code: 'WRONG000' });
    expect(wrong).toMatchObject({ status: 422 });
    expect(viewOf(wrong).form.errors.referral_code).toBeTruthy();
    expect(viewOf(wrong).form.values.referral_code).toBe('WRONG000');
    // Already in this company: cannot be invited again.
    expect(await admin.post({ action: 'invite', referral_code: manager.referral })).toMatchObject({ status: 409 });
    const members = (await admin.open()).team.map((m) => [m.user_id, m.permission]);
    expect(members).toEqual([
      [admin.id, 'administrator'],
      [manager.id, 'manager'],
    ]);
  });

  it('hides the administrators’ forms from a manager and refuses their posts', async () => {
    const { admin, manager } = await team();
    const seen = await manager.open();
    expect(seen.isAdministrator).toBe(false);
    expect(seen.permission).toBe('manager');
    const outsider = await browser();
    const steps: Record<string, string>[] = [
      { action: 'invite', referral_code: outsider.referral },
      { action: 'update', title: 'Taken over' },
      { action: 'delete', confirm: '1' },
      { action: 'remove_member', user_id: String(admin.id), confirm: '1' },
      { action: 'change_permission', user_id: String(manager.id), permission: 'administrator' },
      { action: 'add_interest', kind: 'sell', interest: 'board:3' },
    ];
    for (const fields of steps) {
      const refused = await manager.post(fields);
      expect(refused, fields.action).toMatchObject({ status: 403 });
      // The manager reads French: the refusal is in their language.
      expect(viewOf(refused).form.problem).toBe("Seuls les administrateurs de l'entreprise peuvent faire cela.");
    }
    const [still] = await db().select().from(companyMembers).where(eq(companyMembers.userId, manager.id));
    expect(still.permission).toBe('manager');
    expect((await admin.open()).company?.title).toBe('Rift Valley Growers');
  });

  it('asks for confirmation before leaving, removing or deleting, and refuses the last administrator leaving', async () => {
    const { admin, manager } = await team();
    const unconfirmed = await admin.post({ action: 'leave' });
    expect(unconfirmed).toMatchObject({ status: 422 });
    expect(viewOf(unconfirmed).form.errors.confirm).toBe('Tick the box to confirm.');
    const last = await admin.post({ action: 'leave', confirm: '1' });
    expect(last).toMatchObject({ status: 409 });
    expect(viewOf(last).form.problem).toContain('administrator');
    expect(await admin.post({ action: 'delete' })).toMatchObject({ status: 422 });
    expect(await admin.post({ action: 'remove_member', user_id: String(manager.id) })).toMatchObject({ status: 422 });

    // Promoted, the former manager may stay as the administrator once the first leaves.
    expect(
      await admin.post({ action: 'change_permission', user_id: String(manager.id), permission: 'administrator' }),
    ).toMatchObject({ status: 303 });
    expect(await admin.post({ action: 'leave', confirm: '1' })).toMatchObject({ status: 303 });
    expect((await admin.open()).company).toBeNull();
    const remaining = await manager.open('?done=leave');
    expect(remaining.isAdministrator).toBe(true);
    expect(await manager.post({ action: 'delete', confirm: '1' })).toMatchObject({ status: 303 });
    expect((await manager.open()).company).toBeNull();
  });

  it('edits the company: a blank optional field is cleared, a taken number refused beside its field', async () => {
    const { admin } = await team();
    const saved = (await admin.open()).form.values;
    const edited = await admin.post({ ...saved, action: 'update', title: 'Rift Valley Growers Ltd', phone: '' });
    expect(edited).toMatchObject({ status: 303, redirect: '/user/profile/company?done=update' });
    const page = await admin.open('?done=update');
    expect(page.done).toBe('Company updated.');
    expect(page.company).toMatchObject({ title: 'Rift Valley Growers Ltd', phone: null, email: 'office@rift.example' });

    const other = await browser();
    const taken = await companyFields();
    await other.post(taken);
    const refused = await admin.post({ ...saved, action: 'update', entity_number: taken.entity_number });
    expect(refused).toMatchObject({ status: 409 });
    expect(viewOf(refused).failedAction).toBe('update');
    expect(viewOf(refused).form.errors.entity_number).toBeTruthy();
    expect(viewOf(refused).form.values.entity_number).toBe(taken.entity_number);
  });

  it('uploads, lists and deletes a document, and adds and removes an interest', async () => {
    const { admin, manager } = await team();
    const pdf = new File(
      [new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')],
      'certificate.pdf',
      { type: 'application/pdf' },
    );
    const types = (await manager.open()).documentTypes;
    const typeId = String(types[0].items[0].id);
    expect(await manager.upload({ action: 'upload_document', document_type_id: typeId }, { file: pdf })).toMatchObject({
      status: 303,
    });
    const missing = await manager.upload({ action: 'upload_document', document_type_id: typeId }, {});
    expect(missing).toMatchObject({ status: 422 });
    expect(viewOf(missing).form.errors.file).toBeTruthy();
    const [document] = (await admin.open()).documents;
    expect(document).toMatchObject({ name: 'certificate.pdf', url: `/api-v2/company/document?id=${document.id}` });
    expect(await manager.post({ action: 'delete_document', id: String(document.id) })).toMatchObject({ status: 403 });
    expect(await admin.post({ action: 'delete_document', id: String(document.id) })).toMatchObject({ status: 303 });
    expect(await db().select().from(companyDocuments).where(eq(companyDocuments.id, document.id))).toEqual([]);

    expect(await admin.post({ action: 'add_interest', kind: 'buy', interest: 'board:3' })).toMatchObject({
      status: 303,
    });
    const unknown = await admin.post({ action: 'add_interest', kind: 'buy', interest: 'board:999999' });
    expect(unknown).toMatchObject({ status: 422 });
    expect(viewOf(unknown).form.errors.interest).toBeTruthy();
    const [interest] = (await admin.open()).interests;
    expect(interest).toMatchObject({ kind: 'buy', kindName: 'Buys' });
    expect(await admin.post({ action: 'remove_interest', id: String(interest.id) })).toMatchObject({ status: 303 });
    expect((await admin.open()).interests).toEqual([]);
  });
});

describe('the guard of every post', () => {
  it('refuses a post without the form token, with another token or from another site (403), and an unknown action', async () => {
    const member = await browser();
    const fields = await companyFields();
    expect(await member.post(fields, { token: null })).toMatchObject({ status: 403 });
    expect(await member.post(fields, { token: 'forged' })).toMatchObject({ status: 403 });
    expect(await member.post(fields, { origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    expect(await member.post({ action: 'make_me_king' })).toMatchObject({ status: 400 });
    expect((await member.open()).company).toBeNull();
  });

  it('answers nothing for a visitor who is not signed in (the page sends them to sign in)', async () => {
    expect(await loadCompanyPage(formRequest(PAGE, { cookies: new TestCookies() }))).toBeUndefined();
  });
});
