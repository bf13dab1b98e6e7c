import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  companies,
  companyDocuments,
  companyMembers,
  userDocuments,
  users,
  verificationRequests,
  verifications,
} from '~/server/db/schema';
import { getStorage } from '~/server/storage';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { loadPublicProfilePage } from '~/server/loaders/public-profile';
import { loadCompletedVerification } from '~/server/loaders/success-verification';
import { loadVerificationsPage } from '~/server/loaders/verifications-page';
import { form } from '../fixtures/api';
import { TestCookies, formRequest } from '../fixtures/forms';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { postAs } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';
import { staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;

async function member() {
  const m = await signedUpUser();
  return { ...m, id: await userId(database.handle(), m.email) };
}

/** Platform staff past the back office's second factor: they verify as the platform there, and only there. */
async function administrator() {
  const admin = await staffMember('admin');
  return { ...admin, id: admin.user.id };
}
type Staff = Awaited<ReturnType<typeof administrator>>;

/** The back office's verify and unverify (docs/backoffice.md "Verification"), each with a fresh step-up code. */
const platformVerify = async (admin: Staff, fields: Record<string, string | number>) =>
  postAs(
    admin.auth,
    '/admin/verification/verify',
    form({ unit: 'user', type: 'identity', ...fields, step_up: await admin.code() }),
  );
const platformUnverify = async (admin: Staff, fields: Record<string, string | number>) =>
  postAs(
    admin.auth,
    '/admin/verification/unverify',
    form({ unit: 'user', type: 'identity', reason: 'Revoked', ...fields, step_up: await admin.code() }),
  );

async function company(options: { verifier?: boolean; admin?: number; manager?: number } = {}) {
  const [row] = await db()
    .insert(companies)
    .values({
      title: `Coop ${randomUUID().slice(0, 6)}`,
      entityNumber: randomUUID(),
      typeId: 1,
      countryId: 1,
      code: randomUUID().slice(0, 12),
      isVerifier: options.verifier ?? false,
    })
    .returning();
  if (options.admin)
    await db().insert(companyMembers).values({ companyId: row.id, userId: options.admin, permission: 'administrator' });
  if (options.manager)
    await db().insert(companyMembers).values({ companyId: row.id, userId: options.manager, permission: 'manager' });
  return row;
}

/** A member of a verifier company (a manager: any member verifies). */
async function verifierMember() {
  const m = await member();
  const org = await company({ verifier: true, manager: m.id });
  return { ...m, companyId: org.id, companyTitle: org.title };
}

async function userDocument(ownerId: number) {
  const key = `documents/${ownerId}/${randomUUID()}.pdf`;
  await getStorage().put(key, new TextEncoder().encode('%PDF-1.4 test'));
  const [row] = await db()
    .insert(userDocuments)
    .values({
      userId: ownerId,
      documentTypeId: 1,
      storageKey: key,
      originalName: 'id.pdf',
      contentType: 'application/pdf',
      size: 13,
    })
    .returning();
  return row.id;
}

const verify = (auth: Record<string, string>, fields: Record<string, string | number>, path = 'make-verified-unit') =>
  postAs(auth, `/verified-unit/${path}`, form({ unit: 'user', type: 'identity', ...fields }));
const unverify = (auth: Record<string, string>, fields: Record<string, string | number>) =>
  verify(auth, fields, 'make-unverified-unit');

describe('make-verified-unit / make-unverified-unit', () => {
  it('platform staff verify a user in the back office and revoke it, the record kept as history', async () => {
    const admin = await administrator();
    const farmer = await member();
    const made = await platformVerify(admin, { id: farmer.id, note: 'ID card seen' });
    expect(made.status, made.text).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.id, made.json.id));
    expect(record).toMatchObject({ userId: farmer.id, type: 'identity', verifiedBy: admin.id, fromCompanyId: null });

    // The same type again by the same organisation while active is a conflict.
    expect((await platformVerify(admin, { id: farmer.id })).status).toBe(409);

    const revoked = await platformUnverify(admin, { id: farmer.id, reason: 'expired' });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.revoked).toEqual([made.json.id]);
    const [kept] = await db().select().from(verifications).where(eq(verifications.id, made.json.id));
    expect(kept.revokedAt).not.toBeNull();
    expect(kept).toMatchObject({ revokedBy: admin.id, revokeNote: 'expired' });

    // Nothing active any more: a 404; the public records no longer show it, the member's own list does.
    expect((await platformUnverify(admin, { id: farmer.id })).status).toBe(404);
    const pub = await getAs({}, `/verification/records?user_id=${farmer.id}`);
    expect(pub.json.items).toEqual([]);
    const mine = await getAs(farmer.auth, '/verification/my');
    expect(mine.json.records).toHaveLength(1);
    expect(mine.json.records[0]).toMatchObject({ type: 'identity', active: false, revoke_note: 'expired' });
  });

  it('a verifier company member verifies for their company; a company is verified with its message', async () => {
    const verifier = await verifierMember();
    const farmer = await member();
    const made = await verify(verifier.auth, { id: farmer.id, type: 'farm_visit' });
    expect(made.status).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.id, made.json.id));
    expect(record.fromCompanyId).toBe(verifier.companyId);

    const records = await getAs({}, `/verification/records?user_id=${farmer.id}`);
    expect(records.status).toBe(200);
    expect(records.json.items).toEqual([
      expect.objectContaining({ type: 'farm_visit', from_company: verifier.companyTitle, verified_by: 'Amina W.' }),
    ]);
    expect(records.json.items[0].note).toBeUndefined();

    const target = await company();
    const companyMade = await postAs(
      verifier.auth,
      '/verified-unit/make-verified-unit',
      form({ unit: 'company', id: target.id, type: 'company_registration' }),
    );
    expect(companyMade.status).toBe(200);
    expect(companyMade.json.message).toBe('Company verified');
  });

  it('a member of no verifier company is refused (403), also one of an ordinary company', async () => {
    const stranger = await member();
    const farmer = await member();
    const refused = await verify(stranger.auth, { id: farmer.id });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    const ordinary = await member();
    await company({ admin: ordinary.id });
    expect((await verify(ordinary.auth, { id: farmer.id })).status).toBe(403);
    expect((await unverify(ordinary.auth, { id: farmer.id })).status).toBe(403);
    expect(await db().select().from(verifications).where(eq(verifications.userId, farmer.id))).toEqual([]);
  });

  it('platform staff mark a company as a verifier; then its members verify; nobody else may mark it', async () => {
    const admin = await administrator();
    const representative = await member();
    const coop = await company({ admin: representative.id });
    const farmer = await member();
    const mark = (auth: Record<string, string>, fields: Record<string, string | number>) =>
      postAs(auth, '/company/set-verifier', form(fields));
    // Not yet a verifier: its administrator cannot verify; nor can they mark their own company.
    expect((await verify(representative.auth, { id: farmer.id })).status).toBe(403);
    expect((await mark(representative.auth, { id: coop.id, is_verifier: 1 })).status).toBe(403);
    expect((await mark(admin.auth, { id: 2_000_000_000, is_verifier: 1 })).status).toBe(404);
    const marked = await mark(admin.auth, { id: coop.id, is_verifier: 1 });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toMatchObject({ id: coop.id, is_verifier: true });
    const verified = await verify(representative.auth, { id: farmer.id });
    expect(verified.status, verified.text).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(record).toMatchObject({ verifiedBy: representative.id, fromCompanyId: coop.id });
    // Unmarked: no new verification, the record made stays.
    expect((await mark(admin.auth, { id: coop.id, is_verifier: 0 })).json).toMatchObject({ is_verifier: false });
    expect((await verify(representative.auth, { id: farmer.id, type: 'farm_visit' })).status).toBe(403);
    expect(await db().select().from(verifications).where(eq(verifications.userId, farmer.id))).toHaveLength(1);
  });

  it('a verifier of company X cannot revoke what it did not verify; platform staff can, in the back office', async () => {
    const x = await verifierMember();
    const y = await verifierMember();
    const admin = await administrator();
    const farmer = await member();
    expect((await verify(y.auth, { id: farmer.id })).status).toBe(200);
    const refused = await unverify(x.auth, { id: farmer.id });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/another organisation/);

    // Both X and Y verified: X revokes only its own record.
    expect((await verify(x.auth, { id: farmer.id })).status).toBe(200);
    expect((await unverify(x.auth, { id: farmer.id })).json.revoked).toBe(1);
    const rows = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(rows.find((r) => r.fromCompanyId === y.companyId)?.revokedAt).toBeNull();
    expect(rows.find((r) => r.fromCompanyId === x.companyId)?.revokedAt).not.toBeNull();

    expect((await platformUnverify(admin, { id: farmer.id })).status).toBe(200);
    const after = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(after.every((r) => r.revokedAt !== null)).toBe(true);
    expect(after).toHaveLength(2);
  });

  it('refuses bad input and unknown units', async () => {
    const verifier = await verifierMember();
    const bad = await verify(verifier.auth, { id: 1, type: 'horoscope' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.type).toBeDefined();
    expect((await verify(verifier.auth, { id: 2_000_000_000 })).status).toBe(404);
    expect((await verify({}, { id: verifier.id })).status).toBe(401);
    const fr = await postAs(
      verifier.auth,
      '/verified-unit/make-verified-unit',
      form({ unit: 'company', id: 2_000_000_000, type: 'email' }),
    );
    expect(fr.status).toBe(404);
    const admin = await administrator();
    expect((await platformVerify(admin, { id: 1, type: 'horoscope' })).status).toBe(422);
    expect((await platformVerify(admin, { id: 2_000_000_000 })).status).toBe(404);
  });
});

describe('requests, queue and documents', () => {
  it('a member asks with their documents; the addressed verifier sees them, strangers get 404', async () => {
    const farmer = await member();
    const verifier = await verifierMember();
    const otherVerifier = await verifierMember();
    const admin = await administrator();
    const stranger = await member();
    const doc = await userDocument(farmer.id);
    const foreignDoc = await userDocument(stranger.id);

    // Another member's document cannot be attached.
    const foreign = await postAs(
      farmer.auth,
      '/verification/request',
      form({ type: 'identity', document_ids: [foreignDoc], verifier_company_id: verifier.companyId }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors.document_ids).toBeDefined();
    // A company that does not verify cannot be asked.
    const plain = await company();
    const notVerifier = await postAs(
      farmer.auth,
      '/verification/request',
      form({ type: 'identity', document_ids: [doc], verifier_company_id: plain.id }),
    );
    expect(notVerifier.status).toBe(422);

    const sent = await postAs(
      farmer.auth,
      '/verification/request',
      form({ type: 'identity', document_ids: [doc], verifier_company_id: verifier.companyId, message: 'Please' }),
    );
    expect(sent.status).toBe(200);
    expect(sent.json.message).toBe('Verification request sent');
    const again = await postAs(farmer.auth, '/verification/request', form({ type: 'identity', document_ids: [doc] }));
    expect(again.status).toBe(409);

    const queue = await getAs(verifier.auth, '/verification/queue');
    expect(queue.status).toBe(200);
    const item = queue.json.items.find((i: { id: number }) => i.id === sent.json.id);
    expect(item).toMatchObject({ unit: 'user', unit_id: farmer.id, type: 'identity', message: 'Please' });
    expect(item.documents).toHaveLength(1);
    const url = item.documents[0].url.replace('/api-v2', '');

    // Visibility: the addressed verifier sees it, and platform staff in the back office; another verifier company
    // does not, nor do staff on the member API (their staff power is the back office's).
    expect(
      (await getAs(otherVerifier.auth, '/verification/queue')).json.items.map((i: { id: number }) => i.id),
    ).not.toContain(sent.json.id);
    const staffQueue = await getAs(admin.auth, '/admin/verification/requests');
    const staffItem = staffQueue.json.items.find((i: { id: number }) => i.id === sent.json.id);
    expect(staffItem.documents[0].url).toBe(`/api-v2/admin${url}`);
    const onMemberApi = await getAs(admin.auth, '/verification/queue');
    expect(onMemberApi.status).toBe(403);
    expect(onMemberApi.json.reason).toBe('verification.use_back_office');
    expect((await getAs(stranger.auth, '/verification/queue')).status).toBe(403);

    // The documents: owner, verifier and platform staff (back office) read them; anyone else gets 404.
    expect((await getAs(verifier.auth, url)).status).toBe(200);
    expect((await getAs(farmer.auth, url)).status).toBe(200);
    expect((await getAs(admin.auth, `/admin${url}`)).status).toBe(200);
    expect((await getAs(admin.auth, url)).status).toBe(404);
    expect((await getAs(verifier.auth, `/admin${url}`)).status).toBe(403);
    expect((await getAs(stranger.auth, url)).status).toBe(404);
    expect((await getAs(otherVerifier.auth, url)).status).toBe(404);
    expect((await getAs({}, url)).status).toBe(401);
    // A document not sent with the request is a 404 even to the verifier.
    expect(
      (await getAs(verifier.auth, `/verification/document?request_id=${sent.json.id}&id=${foreignDoc}`)).status,
    ).toBe(404);

    // Deciding: another verifier company cannot (404); the addressed one approves, once.
    expect(
      (await postAs(otherVerifier.auth, '/verification/decide', form({ id: sent.json.id, decision: 'approve' })))
        .status,
    ).toBe(404);
    const approved = await postAs(
      verifier.auth,
      '/verification/decide',
      form({ id: sent.json.id, decision: 'approve', note: 'Seen' }),
    );
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');
    const [record] = await db().select().from(verifications).where(eq(verifications.id, approved.json.verification_id));
    expect(record).toMatchObject({
      userId: farmer.id,
      type: 'identity',
      fromCompanyId: verifier.companyId,
      verifiedBy: verifier.id,
    });
    expect(
      (await postAs(verifier.auth, '/verification/decide', form({ id: sent.json.id, decision: 'decline' }))).status,
    ).toBe(409);

    const mine = await getAs(farmer.auth, '/verification/my');
    expect(mine.json.requests[0]).toMatchObject({ id: sent.json.id, status: 'approved' });
    expect(mine.json.records[0]).toMatchObject({ type: 'identity', active: true });
  });

  it('declines with a note; requests to the platform are decided by platform staff, in the back office only', async () => {
    const farmer = await member();
    const admin = await administrator();
    const verifier = await verifierMember();
    const sent = await postAs(farmer.auth, '/verification/request', form({ type: 'phone' }));
    expect(sent.status).toBe(200);
    expect(
      (await getAs(verifier.auth, '/verification/queue')).json.items.map((i: { id: number }) => i.id),
    ).not.toContain(sent.json.id);
    expect(
      (await postAs(verifier.auth, '/verification/decide', form({ id: sent.json.id, decision: 'approve' }))).status,
    ).toBe(404);
    expect(
      (await postAs(farmer.auth, '/verification/decide', form({ id: sent.json.id, decision: 'approve' }))).status,
    ).toBe(404);
    // Not on the member API: there a staff member is no verifier.
    expect(
      (await postAs(admin.auth, '/verification/decide', form({ id: sent.json.id, decision: 'approve' }))).status,
    ).toBe(404);
    const declined = await postAs(
      admin.auth,
      '/admin/verification/decide',
      form({ id: sent.json.id, decision: 'decline', reason: 'Blurry photo' }),
    );
    expect(declined.status, declined.text).toBe(200);
    const [row] = await db().select().from(verificationRequests).where(eq(verificationRequests.id, sent.json.id));
    expect(row).toMatchObject({ status: 'declined', decisionNote: 'Blurry photo', verificationId: null });
    expect(await db().select().from(verifications).where(eq(verifications.userId, farmer.id))).toEqual([]);
    const mine = await getAs(farmer.auth, '/verification/my');
    expect(mine.json.requests[0]).toMatchObject({ status: 'declined', decision_note: 'Blurry photo' });
    // The member is told, with the verifier's note.
    const mail = await lastMailTo(database.handle(), farmer.email);
    expect(mail?.subject).toBe('Your verification request: Phone');
    expect(mail?.text).toContain('Blurry photo');
  });

  it('a company asks through its administrator, with company documents; a manager cannot', async () => {
    const boss = await member();
    const manager = await member();
    const org = await company({ admin: boss.id, manager: manager.id });
    const key = `company-documents/${org.id}/${randomUUID()}.pdf`;
    await getStorage().put(key, new TextEncoder().encode('%PDF-1.4 reg'));
    const [doc] = await db()
      .insert(companyDocuments)
      .values({
        companyId: org.id,
        documentTypeId: 1,
        storageKey: key,
        originalName: 'reg.pdf',
        contentType: 'application/pdf',
        size: 12,
      })
      .returning();
    const byManager = await postAs(
      manager.auth,
      '/verification/request',
      form({ unit: 'company', company_id: org.id, type: 'company_registration', document_ids: [doc.id] }),
    );
    expect(byManager.status).toBe(403);
    const sent = await postAs(
      boss.auth,
      '/verification/request',
      form({ unit: 'company', company_id: org.id, type: 'company_registration', document_ids: [doc.id] }),
    );
    expect(sent.status).toBe(200);
    const url = `/verification/document?request_id=${sent.json.id}&id=${doc.id}`;
    expect((await getAs(boss.auth, url)).status).toBe(200);
    expect((await getAs(manager.auth, url)).status).toBe(404);
  });
});

describe('badges', () => {
  it('answers the active types of a page of users and companies in one call', async () => {
    const admin = await administrator();
    const verifier = await verifierMember();
    const a = await member();
    const b = await member();
    const none = await member();
    const org = await company();
    expect((await platformVerify(admin, { id: a.id, type: 'identity' })).status).toBe(200);
    expect((await verify(verifier.auth, { id: a.id, type: 'farm_visit' })).status).toBe(200);
    expect((await platformVerify(admin, { id: b.id, type: 'phone' })).status).toBe(200);
    expect((await platformUnverify(admin, { id: b.id, type: 'phone' })).status).toBe(200);
    expect((await platformVerify(admin, { unit: 'company', id: org.id, type: 'company_registration' })).status).toBe(
      200,
    );
    const badges = await listVerificationBadges(db(), { userIds: [a.id, b.id, none.id], companyIds: [org.id] });
    expect(badges.users.get(a.id)?.map((x) => [x.type, x.by])).toEqual([
      ['identity', null],
      ['farm_visit', verifier.companyTitle],
    ]);
    expect(badges.users.get(b.id)).toBeUndefined();
    expect(badges.users.get(none.id)).toBeUndefined();
    expect(badges.companies.get(org.id)?.map((x) => x.type)).toEqual(['company_registration']);
    expect(await listVerificationBadges(db(), {})).toEqual({ users: new Map(), companies: new Map() });
  });
});

describe('the verifications page (plain forms)', () => {
  const PATH = '/user/profile/verifications';
  const sessionUser = async (access: string) => (await resolveUser(db(), { bearer: access }))!;

  it('a member asks with a checked document; a refused post keeps what was typed', async () => {
    const farmer = await member();
    const doc = await userDocument(farmer.id);
    const user = await sessionUser(farmer.access);
    const cookies = new TestCookies();
    const page = await loadVerificationsPage(formRequest(PATH, { cookies }), user);
    if ('redirect' in page) throw new Error('expected the page');
    expect(page.view.queue).toBeUndefined();
    expect(page.view.documents.map((d) => d.id)).toEqual([doc]);

    const refused = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'request', type: 'horoscope', message: 'hi' } }),
      user,
    );
    if ('redirect' in refused) throw new Error('expected the form again');
    expect(refused.status).toBe(422);
    expect(refused.view.forms.request.errors.type).toBeTruthy();
    expect(refused.view.forms.request.values.message).toBe('hi');

    const sent = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'request', type: 'identity', [`document_${doc}`]: 'on' } }),
      user,
    );
    if (!('redirect' in sent)) throw new Error(`expected a redirect, got ${sent.status}`);
    expect(sent.redirect).toMatch(/\?done=request$/);
    const [request] = await db().select().from(verificationRequests).where(eq(verificationRequests.userId, farmer.id));
    expect(request.documentIds).toEqual([doc]);

    // Without the form token the post is refused and nothing is written.
    const forged = await loadVerificationsPage(
      formRequest(PATH, { cookies, token: null, fields: { form: 'request', type: 'phone' } }),
      user,
    );
    expect(forged.status).toBe(403);
  });

  it('a verifier decides from the queue and verifies a member by referral code', async () => {
    const verifier = await verifierMember();
    const farmer = await member();
    const sent = await postAs(
      farmer.auth,
      '/verification/request',
      form({ type: 'farm_visit', verifier_company_id: verifier.companyId }),
    );
    const user = await sessionUser(verifier.access);
    const cookies = new TestCookies();
    const page = await loadVerificationsPage(formRequest(PATH, { cookies }), user);
    if ('redirect' in page) throw new Error('expected the page');
    expect(page.view.queue?.items.map((i) => i.id)).toContain(sent.json.id);

    const approved = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'decide', id: String(sent.json.id), decision: 'approve' } }),
      user,
    );
    if (!('redirect' in approved)) throw new Error(`expected a redirect, got ${approved.status}`);
    expect(approved.redirect).toMatch(/done=approved/);
    const again = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'decide', id: String(sent.json.id), decision: 'decline' } }),
      user,
    );
    if ('redirect' in again) throw new Error('expected the problem');
    expect(again.status).toBe(409);
    expect(again.view.decidedId).toBe(sent.json.id);

    const unknown = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'verify-referral', referral_code: 'NOPE0000', type: 'identity' } }),
      user,
    );
    if ('redirect' in unknown) throw new Error('expected the problem');
    expect(unknown.view.forms['verify-referral'].errors.referral_code).toBeTruthy();
    const [{ code }] = await db().select({ code: users.referralCode }).from(users).where(eq(users.id, farmer.id));
    const verified = await loadVerificationsPage(
      formRequest(PATH, { cookies, fields: { form: 'verify-referral', referral_code: code, type: 'identity' } }),
      user,
    );
    if (!('redirect' in verified)) throw new Error(`expected a redirect, got ${verified.status}`);
    const records = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(records.map((r) => [r.type, r.fromCompanyId]).sort()).toEqual([
      ['farm_visit', verifier.companyId],
      ['identity', verifier.companyId],
    ]);

    // Where the member lands: their own record only.
    const farmerUser = await sessionUser(farmer.access);
    const mine = await loadCompletedVerification(farmerUser, String(records[0].id));
    expect(mine?.id).toBe(records[0].id);
    expect(await loadCompletedVerification(user, String(records[0].id))).toBeUndefined();
    expect(await loadCompletedVerification(null, String(records[0].id))).toBeUndefined();

    // The public profile shows the records and the badges.
    const profile = await loadPublicProfilePage(String(farmer.id), null, 'en');
    expect(profile?.verifications.map((r) => r.type).sort()).toEqual(['farm_visit', 'identity']);
    expect(profile?.badges.map((b) => b.by)).toEqual([verifier.companyTitle, verifier.companyTitle]);
  });
});

describe('trust rules (docs/companies.md "Who verifies")', () => {
  /** A member of a verifier company and a colleague in it (a member belongs to one company at most). */
  async function verifierWithColleague() {
    const verifier = await verifierMember();
    const colleague = await member();
    await db()
      .insert(companyMembers)
      .values({ companyId: verifier.companyId, userId: colleague.id, permission: 'manager' });
    return { verifier, colleague };
  }
  const refusedAs = (response: { status: number; json: { code: string; reason: string } }, reason: string) => {
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ code: 'verification.own_unit', reason });
  };

  it('a verifier company member verifies neither themselves, nor their company, nor its members', async () => {
    const { verifier, colleague } = await verifierWithColleague();
    refusedAs(await verify(verifier.auth, { id: verifier.id }), 'verification.own_account');
    refusedAs(await verify(verifier.auth, { id: colleague.id }), 'verification.own_colleague');
    refusedAs(
      await verify(verifier.auth, { unit: 'company', id: verifier.companyId, type: 'company_registration' }),
      'verification.own_company',
    );
    // The message is the reader's language.
    const fr = await postAs(
      { ...verifier.auth, 'Accept-Language': 'fr' },
      '/verified-unit/make-verified-unit',
      form({ unit: 'user', id: verifier.id, type: 'identity' }),
    );
    expect(fr.json.message).toMatch(/propre compte/);
    // Nothing was written; an independent member is verified.
    const mine = await db().select().from(verifications).where(eq(verifications.verifiedBy, verifier.id));
    expect(mine).toEqual([]);
    const stranger = await member();
    expect((await verify(verifier.auth, { id: stranger.id })).status).toBe(200);
  });

  it('nor unverifies them: a record another verifier made of a colleague stays', async () => {
    const { verifier, colleague } = await verifierWithColleague();
    const other = await verifierMember();
    expect((await verify(other.auth, { id: colleague.id })).status).toBe(200);
    expect((await verify(other.auth, { id: verifier.id })).status).toBe(200);
    refusedAs(await unverify(verifier.auth, { id: colleague.id }), 'verification.own_colleague');
    refusedAs(await unverify(verifier.auth, { id: verifier.id }), 'verification.own_account');
    const active = await db().select().from(verifications).where(eq(verifications.fromCompanyId, other.companyId));
    expect(active.map((r) => r.revokedAt)).toEqual([null, null]);
  });

  it('a type must fit its unit: a registration is a company’s, an identity a person’s (422 on type)', async () => {
    const verifier = await verifierMember();
    const farmer = await member();
    const target = await company();
    const registrationOfPerson = await verify(verifier.auth, { id: farmer.id, type: 'company_registration' });
    expect(registrationOfPerson.status).toBe(422);
    expect(registrationOfPerson.json.errors.type).toBeDefined();
    const identityOfCompany = await verify(verifier.auth, { unit: 'company', id: target.id, type: 'identity' });
    expect(identityOfCompany.status).toBe(422);
    expect(identityOfCompany.json.errors.type).toBeDefined();
    expect((await verify(verifier.auth, { unit: 'company', id: target.id, type: 'phone' })).status).toBe(200);
    // Nor can a member ask for one.
    const asked = await postAs(farmer.auth, '/verification/request', form({ type: 'company_registration' }));
    expect(asked.status).toBe(422);
    expect(asked.json.errors.type).toBeDefined();
    const admin = await administrator();
    expect((await platformVerify(admin, { id: farmer.id, type: 'company_registration' })).status).toBe(422);
    expect(await db().select().from(verifications).where(eq(verifications.userId, farmer.id))).toEqual([]);
  });

  it('a request about a colleague is left out of the queue and cannot be decided; naming your own company is refused', async () => {
    const { verifier, colleague } = await verifierWithColleague();
    const ownRequest = await postAs(
      colleague.auth,
      '/verification/request',
      form({ type: 'farm_visit', verifier_company_id: verifier.companyId }),
    );
    expect(ownRequest.status).toBe(422);
    expect(ownRequest.json.errors.verifier_company_id).toBeDefined();

    // A farmer asks the verifier's company, then joins it: the request is now about a colleague of every member.
    const farmer = await member();
    const sent = await postAs(
      farmer.auth,
      '/verification/request',
      form({ type: 'farm_visit', verifier_company_id: verifier.companyId }),
    );
    expect(sent.status, sent.text).toBe(200);
    const queued = async () =>
      (await getAs(verifier.auth, '/verification/queue')).json.items.map((i: { id: number }) => i.id);
    expect(await queued()).toContain(sent.json.id);
    await db()
      .insert(companyMembers)
      .values({ companyId: verifier.companyId, userId: farmer.id, permission: 'manager' });
    expect(await queued()).not.toContain(sent.json.id);
    refusedAs(
      await postAs(verifier.auth, '/verification/decide', form({ id: sent.json.id, decision: 'approve' })),
      'verification.own_colleague',
    );
    // It waits for a verifier independent of it.
    const [row] = await db().select().from(verificationRequests).where(eq(verificationRequests.id, sent.json.id));
    expect(row.status).toBe('pending');
  });

  it('platform staff verify only through the back office: not on the member API, not without the second factor', async () => {
    const farmer = await member();
    const fields = { unit: 'user', id: farmer.id, type: 'identity' };
    // On the member API a moderator is no verifier.
    const moderator = await staffMember('moderator');
    for (const path of ['make-verified-unit', 'make-unverified-unit']) {
      const refused = await postAs(moderator.auth, `/verified-unit/${path}`, form(fields));
      expect(refused.status).toBe(403);
      expect(refused.json.reason).toBe('verification.use_back_office');
    }
    // The back office without the second factor: 401 (and nothing written).
    const unfactored = await staffMember('admin', { twoFactor: false });
    const noFactor = await postAs(unfactored.auth, '/admin/verification/verify', form({ ...fields, step_up: 'x' }));
    expect(noFactor.status).toBe(401);
    expect(noFactor.json.code).toBe('admin.second_factor_required');
    const marked = await postAs(
      unfactored.auth,
      '/company/set-verifier',
      form({ id: (await company()).id, is_verifier: 1 }),
    );
    expect(marked.status).toBe(401);
    expect(await db().select().from(verifications).where(eq(verifications.userId, farmer.id))).toEqual([]);
    // With it (and the step-up): 200, audited, the platform's record.
    const made = await postAs(
      moderator.auth,
      '/admin/verification/verify',
      form({ ...fields, step_up: await moderator.code() }),
    );
    expect(made.status, made.text).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(record).toMatchObject({ id: made.json.id, verifiedBy: moderator.user.id, fromCompanyId: null });
  });

  it('platform staff obey the same rules in the back office', async () => {
    const admin = await administrator();
    const coop = await company({ admin: admin.id });
    const coopMate = await member();
    await db().insert(companyMembers).values({ companyId: coop.id, userId: coopMate.id, permission: 'manager' });
    refusedAs(await platformVerify(admin, { id: admin.id }), 'verification.own_account');
    refusedAs(await platformVerify(admin, { id: coopMate.id }), 'verification.own_colleague');
    refusedAs(
      await platformVerify(admin, { unit: 'company', id: coop.id, type: 'company_registration' }),
      'verification.own_company',
    );
    refusedAs(
      await postAs(admin.auth, `/admin/companies/${coop.id}/verifier`, form({ is_verifier: 1 })),
      'verification.own_company',
    );
    // A request of their colleague: not in their queue, not theirs to decide.
    const sent = await postAs(coopMate.auth, '/verification/request', form({ type: 'identity' }));
    const queue = await getAs(admin.auth, '/admin/verification/requests?page=1');
    expect(queue.json.items.map((i: { id: number }) => i.id)).not.toContain(sent.json.id);
    refusedAs(
      await postAs(admin.auth, '/admin/verification/decide', form({ id: sent.json.id, decision: 'approve' })),
      'verification.own_colleague',
    );
    expect(await db().select().from(verifications).where(eq(verifications.verifiedBy, admin.id))).toEqual([]);
  });

  it('a staff member who manages a verifier company verifies on the member API as that company, under its rules', async () => {
    const moderator = await staffMember('moderator');
    const org = await company({ verifier: true, manager: moderator.user.id });
    const farmer = await member();
    const made = await postAs(
      moderator.auth,
      '/verified-unit/make-verified-unit',
      form({ unit: 'user', id: farmer.id, type: 'farm_visit' }),
    );
    expect(made.status, made.text).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.id, made.json.id));
    // The company's record, not the platform's: it names the company, and revoking another organisation's needs the
    // back office.
    expect(record.fromCompanyId).toBe(org.id);
    refusedAs(
      await postAs(
        moderator.auth,
        '/verified-unit/make-verified-unit',
        form({ unit: 'company', id: org.id, type: 'phone' }),
      ),
      'verification.own_company',
    );
    const other = await verifierMember();
    expect((await verify(other.auth, { id: farmer.id })).status).toBe(200);
    const notOurs = await unverify(moderator.auth, { id: farmer.id });
    expect(notOurs.status).toBe(403);
    expect(notOurs.json.reason).toBe('verification.not_yours');
  });
});
