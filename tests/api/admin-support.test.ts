import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contactMessages, contactReplies, mailOutbox } from '~/server/db/schema';
import { signedUpUser, uniqueEmail } from '../fixtures/accounts';
import { apiRequest, form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;

const call = (auth: Record<string, string> | undefined, path: string, body?: Record<string, string>) =>
  apiRequest(path, {
    method: body ? 'POST' : 'GET',
    headers: { ...(auth ?? {}), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? form(body) : undefined,
  });

async function message(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db()
    .insert(contactMessages)
    .values({
      name: 'Amina Wanjiru',
      email: uniqueEmail('writer'),
      topic: 'payments_and_wallet',
      message: 'Pesa yangu ya M-Pesa bado haijafika kwenye pochi.',
      locale: 'sw',
      ...overrides,
    })
    .returning();
  return row;
}

describe('[ADMIN] support inbox', () => {
  it('answers by e-mail in the sender’s language: stored, status answered, in the outbox, audited', async () => {
    const agent = await staffMember('support');
    const written = await message();
    const res = await call(agent.auth, '/admin/support/messages/answer', {
      id: String(written.id),
      body: 'Habari Amina, malipo yako yamefika sasa.',
    });
    expect(res.status).toBe(200);
    expect(res.json.mailed).toBe(true);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, written.id));
    expect(stored.status).toBe('answered');
    expect(stored.assignedTo).toBe(agent.user.id);
    const replies = await db().select().from(contactReplies).where(eq(contactReplies.messageId, written.id));
    expect(replies).toHaveLength(1);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, written.email!))
      .orderBy(desc(mailOutbox.id));
    expect(mail.text).toContain('malipo yako yamefika sasa');
    expect(mail.subject).toContain('Jibu');
    const audits = await db().select().from(auditLog).where(eq(auditLog.objectType, 'contact_message'));
    expect(audits.find((a) => a.objectId === String(written.id))?.action).toBe('support.answer');

    const view = await call(agent.auth, `/admin/support/messages/view?id=${written.id}`);
    expect(view.json.replies[0].body).toContain('malipo');
  });

  it('refuses to answer a phone-only or a closed message (409)', async () => {
    const agent = await staffMember('support');
    const phoneOnly = await message({ email: null, phone: '+254712345678' });
    expect(
      (await call(agent.auth, '/admin/support/messages/answer', { id: String(phoneOnly.id), body: 'Hello' })).status,
    ).toBe(409);
    const closed = await message({ status: 'closed' });
    expect(
      (await call(agent.auth, '/admin/support/messages/answer', { id: String(closed.id), body: 'Hello' })).status,
    ).toBe(409);
    expect((await call(agent.auth, '/admin/support/messages/answer', { id: String(closed.id), body: '' })).status).toBe(
      422,
    );
  });

  it('assigns to me or another support member, lists mine oldest first, closes and reopens', async () => {
    const agent = await staffMember('support');
    const other = await staffMember('support');
    const moderator = await staffMember('moderator');
    const first = await message();
    const second = await message();
    expect(
      (
        await call(agent.auth, '/admin/support/messages/assign', {
          id: String(second.id),
          assignee_id: String(agent.user.id),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(agent.auth, '/admin/support/messages/assign', {
          id: String(first.id),
          assignee_id: String(agent.user.id),
        })
      ).status,
    ).toBe(200);
    const mine = await call(agent.auth, '/admin/support/messages?status=new&mine=1');
    expect(mine.status).toBe(200);
    expect(mine.json.items.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
    expect(mine.json.counts.mine).toBe(2);
    expect(mine.json.counts.new).toBeGreaterThanOrEqual(2);

    expect(
      (
        await call(agent.auth, '/admin/support/messages/assign', {
          id: String(first.id),
          assignee_id: String(other.user.id),
        })
      ).status,
    ).toBe(200);
    const refused = await call(agent.auth, '/admin/support/messages/assign', {
      id: String(first.id),
      assignee_id: String(moderator.user.id),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.assignee_id).toBeDefined();
    const [assigned] = await db().select().from(contactMessages).where(eq(contactMessages.id, first.id));
    expect(assigned.assignedTo).toBe(other.user.id);

    expect((await call(agent.auth, '/admin/support/messages/close', { id: String(first.id) })).status).toBe(200);
    expect((await call(agent.auth, '/admin/support/messages/close', { id: String(first.id) })).status).toBe(409);
    const closedList = await call(agent.auth, '/admin/support/messages?status=closed');
    expect(closedList.json.items.map((i: { id: number }) => i.id)).toContain(first.id);
    const reopened = await call(agent.auth, '/admin/support/messages/reopen', { id: String(first.id) });
    expect(reopened.json.status).toBe('new');
    const actions = (await db().select().from(auditLog).where(eq(auditLog.objectType, 'contact_message')))
      .filter((a) => a.objectId === String(first.id))
      .map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['support.assign', 'support.close', 'support.reopen']));
  });

  it('opens to support and administrators only: moderator 403, member 403, anonymous 401', async () => {
    const admin = await staffMember('admin');
    const moderator = await staffMember('moderator');
    const member = await signedUpUser();
    expect((await call(admin.auth, '/admin/support/messages')).status).toBe(200);
    expect((await call(moderator.auth, '/admin/support/messages')).status).toBe(403);
    expect((await call(member.auth, '/admin/support/messages')).status).toBe(403);
    expect((await call(undefined, '/admin/support/messages')).status).toBe(401);
    const written = await message();
    expect((await call(moderator.auth, '/admin/support/messages/close', { id: String(written.id) })).status).toBe(403);
  });
});
