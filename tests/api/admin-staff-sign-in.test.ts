import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_IDLE_MINUTES } from '~/features/admin/capabilities';
import { auditLog, sessions } from '~/server/db/schema';
import { totpCode, totpStep } from '~/server/security/totp';
import { confirmStepUp } from '~/server/services/admin/confirm-step-up';
import { recordAudit } from '~/server/services/admin/record-audit';
import { verifyAuditChain } from '~/server/services/admin/verify-audit-chain';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { setRole } from '~/server/services/accounts/set-role';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { staffMember } from './admin-helpers';

/** Staff sign-in (docs/backoffice.md "Staff sign-in", "Step-up", "Audit trail"), through the API. */
const database = useTestDatabase();
const db = () => database.handle().db;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const audit = (auth: Record<string, string>) => apiRequest('/admin/audit', { method: 'GET', headers: auth });
const post = (path: string, auth: Record<string, string>, fields: Record<string, string> = {}) =>
  apiRequest(path, { method: 'POST', headers: { ...auth, ...FORM }, body: form(fields) });

/** A new session of the same account (a second sign-in), as Bearer headers. */
async function signInAgain(email: string) {
  const res = await post('/user/login', {}, { email, password: 'harvest-2026' });
  expect(res.status).toBe(200);
  return { Authorization: `Bearer ${res.json.access_token}` };
}

describe('[ADMIN] staff second factor', () => {
  it('an administrator without an authenticator sets it up: wrong code refused, right code opens the back office', async () => {
    const account = await signedUpUser();
    await setRole(db(), account.email, 'admin');
    expect((await audit(account.auth)).json.code).toBe('admin.second_factor_required');
    expect((await audit(account.auth)).status).toBe(401);

    const setup = await post('/admin/two-factor/setup', account.auth);
    expect(setup.status).toBe(200);
    expect(setup.json.uri).toMatch(/^otpauth:\/\/totp\/Mavuno%3A.+\?secret=[A-Z2-7]+&issuer=Mavuno/);
    // Asking again before confirming shows the same secret (the app may have scanned it already).
    expect((await post('/admin/two-factor/setup', account.auth)).json.secret).toBe(setup.json.secret);

    const wrong = String((Number(totpCode(setup.json.secret, totpStep())) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/admin/two-factor/confirm', account.auth, { code: wrong });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors)).toEqual(['code']);
    expect((await audit(account.auth)).status).toBe(401);

    const confirmed = await post('/admin/two-factor/confirm', account.auth, {
      code: totpCode(setup.json.secret, totpStep()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.json.recovery_codes).size).toBe(10);
    expect((await audit(account.auth)).status).toBe(200);
    expect((await post('/admin/two-factor/setup', account.auth)).status).toBe(409);
  });

  it('a member who is not staff cannot set up a second factor, and a staff role without the capability is 403', async () => {
    const member = await signedUpUser();
    expect((await post('/admin/two-factor/setup', member.auth)).status).toBe(403);
    expect((await audit(member.auth)).status).toBe(403);
    expect((await apiRequest('/admin/audit', { method: 'GET' })).status).toBe(401);
    const moderator = await staffMember('moderator');
    expect((await audit(moderator.auth)).status).toBe(403);
  });

  it('a new session needs a code; the same TOTP code is accepted once; a recovery code works once', async () => {
    const admin = await staffMember('admin');
    const second = await signInAgain(admin.email);
    expect((await audit(second)).status).toBe(401);
    const code = await admin.code();
    expect((await post('/admin/two-factor/verify', second, { code })).status).toBe(200);
    expect((await audit(second)).status).toBe(200);
    const third = await signInAgain(admin.email);
    // The code just used is spent, even in another session.
    expect((await post('/admin/two-factor/verify', third, { code })).status).toBe(422);

    const recovery = admin.recoveryCodes[0];
    const used = await post('/admin/two-factor/verify', third, { code: recovery.toUpperCase() });
    expect(used.status).toBe(200);
    expect(used.json).toEqual({ method: 'recovery_code', recovery_codes_left: 9 });
    const fourth = await signInAgain(admin.email);
    expect((await post('/admin/two-factor/verify', fourth, { code: recovery })).status).toBe(422);
    expect((await audit(fourth)).status).toBe(401);
  });

  it(`after ${STAFF_IDLE_MINUTES} idle minutes the back office asks for the code again`, async () => {
    const admin = await staffMember('admin');
    expect((await audit(admin.auth)).status).toBe(200);
    const idle = new Date(Date.now() - (STAFF_IDLE_MINUTES + 1) * 60_000);
    await db().update(sessions).set({ staffSeenAt: idle }).where(eq(sessions.id, admin.user.sessionId));
    const asked = await audit(admin.auth);
    expect(asked.status).toBe(401);
    expect(asked.json.code).toBe('admin.second_factor_required');
    expect((await post('/admin/two-factor/verify', admin.auth, { code: await admin.code() })).status).toBe(200);
    expect((await audit(admin.auth)).status).toBe(200);
    // Just under the limit still works, and restarts the clock.
    const recent = new Date(Date.now() - (STAFF_IDLE_MINUTES - 1) * 60_000);
    await db().update(sessions).set({ staffSeenAt: recent }).where(eq(sessions.id, admin.user.sessionId));
    expect((await audit(admin.auth)).status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.id, admin.user.sessionId));
    expect(Date.now() - (row.staffSeenAt?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('wrong codes are limited per staff member', async () => {
    const admin = await staffMember('admin');
    const second = await signInAgain(admin.email);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/admin/two-factor/verify', second, { code: '000000' })).status;
    expect(last).toBe(429);
  });
});

describe('[ADMIN] step-up', () => {
  it('needs the password or a fresh code; missing or wrong is 403 with step_up marked', async () => {
    const admin = await staffMember('finance');
    const missing = await confirmStepUp(db(), admin.actor, undefined).catch((e) => e);
    expect(missing.code).toBe('admin.step_up_required');
    expect(missing.status).toBe(403);
    expect(Object.keys(missing.fields)).toEqual(['step_up']);
    const wrong = await confirmStepUp(db(), admin.actor, 'not-my-password').catch((e) => e);
    expect(wrong.messageKey).toBe('admin.step_up_wrong');
    await expect(confirmStepUp(db(), admin.actor, 'harvest-2026')).resolves.toBeUndefined();
    const code = await admin.code();
    await expect(confirmStepUp(db(), admin.actor, code)).resolves.toBeUndefined();
    // The same code a second time is spent (and is not the password either).
    expect((await confirmStepUp(db(), admin.actor, code).catch((e) => e)).code).toBe('admin.step_up_required');
    const member = await signedUpUser();
    const plain = await resolveUser(db(), { bearer: member.access });
    const refused = await confirmStepUp(
      db(),
      { id: plain!.id, role: 'user', email: member.email },
      'harvest-2026',
    ).catch((e) => e);
    expect(refused.code).toBe('forbidden');
  });
});

describe('[ADMIN] audit trail', () => {
  it('records entries with before and after in a chain that verifies; rows cannot be changed; an edit breaks it', async () => {
    const admin = await staffMember('admin');
    await recordAudit(db(), admin.actor, {
      action: 'test.change',
      objectType: 'thing',
      objectId: 7,
      before: { price: 1, when: new Date('2026-01-02T03:04:05Z') },
      after: { price: 2 },
      note: 'because',
    });
    const list = await audit(admin.auth);
    expect(list.status).toBe(200);
    const entry = list.json.items.find((item: { action: string }) => item.action === 'test.change');
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      actor_role: 'admin',
      object_type: 'thing',
      object_id: '7',
      before: { price: 1, when: '2026-01-02T03:04:05.000Z' },
      after: { price: 2 },
      note: 'because',
    });
    // The set-up and the entry of each staff member are there too.
    expect(list.json.items.some((item: { action: string }) => item.action === 'staff.two_factor_set_up')).toBe(true);
    const filtered = await apiRequest('/admin/audit?action=test.change&object_id=7', {
      method: 'GET',
      headers: admin.auth,
    });
    expect(filtered.json.items).toHaveLength(1);

    const verified = await apiRequest('/admin/audit/verify', { method: 'GET', headers: admin.auth });
    expect(verified.json).toMatchObject({ valid: true, broken_at: null });
    const count = verified.json.count as number;
    expect(count).toBeGreaterThanOrEqual(2);

    // Nobody edits or deletes a row: the database refuses.
    await expect(db().execute(sql`update audit_log set note = 'edited' where seq = ${entry.seq}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log where seq = ${entry.seq}`)).rejects.toThrow();

    // An edit made around the trigger (the database owner) breaks the chain at that row.
    await db().execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    await db()
      .update(auditLog)
      .set({ after: { price: 3 } })
      .where(eq(auditLog.seq, entry.seq));
    expect(await verifyAuditChain(db(), 'system')).toMatchObject({ valid: false, broken_at: entry.seq });
    await db()
      .update(auditLog)
      .set({ after: { price: 2 } })
      .where(eq(auditLog.seq, entry.seq));
    await db().execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    expect(await verifyAuditChain(db(), 'system')).toMatchObject({ valid: true, count });
  });
});
