// The members of the chat part of `npm run bench` (scripts/bench/chat.mjs): `--pairs N` pairs of a lot owner and a
// buyer, each pair with a lot of the owner's (a copy of a demo lot, marked as demo data) and the room about it, and a
// session per member. Writes `{ pairs: [{ key, owner, member }] }` with each member's Bearer token to `--out`.
// Runs against DATABASE_URL, else PGlite in DATA_DIR, after `npm run db:seed` (the demo lots must exist), and before
// the server starts on PGlite (one process per data directory).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { hashPassword } from '~/server/services/accounts/secrets';
import { createSession } from '~/server/services/accounts/sessions';
import { findOrCreateRoom } from '~/server/services/chat/find-or-create-room';
import { copyDemoLotTo } from './demo-lot-copies';

const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const pairs = Number(flag('--pairs') ?? 500);
const out = flag('--out');
if (!out || !(pairs > 0)) throw new Error('usage: chat-members.ts --pairs N --out file.json');

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  const { db } = handle;
  const run = randomBytes(4).toString('hex');
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const account = (role: string, i: number) => ({
    email: `bench-${run}-${role}-${i}@mavuno.test`,
    passwordHash,
    firstName: role === 'owner' ? 'Bench seller' : 'Bench buyer',
    lastName: String(i),
    traderStatus: 'farmer' as const,
    referralCode: `B${run}${role[0]}${i}`,
  });
  const owners = await db
    .insert(users)
    .values(Array.from({ length: pairs }, (_, i) => account('owner', i)))
    .returning({ id: users.id });
  const members = await db
    .insert(users)
    .values(Array.from({ length: pairs }, (_, i) => account('member', i)))
    .returning({ id: users.id });
  const lotOf = await copyDemoLotTo(
    db,
    owners.map((owner) => owner.id),
  );
  const result = [];
  for (let i = 0; i < pairs; i++) {
    const owner = owners[i].id;
    const member = members[i].id;
    const { room } = await findOrCreateRoom(db, { id: lotOf.get(owner)!, userId: owner }, member);
    const ownerSession = await createSession(db, owner, { remember: false });
    const memberSession = await createSession(db, member, { remember: false });
    result.push({
      key: room.uniqueKey,
      owner: { id: owner, token: ownerSession.accessToken },
      member: { id: member, token: memberSession.accessToken },
    });
  }
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.firstName, 'Bench seller'));
  writeFileSync(out, JSON.stringify({ pairs: result }));
  console.log(`[bench] ${pairs} chat pairs (lot, room, sessions) ready; ${count} bench sellers in the database`);
} finally {
  await handle.close();
}
