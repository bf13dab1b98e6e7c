import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '~/server/db/schema';
import { apiRequest, form } from '../fixtures/api';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';
import { staffMember } from './admin-helpers';

/** The back office's members area (docs/backoffice.md "Members", "Silver requests"), through the API. */
const database = useTestDatabase();
const db = () => database.handle().db;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const get = (path: string, auth: Record<string, string> = {}) => apiRequest(path, { method: 'GET', headers: auth });
const post = (path: string, auth: Record<string, string>, fields: Record<string, string | number> = {}) =>
  apiRequest(path, {
    method: 'POST',
    headers: { ...auth, ...FORM },
    body: form(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))),
  });
const idOf = async (auth: Record<string, string>) => (await get('/user/index', auth)).json.id as number;
const auditRows = (action: string, objectId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, String(objectId))));

describe('[ADMIN] members', () => {
  it('search finds a member by name, e-mail, phone and referral code; paginated', async () => {
    const support = await staffMember('support');
    const member = await signedUpUser({ first_name: 'Zawadi', last_name: 'Kiprotichx' });
    const id = await idOf(member.auth);
    const [row] = await db().select().from(users).where(eq(users.id, id));
    await db().update(users).set({ phone: '+254799001122' }).where(eq(users.id, id));
    for (const q of [
      'kiprotichx',
      'zawadi kipro',
      member.email.toUpperCase(),
      '0799 001122'.slice(1),
      row.referralCode,
    ]) {
      const res = await get(`/admin/members?q=${encodeURIComponent(q)}`, support.auth);
      expect(res.status).toBe(200);
      expect(res.json.items.map((i: { id: number }) => i.id)).toContain(id);
    }
    const none = await get('/admin/members?q=no-such-member-xyz', support.auth);
    expect(none.json.items).toEqual([]);
    const paged = await get('/admin/members?per-page=1&page=2', support.auth);
    expect(paged.json.items).toHaveLength(1);
    expect(paged.json._meta.perPage).toBe(1);
    expect((await get('/admin/members?per-page=1000', support.auth)).status).toBe(422);
    expect((await get('/admin/members', {})).status).toBe(401);
    expect((await get('/admin/members', member.auth)).status).toBe(403);
    expect((await get('/admin/members', (await staffMember('finance')).auth)).status).toBe(403);
    expect((await get('/admin/members', (await staffMember('editor')).auth)).status).toBe(403);
  });

  it("a member's page: profile, verification, lots, wallet, sessions, reports", async () => {
    const moderator = await staffMember('moderator');
    const seller = await memberWithTier(database.handle(), 'silver');
    const id = await idOf(seller.auth);
    const lot = await postAs(seller.auth, '/board-list/create-quote', wrapped('BoardList', await maizeLot()));
    expect(lot.status).toBe(200);
    const res = await get(`/admin/members/view?id=${id}`, moderator.auth);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, email: seller.email, tier: 'silver', role: 'user', blocked: false });
    expect(res.json.email_verified).toBe(false);
    expect(res.json.lots.count).toBe(1);
    expect(res.json.lots.latest[0].url).toMatch(/\/\d+$/);
    expect(res.json.sessions.length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(res.json.wallet)).toBe(true);
    expect(res.json.reports).toEqual({ lots_and_profile: [], chat: [] });
    expect((await get('/admin/members/view?id=999999999', moderator.auth)).status).toBe(404);
    expect((await get('/admin/members/view?id=abc', moderator.auth)).status).toBe(422);
  });

  it('a tier change needs step-up, is audited with before and after, and e-mails the member', async () => {
    const admin = await staffMember('admin');
    const member = await signedUpUser();
    const id = await idOf(member.auth);
    const missing = await post('/admin/members/tier', admin.auth, { id, tier: 'gold' });
    expect(missing.status).toBe(403);
    expect(missing.json.code).toBe('admin.step_up_required');
    expect(Object.keys(missing.json.errors)).toEqual(['step_up']);
    const wrong = await post('/admin/members/tier', admin.auth, { id, tier: 'gold', step_up: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect((await db().select().from(users).where(eq(users.id, id)))[0].tier).toBe('basic');
    const ok = await post('/admin/members/tier', admin.auth, {
      id,
      tier: 'gold',
      reason: 'Trusted cooperative',
      step_up: await admin.code(),
    });
    expect(ok.status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, id)))[0].tier).toBe('gold');
    const [row] = await auditRows('member.tier', id);
    expect(row).toMatchObject({ actorId: admin.user.id, before: { tier: 'basic' }, after: { tier: 'gold' } });
    expect(row.note).toBe('Trusted cooperative');
    expect((await lastMailTo(database.handle(), member.email))?.text).toContain('Trusted cooperative');
    // With the password too.
    const byPassword = await post('/admin/members/tier', admin.auth, { id, tier: 'silver', step_up: 'harvest-2026' });
    expect(byPassword.status).toBe(200);
    // Support may read members but not change tiers; bad input is 422.
    const support = await staffMember('support');
    expect(
      (await post('/admin/members/tier', support.auth, { id, tier: 'gold', step_up: 'harvest-2026' })).status,
    ).toBe(403);
    expect((await post('/admin/members/tier', admin.auth, { id, tier: 'platinum', step_up: 'x' })).status).toBe(422);
  });

  it("a blocked member cannot sign in and their lots leave the catalogue; unblock restores; support can't block", async () => {
    const moderator = await staffMember('moderator');
    const seller = await memberWithTier(database.handle(), 'silver');
    const id = await idOf(seller.auth);
    const created = await postAs(seller.auth, '/board-list/create-quote', wrapped('BoardList', await maizeLot()));
    const lotId = created.json.id as number;
    const listed = async () =>
      (await get(`/board-list/index?per-page=100&BoardQuoteSearch[user_id]=${id}`)).json.items.map(
        (l: { id: number }) => l.id,
      );
    expect(await listed()).toContain(lotId);

    const support = await staffMember('support');
    expect((await post('/admin/members/block', support.auth, { id, reason: 'spam', confirm: 1 })).status).toBe(403);
    expect((await post('/admin/members/block', moderator.auth, { id, reason: 'spam' })).status).toBe(422);
    expect((await post('/admin/members/block', moderator.auth, { id, confirm: 1 })).status).toBe(422);
    const blocked = await post('/admin/members/block', moderator.auth, { id, reason: 'Fake lots', confirm: 1 });
    expect(blocked.status).toBe(200);
    expect((await post('/admin/members/block', moderator.auth, { id, reason: 'again', confirm: 1 })).status).toBe(409);
    // A blocked member is not made staff: unblocked first.
    const admin = await staffMember('admin');
    const staffed = await post('/admin/members/role', admin.auth, {
      id,
      role: 'support',
      confirm: 1,
      step_up: 'harvest-2026',
    });
    expect([staffed.status, staffed.json.reason]).toEqual([409, 'admin.blocked_cannot_be_staff']);
    // Support may sign members out, not staff (that is for administrators).
    expect((await post('/admin/members/sign-out', support.auth, { id: admin.user.id, confirm: 1 })).status).toBe(403);
    const finance = await staffMember('finance');
    expect((await post('/admin/members/sign-out', admin.auth, { id: finance.user.id, confirm: 1 })).status).toBe(200);
    const login = await post('/user/login', {}, { email: seller.email, password: 'harvest-2026' });
    expect(login.status).toBe(403);
    expect(login.json.reason).toBe('accounts.blocked');
    expect(await listed()).not.toContain(lotId);
    expect((await get('/user/index', seller.auth)).status).toBe(401);

    expect((await post('/admin/members/unblock', moderator.auth, { id })).status).toBe(200);
    expect((await post('/admin/members/unblock', moderator.auth, { id })).status).toBe(409);
    expect((await post('/user/login', {}, { email: seller.email, password: 'harvest-2026' })).status).toBe(200);
    expect(await listed()).toContain(lotId);
    expect(await auditRows('member.block', id)).toHaveLength(1);
    expect(await auditRows('member.unblock', id)).toHaveLength(1);
  });

  it('sign out everywhere ends every session; resend confirmation e-mails the link', async () => {
    const support = await staffMember('support');
    const member = await signedUpUser();
    const id = await idOf(member.auth);
    expect((await post('/admin/members/sign-out', support.auth, { id })).status).toBe(422);
    const res = await post('/admin/members/sign-out', support.auth, { id, confirm: 1 });
    expect(res.status).toBe(200);
    expect(res.json.ended).toBeGreaterThanOrEqual(1);
    expect((await get('/user/index', member.auth)).status).toBe(401);
    const open = (await db().select().from(sessions).where(eq(sessions.userId, id))).filter((s) => !s.revokedAt);
    expect(open).toHaveLength(0);
    const [row] = await auditRows('member.sign_out', id);
    expect(row.after).toEqual({ sessions: 0 });

    const before = (await lastMailTo(database.handle(), member.email))?.id ?? 0;
    expect((await post('/admin/members/resend-confirmation', support.auth, { id })).status).toBe(200);
    const mail = await lastMailTo(database.handle(), member.email);
    expect(mail.id).toBeGreaterThan(before);
    expect(mail.text).toContain('/user/confirm-email?token=');
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    expect((await post('/admin/members/resend-confirmation', support.auth, { id })).status).toBe(409);
  });

  it('a role change is for administrators only, with step-up, and audited', async () => {
    const admin = await staffMember('admin');
    const moderator = await staffMember('moderator');
    const member = await signedUpUser();
    const id = await idOf(member.auth);
    expect((await post('/admin/members/role', moderator.auth, { id, role: 'support', confirm: 1 })).status).toBe(403);
    const noStepUp = await post('/admin/members/role', admin.auth, { id, role: 'support', confirm: 1 });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.json.code).toBe('admin.step_up_required');
    expect(
      (await post('/admin/members/role', admin.auth, { id, role: 'support', step_up: 'harvest-2026' })).status,
    ).toBe(422);
    const ok = await post('/admin/members/role', admin.auth, {
      id,
      role: 'support',
      confirm: 1,
      step_up: await admin.code(),
    });
    expect(ok.status).toBe(200);
    expect(ok.json.previous).toBe('user');
    expect((await db().select().from(users).where(eq(users.id, id)))[0].role).toBe('support');
    const [row] = await auditRows('member.role', id);
    expect(row).toMatchObject({ before: { role: 'user' }, after: { role: 'support' } });
    const own = await post('/admin/members/role', admin.auth, {
      id: admin.user.id,
      role: 'user',
      confirm: 1,
      step_up: 'harvest-2026',
    });
    expect(own.status).toBe(409);
  });
});

describe('[ADMIN] silver requests', () => {
  async function requester(locale: string) {
    const member = await signedUpUser({ locale });
    const asked = await post('/user/request-silver', member.auth, { message: 'Ninauza mahindi' });
    expect(asked.status).toBe(200);
    const doc = new FormData();
    doc.append('document_type_id', '1');
    doc.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n%test\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')], {
        type: 'application/pdf',
      }),
      'id.pdf',
    );
    const uploaded = await apiRequest('/user-document/upload', { method: 'POST', headers: member.auth, body: doc });
    expect(uploaded.status).toBe(200);
    return { ...member, requestId: asked.json.id as number, documentId: uploaded.json.id as number };
  }

  it('lists pending requests oldest first with documents; approve needs step-up and e-mails in Swahili', async () => {
    const moderator = await staffMember('moderator');
    const first = await requester('sw');
    const second = await requester('fr');
    const list = await get('/admin/members/silver-requests', moderator.auth);
    expect(list.status).toBe(200);
    const ids = list.json.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(first.requestId)).toBeLessThan(ids.indexOf(second.requestId));
    const item = list.json.items.find((i: { id: number }) => i.id === first.requestId);
    expect(item.documents[0].url).toBe(`/api-v2/admin/members/document?id=${first.documentId}`);

    const file = await get(`/admin/members/document?id=${first.documentId}`, moderator.auth);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await get(`/admin/members/document?id=${first.documentId}`, second.auth)).status).toBe(403);
    expect(
      (await get(`/admin/members/document?id=${first.documentId}`, (await staffMember('support')).auth)).status,
    ).toBe(403);
    expect((await get(`/admin/members/document?id=${first.documentId}`)).status).toBe(401);

    const noStepUp = await post('/admin/members/silver-requests/approve', moderator.auth, { id: first.requestId });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.json.code).toBe('admin.step_up_required');
    const ok = await post('/admin/members/silver-requests/approve', moderator.auth, {
      id: first.requestId,
      step_up: await moderator.code(),
    });
    expect(ok.status).toBe(200);
    expect((await get('/user/index', first.auth)).json.tier).toBe('silver');
    const mail = await lastMailTo(database.handle(), first.email);
    expect(mail.subject).toBe('Kiwango cha akaunti yako kimepandishwa');
    const again = await post('/admin/members/silver-requests/approve', moderator.auth, {
      id: first.requestId,
      step_up: 'harvest-2026',
    });
    expect(again.status).toBe(409);
    expect(await auditRows('member.tier', await idOf(first.auth))).toHaveLength(1);
  });

  it('decline needs a reason, e-mails it in the member’s language, keeps the tier', async () => {
    const moderator = await staffMember('moderator');
    const member = await requester('sw');
    expect(
      (await post('/admin/members/silver-requests/decline', moderator.auth, { id: member.requestId })).status,
    ).toBe(422);
    const finance = await staffMember('finance');
    expect(
      (await post('/admin/members/silver-requests/decline', finance.auth, { id: member.requestId, reason: 'x' }))
        .status,
    ).toBe(403);
    const res = await post('/admin/members/silver-requests/decline', moderator.auth, {
      id: member.requestId,
      reason: 'Hati ya utambulisho haisomeki',
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(database.handle(), member.email);
    expect(mail.text).toContain('Sababu: Hati ya utambulisho haisomeki');
    expect((await get('/user/index', member.auth)).json.tier).toBe('basic');
    const [row] = await auditRows('member.tier_request_declined', await idOf(member.auth));
    expect(row.note).toBe('Hati ya utambulisho haisomeki');
    expect((await post('/user/request-silver', member.auth, { message: 'again' })).status).toBe(200);
  });
});
