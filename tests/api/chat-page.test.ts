import { describe, expect, it } from 'vitest';
import { getDb } from '~/server/db';
import { type ChatPageView, loadChatPage } from '~/server/loaders/chat';
import type { PageOutcome } from '~/server/loaders/form-post';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { SessionUser } from '~/server/services/accounts/users';
import { countRoomsByLot } from '~/server/services/chat/count-lot-rooms';
import { signedUpUser } from '../fixtures/accounts';
import { type Auth, call, messages, roomItem, sellerAndBuyer, sent, totalUnread } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { makeOffer } from '../fixtures/deals';
import { TestCookies, formRequest } from '../fixtures/forms';

/**
 * The /chat page's one loader (src/server/loaders/chat.ts): what the page shows, and the plain forms that work
 * without JavaScript — each post checked for its origin and form token, then run through the chat API's schemas
 * and services, answered with a 303 back or the page again with the reason.
 */
const database = useTestDatabase();

async function sessionUser(member: { access: string }): Promise<SessionUser> {
  const user = await resolveUser(await getDb(), { bearer: member.access });
  if (!user) throw new Error('no session');
  return user;
}

/** A member's browser on /chat: its cookies (holding the form token after a first GET) and its loads. */
async function browserOf(member: { access: string }) {
  const user = await sessionUser(member);
  const cookies = new TestCookies();
  const load = (
    path: string,
    fields?: Record<string, string>,
    extra: Parameters<typeof formRequest>[1] = { cookies },
  ) => {
    // The page's language is its address's prefix, as the middleware reads it.
    const locale = /^\/(sw|fr)\//.exec(path)?.[1] as 'sw' | 'fr' | undefined;
    return loadChatPage({ ...formRequest(path, { locale, ...extra, cookies, fields }), user });
  };
  await load('/chat');
  return { user, cookies, load };
}

function shown(outcome: PageOutcome<ChatPageView>) {
  if ('redirect' in outcome) throw new Error(`expected the page, got a redirect to ${outcome.redirect}`);
  return outcome;
}
function redirected(outcome: PageOutcome<ChatPageView>) {
  if (!('redirect' in outcome)) throw new Error(`expected a redirect, got ${outcome.status}: ${outcome.view.problem}`);
  return outcome;
}

describe('/chat page', () => {
  it('lists the member’s rooms and opens one with its newest messages, reading them (the list and badge then count none)', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    await sent(buyer.auth, key, 'Habari, mahindi yapo?');
    expect(await totalUnread(seller.auth)).toBe(1);
    const page = await browserOf(seller);

    const list = shown(await page.load('/chat'));
    expect(list.status).toBe(200);
    expect(list.headers['Cache-Control']).toBe('private, no-store');
    expect(list.view.rooms.items.map((room) => [room.room_unique_key, room.unread_count])).toEqual([[key, 1]]);
    expect(list.view.room).toBeUndefined();

    const open = shown(await page.load(`/sw/chat?room=${key}`));
    expect(open.view.room?.messages.map((m) => m.text)).toEqual(['Habari, mahindi yapo?']);
    expect(open.view.room?.item.unread_count).toBe(0);
    expect(open.view.rooms.items[0].unread_count).toBe(0);
    expect(await totalUnread(seller.auth)).toBe(0);
    expect(open.view.token).toBe(page.cookies.formToken);
  });

  it('answers a stranger’s look at a room, and a key of no room, 404 without anything of it', async () => {
    const { key } = await sellerAndBuyer(database);
    const stranger = await browserOf(await signedUpUser());
    for (const room of [key, 'not-a-key', 'A'.repeat(32)]) {
      const page = shown(await stranger.load(`/chat?room=${room}`));
      expect(page.status, room).toBe(404);
      expect(page.view.roomNotFound).toBe(true);
      expect(page.view.room).toBeUndefined();
      expect(page.view.rooms.items).toEqual([]);
    }
  });

  it('opens a room about a lot from its page (a plain form) and redirects to it; one’s own lot is refused', async () => {
    const { seller, lotId } = await sellerAndBuyer(database);
    const other = await signedUpUser();
    const page = await browserOf(other);
    const outcome = redirected(
      await page.load('/fr/chat', { action: 'open', order_id: String(lotId), order_type: 'board_list' }),
    );
    expect(outcome.status).toBe(303);
    expect(outcome.redirect).toMatch(/^\/fr\/chat\?room=[A-Za-z0-9_-]{32}$/);

    const own = await browserOf(seller);
    const refused = shown(
      await own.load('/chat', { action: 'open', order_id: String(lotId), order_type: 'board_list' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.view.problemAt).toBe('page');
    expect(refused.view.problem).toContain('This is your own lot');
  });

  it('sends through the plain form once per form (its client id), and redirects to the message', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const page = await browserOf(seller);
    const form = shown(await page.load(`/chat?room=${key}`)).view;
    const fields = { action: 'send', text: '  Ndiyo, yapo magunia 40.  ', client_id: form.clientId };
    const first = redirected(await page.load(`/chat?room=${key}`, fields));
    expect(first.status).toBe(303);
    expect(first.redirect).toMatch(new RegExp(`^/chat\\?room=${key}#message-\\d+$`));
    // The same form sent again (a double tap, a resent post) stores nothing more.
    const again = redirected(await page.load(`/chat?room=${key}`, fields));
    expect(again.redirect).toBe(first.redirect);
    const { json } = await messages(buyer.auth, key);
    expect(json.items.map((m: { text: string }) => m.text)).toEqual(['Ndiyo, yapo magunia 40.']);
    // A fresh page has a fresh client id.
    expect(shown(await page.load(`/chat?room=${key}`)).view.clientId).not.toBe(form.clientId);
  });

  it('refuses a blank message, a foreign post and a missing token, keeping what was typed', async () => {
    const { seller, key } = await sellerAndBuyer(database);
    const page = await browserOf(seller);
    const blank = shown(await page.load(`/chat?room=${key}`, { action: 'send', text: '   ' }));
    expect(blank.status).toBe(422);
    expect(blank.view.problemAt).toBe('send');
    expect(blank.view.problem).toContain('Write a message or add a photo.');
    expect(blank.view.room?.item.room_unique_key).toBe(key);

    const noToken = shown(
      await page.load(`/chat?room=${key}`, { action: 'send', text: 'Hello' }, { cookies: page.cookies, token: null }),
    );
    expect(noToken.status).toBe(403);
    expect(noToken.view.text).toBe('Hello');
    const foreign = shown(
      await page.load(
        `/chat?room=${key}`,
        { action: 'send', text: 'Hello' },
        { cookies: page.cookies, origin: 'https://evil.example' },
      ),
    );
    expect(foreign.status).toBe(403);
    const unknown = shown(await page.load(`/chat?room=${key}`, { action: 'explode' }));
    expect(unknown.status).toBe(422);
  });

  it('blocks with a confirmed form: the blocked member is told politely and cannot send; unblocking restores it', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const sellerPage = await browserOf(seller);
    redirected(await sellerPage.load(`/chat?room=${key}`, { action: 'block' }));
    expect((await roomItem(seller.auth, key)).blocked).toEqual({ by_me: true, by_other: false });

    const buyerPage = await browserOf(buyer);
    const refused = shown(await buyerPage.load(`/chat?room=${key}`, { action: 'send', text: 'Uko?' }));
    expect(refused.status).toBe(409);
    expect(refused.view.problem).toBe('This member does not take messages from you.');
    expect(refused.view.room?.item.blocked.by_other).toBe(true);

    redirected(await sellerPage.load(`/chat?room=${key}`, { action: 'unblock' }));
    redirected(await buyerPage.load(`/chat?room=${key}`, { action: 'send', text: 'Uko?' }));
  });

  it('reports the room with a reason, and says thanks; a report without a reason is refused in its form', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    await sent(buyer.auth, key, 'Pay me first by M-Pesa');
    const page = await browserOf(seller);
    const empty = shown(await page.load(`/chat?room=${key}`, { action: 'report', reason: ' ' }));
    expect(empty.status).toBe(422);
    expect(empty.view.problemAt).toBe('report');
    const done = redirected(await page.load(`/chat?room=${key}`, { action: 'report', reason: 'Asks to pay outside' }));
    expect(done.redirect).toBe(`/chat?room=${key}&reported=1`);
    expect(shown(await page.load(done.redirect)).view.reported).toBe(true);
  });

  it('opens the deal’s room from the deal page for either party, and 404s anyone else', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    expect(offer.status, offer.text).toBe(200);
    const offerId = String(offer.json.id);
    for (const member of [seller, buyer]) {
      const page = await browserOf(member);
      const outcome = redirected(await page.load('/sw/chat', { action: 'open-deal', offer_id: offerId }));
      expect(outcome.redirect).toBe(`/sw/chat?room=${key}`);
    }
    const stranger = await browserOf(await signedUpUser());
    const refused = shown(await stranger.load('/chat', { action: 'open-deal', offer_id: offerId }));
    expect(refused.status).toBe(404);
  });

  it('lists one of the owner’s lots’ rooms, and counts each lot’s rooms for My lots', async () => {
    const { seller, buyer, lotId, key } = await sellerAndBuyer(database);
    const second = await signedUpUser();
    const opened = await call(second.auth as Auth, '/chat/add-or-create', {
      order_id: lotId,
      order_type: 'board_list',
    });
    // A room nobody wrote in is not counted yet.
    const user = await sessionUser(seller);
    expect((await countRoomsByLot(await getDb(), user.id, [lotId])).get(lotId)).toBeUndefined();
    await sent(buyer.auth, key, 'Moja');
    await sent(second.auth, opened.json.room_unique_key, 'Mbili');
    expect((await countRoomsByLot(await getDb(), user.id, [lotId])).get(lotId)).toBe(2);
    const page = await browserOf(seller);
    const lotRooms = shown(await page.load(`/chat?order_id=${lotId}&order_type=board_list`));
    expect(lotRooms.view.rooms.items).toHaveLength(2);
    expect(lotRooms.view.query.lot).toEqual({ order_id: lotId, order_type: 'board_list' });
    // Someone else's lot: the member's own list.
    const buyerPage = await browserOf(buyer);
    const notTheirs = shown(await buyerPage.load(`/chat?order_id=${lotId}&order_type=board_list`));
    expect(notTheirs.view.query.lot).toBeUndefined();
    expect(notTheirs.view.rooms.items.map((r) => r.room_unique_key)).toEqual([key]);
  });
});
