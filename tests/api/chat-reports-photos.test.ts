import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatReports } from '~/server/db/schema';
import { serveUpload } from '~/server/http/serve-upload';
import { createLocalStorage, getStorage, installStorage } from '~/server/storage';
import { signedUpUser } from '../fixtures/accounts';
import { call, messages, send, sellerAndBuyer, sent } from '../fixtures/chat';
import { useTestDatabase } from '../fixtures/database';
import { postAs } from '../fixtures/lots';

const database = useTestDatabase();
const db = () => database.handle().db;
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-chat-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

function photoPost(auth: Record<string, string>, key: string, file: Blob, name: string, text = '') {
  const body = new FormData();
  body.set('ChatRoomMessage[room_unique_key]', key);
  body.set('ChatRoomMessage[text]', text);
  body.set('photo', file, name);
  return postAs(auth, '/chat/post-message', body);
}

/** The storage key of a served address (`/uploads/chat/…` → `chat/…`). */
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('reports', () => {
  it('keeps a copy of the reported message, or of the room’s last 20 messages', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const bad = await sent(seller.auth, key, 'Pay me on M-Pesa first, then I send');
    const report = await call(buyer.auth, '/chat/report', {
      room_unique_key: key,
      message_id: bad.id,
      reason: 'Asks for payment outside Mavuno',
    });
    expect(report.status).toBe(201);
    const [stored] = await db().select().from(chatReports).where(eq(chatReports.id, report.json.id));
    expect(stored).toMatchObject({
      roomId: bad.chat_room_id,
      messageId: bad.id,
      reason: 'Asks for payment outside Mavuno',
      snapshot: 'Pay me on M-Pesa first, then I send',
      status: 'open',
    });
    // The copy survives the sender deleting the message.
    await call(seller.auth, '/chat/delete-message', { message_id: bad.id });
    const [kept] = await db().select().from(chatReports).where(eq(chatReports.id, report.json.id));
    expect(kept.snapshot).toBe('Pay me on M-Pesa first, then I send');

    // One's own message is not reportable; a report needs a reason.
    const own = await sent(buyer.auth, key, 'my own');
    const ownReport = await call(buyer.auth, '/chat/report', { room_unique_key: key, message_id: own.id, reason: 'x' });
    expect(ownReport.status).toBe(404);
    expect(ownReport.json.reason).toBe('chat.message_not_found');
    const noReason = await call(buyer.auth, '/chat/report', { room_unique_key: key, reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors.reason).toHaveLength(1);
    expect((await call(buyer.auth, '/chat/report', { room_unique_key: key, reason: 'x'.repeat(1001) })).status).toBe(
      422,
    );

    for (let i = 1; i <= 22; i++) await sent(i % 2 ? seller.auth : buyer.auth, key, `line ${i}`);
    const whole = await call(seller.auth, '/chat/report', { room_unique_key: key, reason: 'Rude' });
    expect(whole.status).toBe(201);
    const [room] = await db().select().from(chatReports).where(eq(chatReports.id, whole.json.id));
    const lines = room.snapshot.split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/ #\d+ Amina W\.: line 3$/);
    expect(lines[1]).toMatch(/ #\d+ Baraka O\.: line 4$/);
    expect(lines[19]).toMatch(/: line 22$/);
    expect(room.messageId).toBeNull();
  });
});

describe('the posting limit', () => {
  it('refuses the 31st message in a minute with 429, Retry-After and a clear message; a re-sent one passes', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    for (let i = 1; i <= 30; i++) expect((await send(buyer.auth, key, `n${i}`, `id-${i}`)).status).toBe(201);
    const refused = await send(buyer.auth, key, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(refused.json.reason).toBe('chat.rate_limited');
    const retry = Number(refused.headers.get('Retry-After'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.json.message).toBe(`You are sending messages too fast. Try again in ${retry} seconds.`);
    // A message re-sent after a lost answer is answered, not refused: it costs nothing.
    const resent = await send(buyer.auth, key, 'n30', 'id-30');
    expect(resent.status).toBe(200);
    // The limit is the member's: the other member still writes.
    expect((await send(seller.auth, key, 'Slow down, please')).status).toBe(201);
    expect((await messages(buyer.auth, key, '&limit=100')).json.items).toHaveLength(31);
  });
});

describe('photos', () => {
  it('stores an image as WebP under chat/, served to the room’s members only', async () => {
    const { seller, buyer, key } = await sellerAndBuyer(database);
    const res = await photoPost(buyer.auth, key, new Blob([await png()], { type: 'image/png' }), 'maize.png');
    expect(res.status).toBe(201);
    expect(res.json.text).toBe('');
    expect(res.json.photo).toMatchObject({ width: 40, height: 30 });
    expect(res.json.photo.url).toMatch(/^\/uploads\/chat\/\d+\/[0-9a-f]{24}-800\.webp$/);
    expect(res.json.photo.srcset).toContain('-320.webp 320w');
    const fileKey = keyOf(res.json.photo.url);
    expect(await getStorage().get(fileKey)).toBeDefined();

    const forBuyer = await serveUpload(fileKey, { bearer: buyer.access });
    expect(forBuyer.status).toBe(200);
    expect(forBuyer.headers.get('Content-Type')).toBe('image/webp');
    expect(forBuyer.headers.get('Cache-Control')).toMatch(/^private/);
    const bytes = Buffer.from(await forBuyer.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    expect((await serveUpload(fileKey, { bearer: seller.access })).status).toBe(200);

    const stranger = await signedUpUser();
    expect((await serveUpload(fileKey, { bearer: stranger.access })).status).toBe(404);
    expect((await serveUpload(fileKey, {})).status).toBe(404);
    expect((await serveUpload('chat/1/../../avatars/x-800.webp', { bearer: buyer.access })).status).toBe(404);

    // With a caption; then deleted: the files are gone and no longer served.
    const captioned = await photoPost(
      buyer.auth,
      key,
      new Blob([await png()], { type: 'image/png' }),
      'bag.png',
      'The bags',
    );
    expect(captioned.json).toMatchObject({ text: 'The bags', photo: { width: 40 } });
    expect((await call(buyer.auth, '/chat/delete-message', { message_id: res.json.id })).status).toBe(200);
    expect((await serveUpload(fileKey, { bearer: buyer.access })).status).toBe(404);
    expect(await getStorage().get(fileKey)).toBeUndefined();
  });

  it('refuses a file that is not an image', async () => {
    const { buyer, key } = await sellerAndBuyer(database);
    const res = await photoPost(buyer.auth, key, new Blob(['not a photo'], { type: 'image/png' }), 'fake.png');
    expect(res.status).toBe(422);
    expect(res.json.errors.photo).toHaveLength(1);
    expect((await messages(buyer.auth, key)).json.items).toEqual([]);
  });
});
