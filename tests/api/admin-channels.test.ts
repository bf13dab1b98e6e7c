import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, smsInbound, smsOutbox, users, ussdPinLockouts, ussdSessions } from '~/server/db/schema';
import { formTokenFor } from '~/server/http/form-token';
import { loadChannelsPage } from '~/server/loaders/admin-channels';
import { loadMemberPage } from '~/server/loaders/admin-members';
import { channelTrafficStart, readChannelTraffic } from '~/server/services/admin/read-channel-traffic';
import { signedUpUser } from '../fixtures/accounts';
import { apiRequest, form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies } from '../fixtures/forms';
import { adminGate, staffMember } from './admin-helpers';

/**
 * The back office's feature phones (docs/backoffice.md "Feature phones"): the USSD and SMS traffic per day, the
 * members by channel, the lock-outs, and support's reset of a member's USSD PIN.
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const DAY = 86_400_000;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const get = (path: string, auth: Record<string, string> = {}) => apiRequest(path, { method: 'GET', headers: auth });
const post = (path: string, auth: Record<string, string>, fields: Record<string, string> = {}) =>
  apiRequest(path, { method: 'POST', headers: { ...auth, ...FORM }, body: form(fields) });
const idOf = async (auth: Record<string, string>) => (await get('/user/index', auth)).json.id as number;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** Noon (UTC) `days` days before today: the same UTC day whatever the hour the test runs. */
const noonDaysAgo = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - days * DAY);
};

let sessionSeq = 0;
async function ussdSession(at: Date, phone: string, steps: number, userId: number | null = null) {
  sessionSeq += 1;
  await db()
    .insert(ussdSessions)
    .values({
      sessionId: `ATUid_test_${sessionSeq}_${at.getTime()}`,
      phone,
      userId,
      serviceCode: '*384*628#',
      state: { stack: [] },
      steps,
      expiresAt: new Date(at.getTime() + 180_000),
      createdAt: at,
    });
}
let inboundSeq = 0;
async function inboundSms(at: Date, phone: string) {
  inboundSeq += 1;
  await db()
    .insert(smsInbound)
    .values({ providerId: `test-${inboundSeq}-${at.getTime()}`, phone, text: 'BEI MAHINDI', createdAt: at });
}
async function outboundSms(at: Date, status: 'sent' | 'dead' | 'pending') {
  await db().insert(smsOutbox).values({ to: '+254700000001', text: 'Habari', status, createdAt: at });
}

/** A member with a USSD PIN (its hash does not matter here), `failures` wrong tries, maybe locked for 10 minutes. */
async function memberWithPin(options: { failures?: number; locked?: boolean; locale?: string; phone?: string } = {}) {
  const account = await signedUpUser();
  const id = await idOf(account.auth);
  const lockedUntil = options.locked ? new Date(Date.now() + 10 * 60_000) : null;
  await db()
    .update(users)
    .set({
      ussdPinHash: '$argon2id$v=19$m=19456,t=2,p=1$notarealhash$notarealhash',
      ussdPinFailures: options.failures ?? 0,
      ussdLockedUntil: lockedUntil,
      phone: options.phone ?? null,
      phoneVerifiedAt: options.phone ? new Date() : null,
      locale: options.locale ?? 'en',
    })
    .where(eq(users.id, id));
  if (lockedUntil) await db().insert(ussdPinLockouts).values({ userId: id, lockedUntil });
  return { ...account, id };
}

describe('[ADMIN] feature phones: traffic', () => {
  it('counts USSD sessions, steps, callers, SMS in and out and lock-outs per UTC day, with totals', async () => {
    const support = await staffMember('support');
    const caller = await signedUpUser();
    const callerId = await idOf(caller.auth);
    const threeDaysAgo = noonDaysAgo(3);
    const tenDaysAgo = noonDaysAgo(10);
    const before = (await get('/admin/channels', support.auth)).json;

    await ussdSession(threeDaysAgo, '+254711000001', 4, callerId);
    await ussdSession(new Date(threeDaysAgo.getTime() + 60_000), '+254711000001', 2, callerId);
    await ussdSession(new Date(threeDaysAgo.getTime() + 120_000), '+254711000002', 5);
    await ussdSession(tenDaysAgo, '+254711000003', 1);
    await ussdSession(noonDaysAgo(40), '+254711000004', 9); // before the period
    await inboundSms(threeDaysAgo, '+254711000001');
    await inboundSms(tenDaysAgo, '+254711000003');
    await inboundSms(tenDaysAgo, '+254711000003');
    await outboundSms(threeDaysAgo, 'sent');
    await outboundSms(threeDaysAgo, 'sent');
    await outboundSms(threeDaysAgo, 'dead');
    await outboundSms(threeDaysAgo, 'pending');
    await db()
      .insert(ussdPinLockouts)
      .values({ userId: callerId, lockedUntil: new Date(tenDaysAgo.getTime() + 15 * 60_000), createdAt: tenDaysAgo });

    const res = await get('/admin/channels', support.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const today = new Date();
    expect(res.json.to).toBe(utcDay(today));
    expect(res.json.from).toBe(utcDay(new Date(today.getTime() - 29 * DAY)));
    expect(res.json.days).toHaveLength(30);
    expect(res.json.days[0].day).toBe(utcDay(today)); // newest first
    const dayOf = (at: Date) => res.json.days.find((d: { day: string }) => d.day === utcDay(at));
    expect(dayOf(threeDaysAgo)).toEqual({
      day: utcDay(threeDaysAgo),
      ussd_sessions: 3,
      ussd_steps: 11,
      ussd_callers: 2,
      sms_inbound: 1,
      sms_sent: 2,
      sms_failed: 1,
      pin_lockouts: 0,
    });
    expect(dayOf(tenDaysAgo)).toEqual({
      day: utcDay(tenDaysAgo),
      ussd_sessions: 1,
      ussd_steps: 1,
      ussd_callers: 1,
      sms_inbound: 2,
      sms_sent: 0,
      sms_failed: 0,
      pin_lockouts: 1,
    });
    expect(dayOf(noonDaysAgo(40))).toBeUndefined();
    const grew = (key: string) => res.json.totals[key] - before.totals[key];
    expect({
      ussd_sessions: grew('ussd_sessions'),
      ussd_steps: grew('ussd_steps'),
      ussd_callers: grew('ussd_callers'), // distinct numbers over the period: +254711000001 once
      sms_inbound: grew('sms_inbound'),
      sms_sent: grew('sms_sent'),
      sms_failed: grew('sms_failed'),
      pin_lockouts: grew('pin_lockouts'),
    }).toEqual({
      ussd_sessions: 4,
      ussd_steps: 12,
      ussd_callers: 3,
      sms_inbound: 3,
      sms_sent: 2,
      sms_failed: 1,
      pin_lockouts: 1,
    });
    // The totals are the days' sums (callers aside).
    const sum = (key: string) => res.json.days.reduce((n: number, d: Record<string, number>) => n + d[key], 0);
    expect(res.json.totals.ussd_sessions).toBe(sum('ussd_sessions'));
    expect(res.json.totals.sms_sent).toBe(sum('sms_sent'));
    expect(res.json.members.used_ussd - before.members.used_ussd).toBe(1);
  });

  it('the period starts at UTC midnight 29 days before today', async () => {
    const support = await staffMember('support');
    const now = new Date();
    const start = channelTrafficStart(now);
    expect(start.toISOString()).toBe(`${utcDay(new Date(now.getTime() - 29 * DAY))}T00:00:00.000Z`);
    const before = await readChannelTraffic(db(), support.actor, now);
    await ussdSession(start, '+254722000001', 1);
    await ussdSession(new Date(start.getTime() - 1_000), '+254722000002', 1);
    const after = await readChannelTraffic(db(), support.actor, now);
    expect(after.days.at(-1)?.day).toBe(utcDay(start));
    expect(after.days.at(-1)!.ussd_sessions - before.days.at(-1)!.ussd_sessions).toBe(1);
    expect(after.totals.ussd_sessions - before.totals.ussd_sessions).toBe(1);
  });

  it('members by channel: made on the web or by USSD, SMS notices on, STOP sent', async () => {
    const support = await staffMember('support');
    const before = (await get('/admin/channels', support.auth)).json.members;
    const web = await signedUpUser();
    const phone = await signedUpUser();
    const stopped = await signedUpUser();
    await db()
      .update(users)
      .set({ signupChannel: 'ussd', smsNotification: true })
      .where(eq(users.id, await idOf(phone.auth)));
    await db()
      .update(users)
      .set({ smsNotification: true, smsStoppedAt: new Date() })
      .where(eq(users.id, await idOf(stopped.auth)));
    await db()
      .update(users)
      .set({ smsNotification: false })
      .where(eq(users.id, await idOf(web.auth)));
    const after = (await get('/admin/channels', support.auth)).json.members;
    expect({
      signed_up_web: after.signed_up_web - before.signed_up_web,
      signed_up_ussd: after.signed_up_ussd - before.signed_up_ussd,
      sms_notices_on: after.sms_notices_on - before.sms_notices_on,
      sms_stopped: after.sms_stopped - before.sms_stopped,
    }).toEqual({ signed_up_web: 2, signed_up_ussd: 1, sms_notices_on: 1, sms_stopped: 1 });
  });

  it('lists the members locked out now, with their lock-outs of the period, and not those whose lock ended', async () => {
    const support = await staffMember('support');
    const locked = await memberWithPin({ locked: true, phone: '+254733000001' });
    const ended = await memberWithPin();
    await db()
      .insert(ussdPinLockouts)
      .values({ userId: ended.id, lockedUntil: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - DAY) });
    await db()
      .update(users)
      .set({ ussdLockedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, ended.id));
    await db()
      .insert(ussdPinLockouts)
      .values({
        userId: locked.id,
        lockedUntil: new Date(Date.now() - 2 * DAY),
        createdAt: new Date(Date.now() - 3 * DAY),
      });
    const res = await get('/admin/channels', support.auth);
    const ids = res.json.locked.map((m: { id: number }) => m.id);
    expect(ids).toContain(locked.id);
    expect(ids).not.toContain(ended.id);
    expect(res.json.locked.find((m: { id: number }) => m.id === locked.id)).toMatchObject({
      phone: '+254733000001',
      lockouts: 2,
    });
  });

  it('anonymous callers get 401, members and staff without `support` 403', async () => {
    const member = await signedUpUser();
    expect((await get('/admin/channels')).status).toBe(401);
    const refused = await get('/admin/channels', member.auth);
    expect([refused.status, refused.json.code]).toEqual([403, 'forbidden']);
    for (const role of ['moderator', 'finance', 'editor'] as const)
      expect((await get('/admin/channels', (await staffMember(role)).auth)).status, role).toBe(403);
    expect((await get('/admin/channels', (await staffMember('admin')).auth)).status).toBe(200);
  });

  it('the page reads the same overview once, through its loader', async () => {
    const support = await staffMember('support');
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const view = await loadChannelsPage(adminGate(support, '/admin/channels', cookies));
    expect(view.days).toHaveLength(30);
    expect(view.members.signed_up_web).toBeGreaterThan(0);
    expect(Array.isArray(view.locked)).toBe(true);
  });
});

describe('[ADMIN] feature phones: USSD PIN reset', () => {
  const reset = (
    id: number | string,
    auth: Record<string, string>,
    fields: Record<string, string> = { confirm: '1' },
  ) => post('/admin/members/reset-ussd-pin', auth, { id: String(id), ...fields });

  it('support resets a PIN: hash, wrong tries and lock cleared, audited, the member told by SMS in their language', async () => {
    const support = await staffMember('support');
    const member = await memberWithPin({ failures: 2, locked: true, locale: 'sw', phone: '+254744000001' });

    const view = await get(`/admin/members/view?id=${member.id}`, support.auth);
    expect(view.json.ussd_pin).toMatchObject({ set: true, failures: 2, lockouts: 1, resettable: true });
    expect(view.json.ussd_pin.locked_until).not.toBeNull();

    const unconfirmed = await reset(member.id, support.auth, {});
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.json.errors).toHaveProperty('confirm');

    const res = await reset(member.id, support.auth);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, sms: true });
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ ussdPinHash: null, ussdPinFailures: 0, ussdLockedUntil: null });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.reset_ussd_pin'), eq(auditLog.objectId, String(member.id))));
    expect(audit).toMatchObject({
      actorId: support.user.id,
      actorRole: 'support',
      objectType: 'user',
      before: { pin_set: true, failures: 2 },
      after: { pin_set: false, failures: 0, locked_until: null },
    });
    expect((audit.before as { locked_until: string | null }).locked_until).not.toBeNull();

    const [sms] = await db()
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+254744000001'))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    expect(sms).toMatchObject({ userId: member.id, status: 'pending', purpose: null });
    expect(sms.text).toContain('PIN yako ya USSD imewekwa upya');
    expect(sms.text).toMatch(/\*\d[\d*]*#/);

    // The lock-out stays in the history; the member's page now says "not set".
    const afterView = await get(`/admin/members/view?id=${member.id}`, support.auth);
    expect(afterView.json.ussd_pin).toEqual({
      set: false,
      resettable: false,
      failures: 0,
      locked_until: null,
      lockouts: 1,
    });
    // Nothing left to reset.
    const again = await reset(member.id, support.auth);
    expect([again.status, again.json.code, again.json.reason]).toEqual([
      409,
      'conflict',
      'admin.ussd_pin_nothing_to_reset',
    ]);
  });

  it('a member without a phone is reset without an SMS', async () => {
    const admin = await staffMember('admin');
    const member = await memberWithPin();
    const res = await reset(member.id, admin.auth);
    expect(res.json).toEqual({ success: true, sms: false });
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.userId, member.id))).toEqual([]);
  });

  it('refused: anonymous 401, a member and roles without `support` 403, a staff member’s PIN to support 403, unknown 404', async () => {
    const member = await memberWithPin();
    expect((await reset(member.id, {})).status).toBe(401);
    const self = await reset(member.id, member.auth);
    expect([self.status, self.json.code]).toEqual([403, 'forbidden']);
    for (const role of ['moderator', 'finance', 'editor'] as const) {
      const res = await reset(member.id, (await staffMember(role)).auth);
      expect([res.status, res.json.code], role).toEqual([403, 'forbidden']);
    }
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row.ussdPinHash).not.toBeNull();

    const support = await staffMember('support');
    expect((await reset(999999999, support.auth)).status).toBe(404);
    // Not a member id at all: invalid input, as for every member action that takes the id in its body.
    const notAnId = await reset('abc', support.auth);
    expect([notAnId.status, notAnId.json.code]).toEqual([422, 'validation_failed']);

    // Staff accounts are managed by administrators (as signing them out).
    const moderator = await staffMember('moderator');
    await db().update(users).set({ ussdPinHash: 'x' }).where(eq(users.id, moderator.user.id));
    const staffReset = await reset(moderator.user.id, support.auth);
    expect([staffReset.status, staffReset.json.code]).toEqual([403, 'forbidden']);
    expect((await reset(moderator.user.id, (await staffMember('admin')).auth)).status).toBe(200);
  });

  it("the member's page: a plain form posted with its confirmation box, then a 303 back", async () => {
    const support = await staffMember('support');
    const member = await memberWithPin({ locked: true, phone: '+254755000001' });
    const cookies = new TestCookies();
    formTokenFor(cookies);
    const path = `/admin/members/${member.id}`;

    const shown = await loadMemberPage(adminGate(support, path, cookies), String(member.id));
    if ('redirect' in shown) throw new Error('redirected');
    expect(shown.view.member.ussd_pin).toMatchObject({ set: true, lockouts: 1 });

    const unticked = await loadMemberPage(
      adminGate(support, path, cookies, { do: 'reset_ussd_pin' }),
      String(member.id),
    );
    if ('redirect' in unticked) throw new Error('redirected');
    expect(unticked.status).toBe(422);
    expect(unticked.view.failed).toBe('reset_ussd_pin');
    expect(unticked.view.form.errors.confirm).toBeTruthy();

    const posted = await loadMemberPage(
      adminGate(support, path, cookies, { do: 'reset_ussd_pin', confirm: '1' }),
      String(member.id),
    );
    expect(posted).toMatchObject({ status: 303, redirect: `${path}?done=reset_ussd_pin` });
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ ussdPinHash: null, ussdLockedUntil: null });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.reset_ussd_pin'), eq(auditLog.objectId, String(member.id))));
    expect(audits).toHaveLength(1);
  });
});
