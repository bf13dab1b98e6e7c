import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, lots } from '~/server/db/schema';
import { buildLotSitemap } from '~/server/services/seo/sitemap';
import { apiRequest, form, get } from '../fixtures/api';
import { lastMailTo, signedUpUser } from '../fixtures/accounts';
import { call, messages, sellerAndBuyer, sent } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';
import { capabilitiesOf } from '~/features/admin/capabilities';
import { getDb } from '~/server/db';
import { loadModerationPage } from '~/server/loaders/admin-moderation';
import { loadAppealPage, loadReportPage } from '~/server/loaders/moderation-forms';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { TestCookies, formRequest } from '../fixtures/forms';
import { staffMember } from './admin-helpers';

async function sessionUser(member: { access: string }) {
  const user = await resolveUser(await getDb(), { bearer: member.access });
  if (!user) throw new Error('no session');
  return user;
}

const database = useTestDatabase();
const db = () => database.handle().db;
const site = 'https://mavuno.example';

async function ownerWithLot(word: string) {
  const owner = await memberWithTier(database.handle(), 'silver');
  const created = await postAs(
    owner.auth,
    '/board-list/create-quote',
    wrapped('BoardList', await maizeLot({ title: `Maize ${word}` })),
  );
  expect(created.status).toBe(200);
  return { owner, lotId: created.json.id as number };
}

const visible = async (lotId: number, word: string) => ({
  catalogue: (await get(`/board-list/index?per-page=100&q=${word}`)).json.items.some(
    (item: { id: number }) => item.id === lotId,
  ),
  points: (await get(`/board-list/map-points?q=${word}`)).json.items.some((item: { id: number }) => item.id === lotId),
  sitemap: ((await buildLotSitemap(db(), site, 1)) ?? '').includes(`/board/${lotId}<`),
  page: (await get(`/board-list/view?id=${lotId}`)).status,
});

describe('moderation', () => {
  it('reports a lot, hides it everywhere, e-mails the owner, takes one appeal and restores it', async () => {
    const word = `mod${Date.now().toString(36)}`;
    const { owner, lotId } = await ownerWithLot(word);
    const reporter = await signedUpUser();
    const moderator = await staffMember('moderator');

    // Reports: anonymous 401, bad input 422, own lot 409, once per target 409.
    expect((await apiRequest('/moderation/report', { method: 'POST', body: form({}) })).status).toBe(401);
    const bad = await call(reporter.auth, '/moderation/report', { target_type: 'lot', reason: 'nonsense' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['reason']);
    const noLot = await call(reporter.auth, '/moderation/report', { target_type: 'lot', reason: 'spam' });
    expect(noLot.status).toBe(422);
    expect(Object.keys(noLot.json.errors)).toEqual(['lot_id']);
    const own = await call(owner.auth, '/moderation/report', { target_type: 'lot', lot_id: lotId, reason: 'spam' });
    expect(own.status).toBe(409);
    expect(own.json.reason).toBe('moderation.own_target');
    const report = await call(reporter.auth, '/moderation/report', {
      target_type: 'lot',
      lot_id: lotId,
      reason: 'fraud',
      comment: 'Asks for money up front',
    });
    expect(report.status).toBe(201);
    expect(
      (await call(reporter.auth, '/moderation/report', { target_type: 'lot', lot_id: lotId, reason: 'spam' })).status,
    ).toBe(409);
    const profile = await call(reporter.auth, '/moderation/report', {
      target_type: 'profile',
      user_id: (await get(`/board-list/view?id=${lotId}`)).json.user.id,
      reason: 'offensive',
    });
    expect(profile.status).toBe(201);

    // The queue: wrong role 403, anonymous 401, the moderator sees the reports oldest first.
    const support = await staffMember('support');
    expect((await apiRequest('/admin/moderation', { headers: support.auth })).status).toBe(403);
    expect((await apiRequest('/admin/moderation', { headers: reporter.auth })).status).toBe(403);
    expect((await apiRequest('/admin/moderation')).status).toBe(401);
    const queue = await apiRequest('/admin/moderation?per-page=100', { headers: moderator.auth });
    expect(queue.status).toBe(200);
    const mine = queue.json.items.filter((item: { lot: { id: number } | null }) => item.lot?.id === lotId);
    expect(mine).toEqual([
      expect.objectContaining({
        source: 'report',
        target_type: 'lot',
        reason: 'fraud',
        comment: 'Asks for money up front',
      }),
    ]);
    expect(queue.json._meta.totalCount).toBeGreaterThanOrEqual(2);

    expect(await visible(lotId, word)).toEqual({ catalogue: true, points: true, sitemap: true, page: 200 });

    // Hiding: support 403, no reason 422, then hidden everywhere, reports closed, owner e-mailed, audited.
    expect((await call(support.auth, '/admin/moderation/hide-lot', { lot_id: lotId, reason: 'x' })).status).toBe(403);
    expect((await call(reporter.auth, '/admin/moderation/hide-lot', { lot_id: lotId, reason: 'x' })).status).toBe(403);
    expect((await call(moderator.auth, '/admin/moderation/hide-lot', { lot_id: lotId, reason: ' ' })).status).toBe(422);
    const hidden = await call(moderator.auth, '/admin/moderation/hide-lot', { lot_id: lotId, reason: 'Scam lot' });
    expect(hidden.status).toBe(200);
    expect(hidden.json.closed_reports).toBe(1);
    expect((await call(moderator.auth, '/admin/moderation/hide-lot', { lot_id: lotId, reason: 'again' })).status).toBe(
      409,
    );
    expect(await visible(lotId, word)).toEqual({ catalogue: false, points: false, sitemap: false, page: 404 });
    // The owner still sees it, with the reason.
    const ownView = await apiRequest(`/board-list/view?id=${lotId}`, { headers: owner.auth });
    expect(ownView.status).toBe(200);
    expect(ownView.json.moderation).toMatchObject({ reason: 'Scam lot', appeal: null });
    const othersView = await apiRequest(`/board-list/view?id=${lotId}`, { headers: reporter.auth });
    expect(othersView.status).toBe(404);
    // Nor can anyone else favour it, open a chat about it; a moderator may look at it (to judge an appeal).
    expect((await call(reporter.auth, '/board-list/add-favorites-board-list', { board_id: lotId })).status).toBe(404);
    expect(
      (await call(reporter.auth, '/chat/add-or-create', { order_id: lotId, order_type: 'board_list' })).status,
    ).toBe(404);
    expect((await apiRequest(`/board-list/view?id=${lotId}`, { headers: moderator.auth })).status).toBe(200);
    const mail = await lastMailTo(database.handle(), owner.email);
    expect(mail?.text).toContain('Scam lot');
    expect(mail?.text).toContain(`Maize ${word}`);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(lotId)));
    expect(audit).toMatchObject({ action: 'lot.hide', actorId: moderator.user.id });
    expect(audit.before).toEqual({ hidden: false });

    // Appeal once: someone else 404, empty 422, then 201-like 200, a second 409.
    expect((await call(reporter.auth, '/moderation/appeal', { lot_id: lotId, text: 'mine' })).status).toBe(404);
    expect((await call(owner.auth, '/moderation/appeal', { lot_id: lotId, text: '' })).status).toBe(422);
    expect((await call(owner.auth, '/moderation/appeal', { lot_id: lotId, text: 'It is a real lot' })).status).toBe(
      200,
    );
    const again = await call(owner.auth, '/moderation/appeal', { lot_id: lotId, text: 'Please' });
    expect(again.status).toBe(409);
    expect(again.json.reason).toBe('moderation.already_appealed');
    const withAppeal = await apiRequest('/admin/moderation?per-page=100', { headers: moderator.auth });
    expect(withAppeal.json.items).toContainEqual(
      expect.objectContaining({
        source: 'appeal',
        id: lotId,
        appeal: expect.objectContaining({ text: 'It is a real lot' }),
      }),
    );

    // Restore: back everywhere, the owner e-mailed.
    const restored = await call(moderator.auth, '/admin/moderation/appeal', { lot_id: lotId, decision: 'restore' });
    expect(restored.status).toBe(200);
    expect(restored.json.outcome).toBe('restored');
    expect((await call(moderator.auth, '/admin/moderation/appeal', { lot_id: lotId, decision: 'uphold' })).status).toBe(
      409,
    );
    expect(await visible(lotId, word)).toEqual({ catalogue: true, points: true, sitemap: true, page: 200 });
    const [row] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(row).toMatchObject({ hiddenAt: null, appealOutcome: 'restored' });
    const restoredMail = await lastMailTo(database.handle(), owner.email);
    expect(restoredMail?.id).not.toBe(mail?.id);
    expect(restoredMail?.text).toContain('shown again');
  });

  it('hides a reported chat message for both members, dismisses and blocks', async () => {
    const { seller, buyer, key, lotId } = await sellerAndBuyer(database);
    const moderator = await staffMember('admin');
    const sellerId = (await get(`/board-list/view?id=${lotId}`)).json.user.id;
    const bad = await sent(seller.auth, key, 'Pay me on M-Pesa first');
    const report = await call(buyer.auth, '/chat/report', { room_unique_key: key, message_id: bad.id, reason: 'Scam' });
    expect(report.status).toBe(201);
    const queue = await apiRequest('/admin/moderation?per-page=100', { headers: moderator.auth });
    expect(queue.json.items).toContainEqual(
      expect.objectContaining({
        source: 'chat',
        id: report.json.id,
        target_type: 'message',
        message: expect.objectContaining({ snapshot: 'Pay me on M-Pesa first' }),
      }),
    );
    const hidden = await call(moderator.auth, '/admin/moderation/hide-message', {
      message_id: bad.id,
      reason: 'Payment outside Mavuno',
    });
    expect(hidden.status).toBe(200);
    expect(hidden.json.closed_reports).toBe(1);
    for (const auth of [seller.auth, buyer.auth]) {
      const item = (await messages(auth, key)).json.items.find((m: { id: number }) => m.id === bad.id);
      expect(item).toMatchObject({ hidden: true, hidden_reason: 'Payment outside Mavuno', text: null });
    }
    // Dismissing a closed report: 409; a new report is dismissed; block closes the rest.
    expect(
      (await call(moderator.auth, '/admin/moderation/dismiss', { source: 'chat', report_id: report.json.id })).status,
    ).toBe(409);
    expect((await call(moderator.auth, '/admin/moderation/dismiss', { source: 'nope', report_id: 1 })).status).toBe(
      422,
    );
    const rude = await sent(seller.auth, key, 'rude words');
    const second = await call(buyer.auth, '/chat/report', {
      room_unique_key: key,
      message_id: rude.id,
      reason: 'Rude',
    });
    const dismissed = await call(moderator.auth, '/admin/moderation/dismiss', {
      source: 'chat',
      report_id: second.json.id,
    });
    expect(dismissed.status).toBe(200);
    const third = await call(buyer.auth, '/chat/report', { room_unique_key: key, reason: 'Still rude' });
    const blocked = await call(moderator.auth, '/admin/moderation/block', {
      source: 'chat',
      report_id: third.json.id,
      reason: 'Repeated scams',
    });
    expect(blocked.status).toBe(200);
    expect(blocked.json.user_id).toBe(sellerId);
    // The blocked member's lot is off the market.
    expect((await get(`/board-list/view?id=${lotId}`)).status).toBe(404);
    const after = await apiRequest('/admin/moderation?per-page=100', { headers: moderator.auth });
    expect(
      after.json.items.some(
        (item: { id: number; source: string }) => item.source === 'chat' && item.id === third.json.id,
      ),
    ).toBe(false);
  });

  it('works through the plain forms: report, hide from /admin/moderation, appeal', async () => {
    const word = `form${Date.now().toString(36)}`;
    const { owner, lotId } = await ownerWithLot(word);
    const reporter = await signedUpUser();
    const reporterUser = await sessionUser(reporter);
    const cookies = new TestCookies();
    await loadReportPage({ ...formRequest(`/moderation/report?lot_id=${lotId}`, { cookies }), user: reporterUser });
    const reported = await loadReportPage({
      ...formRequest('/fr/moderation/report', {
        cookies,
        locale: 'fr',
        fields: { target_type: 'lot', lot_id: String(lotId), reason: 'spam', back: `/fr/board/${lotId}` },
      }),
      user: reporterUser,
    });
    expect(reported).toMatchObject({ status: 303, redirect: expect.stringContaining('/fr/moderation/report?sent=1') });
    const twice = await loadReportPage({
      ...formRequest('/moderation/report', {
        cookies,
        fields: { target_type: 'lot', lot_id: String(lotId), reason: 'spam' },
      }),
      user: reporterUser,
    });
    expect(twice.status).toBe(409);

    // A member gets no moderation page; the moderator hides the lot from the queue's form.
    const moderator = await staffMember('moderator');
    const staffCookies = new TestCookies();
    const gate = (fields?: Record<string, string>) => ({
      user: moderator.user,
      actor: moderator.actor,
      capabilities: capabilitiesOf('moderator'),
      forbidden: false,
      request: {
        ...formRequest('/fr/admin/moderation', { cookies: staffCookies, locale: 'fr', fields }),
        user: moderator.user,
      },
    });
    const list = await loadModerationPage(gate());
    expect('view' in list && list.view.page.items.some((item) => item.lot?.id === lotId)).toBe(true);
    const noReason = await loadModerationPage(gate({ op: 'hide-lot', lot_id: String(lotId), reason: '' }));
    expect(noReason.status).toBe(422);
    const hid = await loadModerationPage(gate({ op: 'hide-lot', lot_id: String(lotId), reason: 'Fake photos' }));
    expect(hid).toMatchObject({ status: 303, redirect: '/fr/admin/moderation?done=1' });
    const [row] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(row.hiddenReason).toBe('Fake photos');
    const support = await staffMember('support');
    // A service refuses a role without the capability whatever led there.
    await expect(
      loadModerationPage({ ...gate({ op: 'dismiss', source: 'report', report_id: '1' }), actor: support.actor }),
    ).rejects.toMatchObject({ status: 403 });

    // The owner's appeal form: once.
    const ownerUser = await sessionUser(owner);
    const ownerCookies = new TestCookies();
    await loadAppealPage({
      ...formRequest(`/moderation/appeal?lot_id=${lotId}`, { cookies: ownerCookies }),
      user: ownerUser,
    });
    const appeal = (text: string) =>
      loadAppealPage({
        ...formRequest('/moderation/appeal', {
          cookies: ownerCookies,
          fields: { lot_id: String(lotId), text, back: `/board/${lotId}` },
        }),
        user: ownerUser,
      });
    expect(await appeal('Real photos')).toMatchObject({ status: 303, redirect: `/board/${lotId}` });
    expect((await appeal('Again')).status).toBe(409);
  });
});
