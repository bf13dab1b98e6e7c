import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '~/server/db/client';
import { chatBlocks, chatMessages, chatRoomMembers, mailOutbox, smsOutbox, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { installSmsSender } from '~/server/sms';
import { appendMessage } from '~/server/services/chat/append-message';
import { findOrCreateRoom, type ChatRoomRow } from '~/server/services/chat/find-or-create-room';
import { notifyUnread } from '~/server/services/chat/notify-unread';
import { deliverOutbox } from '~/server/services/outbox/deliver-outbox';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { act, makeOffer, sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';

/** Notices of unread chat messages (docs/chat.md "Notices") and the "messages" switch that turns them off. */

const database = useTestDatabase();
const db = () => database.handle().db;
const MINUTE = 60_000;
afterEach(() => installSmsSender(undefined));

const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

/**
 * A lot of a seller (Amina Wanjiru, the sign-up fixture's name) and a buyer (renamed Baraka Otieno) with their
 * room; the buyer's language is `buyerLocale`, the seller's `sellerLocale`.
 */
async function conversation(options: { sellerLocale?: string; buyerLocale?: string; title?: string } = {}) {
  const seller = await memberWithTier(database.handle(), 'silver');
  const buyer = await signedUpUser();
  const lotId = await sellMaize(seller.auth, options.title ? { title: options.title } : {});
  const sellerRow = await userOf(seller.email);
  const buyerRow = await userOf(buyer.email);
  await db()
    .update(users)
    .set({ locale: options.sellerLocale ?? 'en' })
    .where(eq(users.id, sellerRow.id));
  await db()
    .update(users)
    .set({ firstName: 'Baraka', lastName: 'Otieno', locale: options.buyerLocale ?? 'en' })
    .where(eq(users.id, buyerRow.id));
  const { room } = await findOrCreateRoom(db(), { id: lotId, userId: sellerRow.id }, buyerRow.id);
  return { seller, buyer, sellerId: sellerRow.id, buyerId: buyerRow.id, lotId, room };
}

/** A text message, dated `at` (the database clock would say "now"). */
async function say(room: ChatRoomRow, from: number, body: string, at: Date) {
  const { message } = await db().transaction((tx) => appendMessage(tx, room, { kind: 'text', createdBy: from, body }));
  await db().update(chatMessages).set({ createdAt: at }).where(eq(chatMessages.id, message.id));
  return message;
}

/** The chat notices e-mailed to `to` (sign-up sends a confirmation first), oldest first. */
const noticesTo = async (to: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id)).filter((m) =>
    m.text.includes('/chat?room='),
  );
const smsTo = async (to: string) => db().select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(smsOutbox.id);
const notifiedAt = async (roomId: number, userId: number) =>
  (
    await db()
      .select({ at: chatRoomMembers.notifiedAt })
      .from(chatRoomMembers)
      .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
  )[0].at;
const later = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe('chat notices', () => {
  it('e-mail a member whose message waited unread for 15 minutes, not before, naming the lot and the sender', async () => {
    const { seller, buyer, sellerId, room } = await conversation({ title: 'Yellow maize from Eldoret' });
    const start = new Date();
    await say(room, (await userOf(buyer.email)).id, 'Is the maize still there? Call me on 0712 345 678', start);

    expect(await notifyUnread(db(), later(start, 14))).toEqual([]);
    expect(await noticesTo(seller.email)).toEqual([]);

    const sent = await notifyUnread(db(), later(start, 16));
    expect(sent).toEqual([{ roomId: room.id, userId: sellerId, channel: 'email', sent: true }]);
    const [mail] = await noticesTo(seller.email);
    expect(mail.subject).toBe('New message about “Yellow maize from Eldoret”');
    expect(mail.text).toContain('Hello Amina,');
    expect(mail.text).toContain('Baraka O. wrote to you about “Yellow maize from Eldoret”.');
    expect(mail.text).toContain('Latest message: “Is the maize still there? Call me on 0712 345 678”');
    expect(mail.text).toContain(`${getEnv().publicUrl}/chat?room=${room.uniqueKey}`);
    expect(mail.html).toContain(`href="${getEnv().publicUrl}/chat?room=${room.uniqueKey}"`);
    expect(await notifiedAt(room.id, sellerId)).toEqual(later(start, 16));
    // The writer is never told about their own message.
    expect(await noticesTo(buyer.email)).toEqual([]);
  });

  it('send one notice per room for many messages, at most once an hour, and only about messages not yet told', async () => {
    const { seller, buyerId, sellerId, room } = await conversation();
    const start = new Date();
    await say(room, buyerId, 'Hello', start);
    await say(room, buyerId, 'Are you there?', later(start, 1));
    await say(room, buyerId, 'I can pay 3,400 a bag', later(start, 2));

    expect(await notifyUnread(db(), later(start, 20))).toHaveLength(1);
    expect(await noticesTo(seller.email)).toHaveLength(1);
    // The latest message is quoted.
    expect((await noticesTo(seller.email))[0].text).toContain('“I can pay 3,400 a bag”');
    // Nothing new: no second notice, not even after the hour.
    expect(await notifyUnread(db(), later(start, 21))).toEqual([]);
    expect(await notifyUnread(db(), later(start, 180))).toEqual([]);

    // A new message: told once the hour since the last notice has passed, not before.
    await say(room, buyerId, 'I will come on Friday', later(start, 30));
    expect(await notifyUnread(db(), later(start, 50))).toEqual([]);
    expect(await notifyUnread(db(), later(start, 79))).toEqual([]);
    expect(await notifyUnread(db(), later(start, 81))).toEqual([
      { roomId: room.id, userId: sellerId, channel: 'email', sent: true },
    ]);
    expect(await noticesTo(seller.email)).toHaveLength(2);
  });

  it('tell a member about each room apart', async () => {
    const { seller, sellerId, buyerId, room } = await conversation();
    const other = await signedUpUser();
    const otherId = (await userOf(other.email)).id;
    const { room: second } = await findOrCreateRoom(db(), { id: room.lotId, userId: sellerId }, otherId);
    const start = new Date();
    await say(room, buyerId, 'First buyer here', start);
    await say(second, otherId, 'Second buyer here', start);
    const sent = await notifyUnread(db(), later(start, 16));
    expect(sent.map((s) => s.roomId).sort()).toEqual([room.id, second.id].sort());
    const mails = await noticesTo(seller.email);
    expect(mails.map((m) => m.text.match(/chat\?room=([\w-]+)/)![1]).sort()).toEqual(
      [room.uniqueKey, second.uniqueKey].sort(),
    );
  });

  it('say nothing about messages read, deleted, deal lines, or a sender the member blocked', async () => {
    const { seller, buyer, sellerId, buyerId, lotId, room } = await conversation();
    const start = new Date();
    // Read: the seller opened the room.
    const read = await say(room, buyerId, 'Read this', start);
    await db()
      .update(chatRoomMembers)
      .set({ lastReadMessageId: read.id })
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, sellerId)));
    expect(await notifyUnread(db(), later(start, 20))).toEqual([]);
    // Deleted by its sender.
    const gone = await say(room, buyerId, 'Oops', later(start, 1));
    await db()
      .update(chatMessages)
      .set({ deletedAt: later(start, 2) })
      .where(eq(chatMessages.id, gone.id));
    expect(await notifyUnread(db(), later(start, 20))).toEqual([]);
    // Deal lines are never unread.
    const offer = await makeOffer(buyer.auth, { order_id: lotId, order_type: 'board_list', price: 3500, volume: 20 });
    expect((await act(seller.auth, 'approve-offer', offer.json.id)).status).toBe(200);
    expect(await notifyUnread(db(), later(start, 60))).toEqual([]);
    // Answering marks everything read for the one who answers; the answer itself is not yet 15 minutes old.
    await say(room, buyerId, 'Still there?', later(start, 3));
    await db().transaction((tx) =>
      appendMessage(tx, room, { kind: 'text', createdBy: sellerId, body: 'Yes, come on Friday' }),
    );
    expect(await notifyUnread(db(), new Date(Date.now() + 5 * MINUTE))).toEqual([]);
    // Blocked: the seller blocked the buyer, whose unread message is then not announced.
    await say(room, buyerId, 'Hello again', new Date(Date.now() - 30 * MINUTE));
    await db().insert(chatBlocks).values({ blockerId: sellerId, blockedId: buyerId });
    const sent = await notifyUnread(db(), new Date(Date.now() + 30 * MINUTE));
    expect(sent.filter((s) => s.userId === sellerId)).toEqual([]);
    expect(await noticesTo(seller.email)).toEqual([]);
  });

  it('write in the member’s own language, with the link under the language’s prefix', async () => {
    const sw = await conversation({ sellerLocale: 'sw', title: 'Mahindi meupe' });
    const fr = await conversation({ sellerLocale: 'fr', title: 'Maïs blanc' });
    const start = new Date();
    await say(sw.room, sw.buyerId, 'Habari, bado unayo?', start);
    await say(fr.room, fr.buyerId, 'Bonjour, toujours disponible ?', start);
    await notifyUnread(db(), later(start, 16));

    const [swahili] = await noticesTo(sw.seller.email);
    expect(swahili.subject).toBe('Ujumbe mpya kuhusu “Mahindi meupe”');
    expect(swahili.text).toContain('Habari Amina,');
    expect(swahili.text).toContain('Baraka O. amekuandikia kuhusu “Mahindi meupe”.');
    expect(swahili.text).toContain(`${getEnv().publicUrl}/sw/chat?room=${sw.room.uniqueKey}`);
    expect(swahili.html).toContain('lang="sw"');

    const [french] = await noticesTo(fr.seller.email);
    expect(french.subject).toBe('Nouveau message à propos de «\u202fMaïs blanc\u202f»');
    expect(french.text).toContain('Baraka O. vous a écrit à propos de «\u202fMaïs blanc\u202f».');
    expect(french.text).toContain(`${getEnv().publicUrl}/fr/chat?room=${fr.room.uniqueKey}`);
  });

  it('send an SMS to an account with only a confirmed phone, and nothing to an unconfirmed one', async () => {
    const { seller, sellerId, buyerId, room } = await conversation({ sellerLocale: 'sw', title: 'Mahindi' });
    const phone = uniquePhone();
    // An account without an e-mail has its notices by SMS on (sign-up, migration 0032_feature_phones).
    await db()
      .update(users)
      .set({ email: null, phone, phoneVerifiedAt: null, smsNotification: true })
      .where(eq(users.id, sellerId));
    const start = new Date();
    await say(room, buyerId, 'Habari', start);
    expect(await notifyUnread(db(), later(start, 16))).toEqual([]);

    await db().update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, sellerId));
    expect(await notifyUnread(db(), later(start, 17))).toEqual([
      { roomId: room.id, userId: sellerId, channel: 'sms', sent: true },
    ]);
    const [sms] = await smsTo(phone);
    expect(sms.text).toBe(
      `Mavuno: Baraka O. amekuandikia kuhusu Mahindi. Soma na ujibu: ${getEnv().publicUrl}/sw/chat?room=${room.uniqueKey}`,
    );
    expect(await noticesTo(seller.email)).toEqual([]);
  });

  it('claim the notice and queue its SMS once: a failing provider leaves it in the outbox for a later pass', async () => {
    const { sellerId, buyerId, room } = await conversation();
    const phone = uniquePhone();
    await db()
      .update(users)
      .set({ email: null, phone, phoneVerifiedAt: new Date(), smsNotification: true })
      .where(eq(users.id, sellerId));
    const start = new Date();
    await say(room, buyerId, 'Hello', start);
    const failing = {
      send: async () => {
        throw new Error('provider down');
      },
    };
    installSmsSender(failing);
    // Queueing does not ask the provider: the notice is claimed and its SMS written in the same transaction.
    expect(await notifyUnread(db(), later(start, 16))).toEqual([
      { roomId: room.id, userId: sellerId, channel: 'sms', sent: true },
    ]);
    expect(await notifiedAt(room.id, sellerId)).toEqual(later(start, 16));
    const [queued] = await smsTo(phone);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });

    // The provider fails: the SMS stays pending, and the claim is kept, so a second run queues no second SMS.
    await deliverOutbox(db(), { now: later(start, 16), sms: failing });
    expect(await smsTo(phone)).toMatchObject([
      { id: queued.id, status: 'pending', attempts: 1, lastError: 'provider down' },
    ]);
    expect(await notifyUnread(db(), later(start, 17))).toEqual([]);
    expect(await notifyUnread(db(), later(start, 90))).toEqual([]);

    // A later pass, the provider back, delivers it once.
    const delivered: string[] = [];
    await deliverOutbox(db(), { now: later(start, 17), sms: { send: async (to) => void delivered.push(to) } });
    expect(delivered.filter((to) => to === phone)).toHaveLength(1);
    expect(await smsTo(phone)).toMatchObject([{ id: queued.id, status: 'sent' }]);
  });

  it('send nothing to a member who turned the "messages" switch off, and again once it is back on', async () => {
    const { seller, sellerId, buyerId, room } = await conversation();
    const off = await apiRequest('/user/update-main-info', {
      method: 'POST',
      body: form({ 'User[message_notification]': 0 }),
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(off.status).toBe(200);
    const start = new Date();
    await say(room, buyerId, 'Hello', start);
    expect(await notifyUnread(db(), later(start, 16))).toEqual([]);
    expect(await notifiedAt(room.id, sellerId)).toBeNull();

    await apiRequest('/user/update-main-info', {
      method: 'POST',
      body: form({ 'User[message_notification]': 1 }),
      headers: { ...seller.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(await notifyUnread(db(), later(start, 17))).toHaveLength(1);
    expect(await noticesTo(seller.email)).toHaveLength(1);
  });

  it('send each notice once when two runs (two processes on PostgreSQL) go at the same moment', async () => {
    const rooms = await Promise.all(Array.from({ length: 6 }, () => conversation()));
    const start = new Date();
    for (const { room, buyerId } of rooms) await say(room, buyerId, 'Hello', start);
    // On PostgreSQL a second pool is a second process; the embedded database has one connection and runs them in turn.
    let second: DatabaseHandle | undefined;
    if (database.handle().kind === 'postgres') {
      const result = (await db().execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const [{ name }] = result.rows;
      second = await openDatabase({
        url: Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString(),
      });
    }
    try {
      const now = later(start, 16);
      const runs = await Promise.all([
        notifyUnread(db(), now),
        notifyUnread((second ?? database.handle()).db, now),
        notifyUnread(db(), now),
      ]);
      expect(runs.flat()).toHaveLength(rooms.length);
      for (const { seller } of rooms) expect(await noticesTo(seller.email)).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe('the "messages" notification switch', () => {
  const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const settings = async (auth: Record<string, string>) =>
    (await apiRequest('/user/profile-settings-data/', { headers: auth })).json.user_main_info;
  const update = (auth: Record<string, string>, fields: Record<string, string | number>) =>
    apiRequest('/user/update-main-info', { method: 'POST', body: form(fields), headers: { ...FORM, ...auth } });

  it('is on for a new account, can be turned off and on, and leaves the other switches alone', async () => {
    const { auth, email } = await signedUpUser();
    expect(await settings(auth)).toMatchObject({ message_notification: true, deal_notification: true });
    const off = await update(auth, { 'User[message_notification]': 'false' });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ success: true, changed: true });
    expect(await settings(auth)).toMatchObject({
      message_notification: false,
      deal_notification: true,
      news_notification: true,
      favorite_application_notification: true,
    });
    expect((await userOf(email)).messageNotification).toBe(false);
    expect((await update(auth, { 'User[message_notification]': 1 })).status).toBe(200);
    expect((await settings(auth)).message_notification).toBe(true);
  });

  it('refuses a value that is not a yes or no, and anonymous callers', async () => {
    const { auth } = await signedUpUser();
    const bad = await update(auth, { 'User[message_notification]': 'later' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
    expect((await settings(auth)).message_notification).toBe(true);
    expect((await update({}, { 'User[message_notification]': 0 })).status).toBe(401);
  });
});
