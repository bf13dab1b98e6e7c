import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, companies, companyMembers, userDocuments, verifications } from '~/server/db/schema';
import { getStorage } from '~/server/storage';
import { form } from '../fixtures/api';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { postAs } from '../fixtures/lots';
import { userId } from '../fixtures/wallet';
import { formTokenFor } from '~/server/http/form-token';
import { loadUnitRecords } from '~/server/loaders/admin-verification';
import { TestCookies } from '../fixtures/forms';
import { adminGate, staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;

async function member() {
  const m = await signedUpUser();
  return { ...m, id: await userId(database.handle(), m.email) };
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

/** A member asks the platform to verify their identity with one document; answers the request's id. */
async function platformRequest(farmer: Awaited<ReturnType<typeof member>>, type = 'identity') {
  const doc = await userDocument(farmer.id);
  const sent = await postAs(farmer.auth, '/verification/request', form({ type, document_ids: [doc] }));
  expect(sent.status, sent.text).toBe(200);
  return sent.json.id as number;
}

const lastAudit = async (action: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.seq)).limit(1))[0];

async function company(verifier = false) {
  const entity = `PVT-${randomUUID().slice(0, 8)}`;
  const [row] = await db()
    .insert(companies)
    .values({
      title: `Harvest Coop ${randomUUID().slice(0, 6)}`,
      entityNumber: entity,
      typeId: 1,
      countryId: 1,
      code: randomUUID().slice(0, 12),
      isVerifier: verifier,
    })
    .returning();
  return row;
}

describe('back-office verification queue', () => {
  it('a moderator sees pending requests oldest first with documents, declines with a reason and approves, audited', async () => {
    const moderator = await staffMember('moderator');
    const first = await member();
    const second = await member();
    const firstId = await platformRequest(first);
    const secondId = await platformRequest(second);

    const queue = await getAs(moderator.auth, '/admin/verification/requests');
    expect(queue.status, queue.text).toBe(200);
    const ids = queue.json.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    const item = queue.json.items.find((i: { id: number }) => i.id === firstId);
    expect(item).toMatchObject({ unit: 'user', unit_id: first.id, type: 'identity' });
    expect(item.documents).toHaveLength(1);
    // Staff read the documents through the back office's document link (behind its second factor), not the member
    // API's.
    const link = item.documents[0].url.replace('/api-v2', '');
    expect(link).toMatch(/^\/admin\/verification\/document\?/);
    expect((await getAs(moderator.auth, link)).status).toBe(200);
    expect((await getAs(moderator.auth, link.replace('/admin', ''))).status).toBe(404);

    // Declining needs a reason.
    const bare = await postAs(moderator.auth, '/admin/verification/decide', form({ id: firstId, decision: 'decline' }));
    expect(bare.status).toBe(422);
    expect(bare.json.errors.reason).toBeDefined();
    const declined = await postAs(
      moderator.auth,
      '/admin/verification/decide',
      form({ id: firstId, decision: 'decline', reason: 'The photo is unreadable' }),
    );
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', verification_id: null });
    const audit = await lastAudit('verification.decline');
    expect(audit).toMatchObject({
      actorId: moderator.user.id,
      actorRole: 'moderator',
      objectType: 'verification_request',
      objectId: String(firstId),
      before: { status: 'pending' },
    });
    expect(audit.after).toMatchObject({ status: 'declined', note: 'The photo is unreadable' });
    expect((await lastMailTo(database.handle(), first.email))?.text ?? '').toContain('unreadable');
    // Decided once.
    const again = await postAs(
      moderator.auth,
      '/admin/verification/decide',
      form({ id: firstId, decision: 'approve' }),
    );
    expect(again.status).toBe(409);

    const approved = await postAs(
      moderator.auth,
      '/admin/verification/decide',
      form({ id: secondId, decision: 'approve' }),
    );
    expect(approved.status, approved.text).toBe(200);
    const [record] = await db().select().from(verifications).where(eq(verifications.id, approved.json.verification_id));
    expect(record).toMatchObject({
      userId: second.id,
      type: 'identity',
      verifiedBy: moderator.user.id,
      fromCompanyId: null,
    });
    expect((await lastAudit('verification.approve'))?.objectId).toBe(String(secondId));
    expect(
      (await postAs(moderator.auth, '/admin/verification/decide', form({ id: 2_000_000_000, decision: 'approve' })))
        .status,
    ).toBe(404);
  });

  it('unverifying needs the step-up and a reason, revokes the records and is audited', async () => {
    const moderator = await staffMember('moderator');
    const farmer = await member();
    const requestId = await platformRequest(farmer);
    expect(
      (await postAs(moderator.auth, '/admin/verification/decide', form({ id: requestId, decision: 'approve' }))).status,
    ).toBe(200);
    const fields = { unit: 'user', id: farmer.id, type: 'identity', reason: 'Forged document' };

    const missing = await postAs(moderator.auth, '/admin/verification/unverify', form(fields));
    expect(missing.status).toBe(403);
    expect(missing.json.code).toBe('admin.step_up_required');
    expect(missing.json.errors.step_up).toBeDefined();
    const wrong = await postAs(
      moderator.auth,
      '/admin/verification/unverify',
      form({ ...fields, step_up: 'nope-nope' }),
    );
    expect(wrong.status).toBe(403);
    const noReason = await postAs(
      moderator.auth,
      '/admin/verification/unverify',
      form({ ...fields, reason: '', step_up: await moderator.code() }),
    );
    expect(noReason.status).toBe(422);
    // Nothing was revoked by the refusals.
    const active = () =>
      db()
        .select()
        .from(verifications)
        .where(and(eq(verifications.userId, farmer.id), eq(verifications.type, 'identity')));
    expect((await active()).every((r) => r.revokedAt === null)).toBe(true);

    const done = await postAs(
      moderator.auth,
      '/admin/verification/unverify',
      form({ ...fields, step_up: await moderator.code() }),
    );
    expect(done.status, done.text).toBe(200);
    expect(done.json.revoked).toHaveLength(1);
    const [revoked] = await active();
    expect(revoked).toMatchObject({ revokedBy: moderator.user.id, revokeNote: 'Forged document' });
    const audit = await lastAudit('verification.revoke');
    expect(audit).toMatchObject({ actorId: moderator.user.id, objectType: 'user', objectId: String(farmer.id) });
    expect(audit.before).toMatchObject({ type: 'identity', active: [revoked.id] });
    // With the password as the step-up, nothing active any more: 404.
    const none = await postAs(
      moderator.auth,
      '/admin/verification/unverify',
      form({ ...fields, step_up: 'harvest-2026' }),
    );
    expect(none.status).toBe(404);
    const records = await getAs(moderator.auth, `/admin/verification/records?unit=user&id=${farmer.id}`);
    expect(records.json.records[0]).toMatchObject({ id: revoked.id, active: false });
  });

  it('finance and support are refused (403), anonymous 401', async () => {
    const farmer = await member();
    const requestId = await platformRequest(farmer);
    for (const role of ['finance', 'support', 'editor'] as const) {
      const staff = await staffMember(role);
      expect((await getAs(staff.auth, '/admin/verification/requests')).status).toBe(403);
      expect(
        (await postAs(staff.auth, '/admin/verification/decide', form({ id: requestId, decision: 'approve' }))).status,
      ).toBe(403);
      expect((await getAs(staff.auth, '/admin/companies')).status).toBe(403);
      // Nor are they platform verifiers on the member API.
      expect((await getAs(staff.auth, '/verification/queue')).status).toBe(403);
    }
    const plain = await member();
    expect((await getAs(plain.auth, '/admin/verification/requests')).status).toBe(403);
    expect((await getAs({}, '/admin/verification/requests')).status).toBe(401);
    expect((await postAs({}, '/admin/verification/decide', form({ id: requestId, decision: 'approve' }))).status).toBe(
      401,
    );
    expect((await postAs({}, '/admin/verification/unverify', form({ unit: 'user', id: 1 }))).status).toBe(401);
  });
});

describe('back-office companies', () => {
  it('lists and searches companies, reads one, marks it a verifier (audited), unverifies it with the step-up', async () => {
    const moderator = await staffMember('moderator');
    const owner = await member();
    const coop = await company();
    await db().insert(companyMembers).values({ companyId: coop.id, userId: owner.id, permission: 'administrator' });

    const byNumber = await getAs(
      moderator.auth,
      `/admin/companies?q=${encodeURIComponent(coop.entityNumber.toLowerCase())}`,
    );
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(byNumber.json.items.map((c: { id: number }) => c.id)).toEqual([coop.id]);
    const byTitle = await getAs(moderator.auth, `/admin/companies?q=${encodeURIComponent(coop.title.slice(-6))}`);
    expect(byTitle.json.items.map((c: { id: number }) => c.id)).toContain(coop.id);
    expect((await getAs(moderator.auth, '/admin/companies?q=%25')).json.items).toEqual([]);

    const page = await getAs(moderator.auth, `/admin/companies/${coop.id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({
      company: { id: coop.id, is_verifier: false },
      team: [{ user_id: owner.id, email: owner.email, permission: 'administrator' }],
      verified: false,
      lots: { total: 0, on_market: 0 },
    });
    expect((await getAs(moderator.auth, '/admin/companies/2000000000')).status).toBe(404);
    expect((await getAs(moderator.auth, '/admin/companies/abc')).status).toBe(404);

    const marked = await postAs(moderator.auth, `/admin/companies/${coop.id}/verifier`, form({ is_verifier: 1 }));
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json.is_verifier).toBe(true);
    const audit = await lastAudit('company.set_verifier');
    expect(audit).toMatchObject({
      objectId: String(coop.id),
      before: { is_verifier: false },
      after: { is_verifier: true },
    });

    // The moderator verifies the company as the platform (back office, step-up), then unverifies it.
    const onMemberApi = await postAs(
      moderator.auth,
      '/verified-unit/make-verified-unit',
      form({ unit: 'company', id: coop.id, type: 'company_registration' }),
    );
    expect(onMemberApi.status).toBe(403);
    expect(onMemberApi.json.reason).toBe('verification.use_back_office');
    const verifyFields = { unit: 'company', id: coop.id, type: 'company_registration' };
    const noStepUp = await postAs(moderator.auth, '/admin/verification/verify', form(verifyFields));
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.json.code).toBe('admin.step_up_required');
    const made = await postAs(
      moderator.auth,
      '/admin/verification/verify',
      form({ ...verifyFields, step_up: await moderator.code() }),
    );
    expect(made.status, made.text).toBe(200);
    expect((await lastAudit('verification.verify'))?.objectId).toBe(String(coop.id));
    expect((await getAs(moderator.auth, `/admin/companies/${coop.id}`)).json.verified).toBe(true);
    const unverified = await postAs(
      moderator.auth,
      '/admin/verification/unverify',
      form({
        unit: 'company',
        id: coop.id,
        type: 'company_registration',
        reason: 'Struck off',
        step_up: await moderator.code(),
      }),
    );
    expect(unverified.status, unverified.text).toBe(200);
    expect((await getAs(moderator.auth, `/admin/companies/${coop.id}`)).json.verified).toBe(false);
  });
});

describe('back-office records page: the verify form', () => {
  it('offers the types that fit the unit, needs the step-up, then redirects; a wrong type is shown beside the field', async () => {
    const moderator = await staffMember('moderator');
    const farmer = await member();
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const path = `/admin/verification/records?unit=user&id=${farmer.id}`;
    const post = (fields: Record<string, string>) =>
      loadUnitRecords(adminGate(moderator, path, cookies, { form: 'verify', ...fields }));

    const noStepUp = await post({ type: 'identity', note: 'Seen at the office' });
    expect(noStepUp.status).toBe(403);
    expect('view' in noStepUp && noStepUp.view.failedType).toBe('verify');
    expect('view' in noStepUp && noStepUp.view.form.errors.step_up).toBeTruthy();
    expect('view' in noStepUp && noStepUp.view.form.values.note).toBe('Seen at the office');

    const wrongType = await post({ type: 'company_registration', step_up: await moderator.code() });
    expect(wrongType.status).toBe(422);
    expect('view' in wrongType && wrongType.view.form.errors.type).toBeTruthy();

    const done = await post({ type: 'identity', step_up: await moderator.code() });
    expect(done).toMatchObject({ status: 303, redirect: `${path}&done=verified` });
    const [record] = await db().select().from(verifications).where(eq(verifications.userId, farmer.id));
    expect(record).toMatchObject({ type: 'identity', verifiedBy: moderator.user.id, fromCompanyId: null });
    expect((await lastAudit('verification.verify'))?.objectId).toBe(String(farmer.id));
  });
});
