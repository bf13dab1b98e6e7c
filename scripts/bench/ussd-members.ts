// The callers of the USSD part of `npm run bench` (scripts/bench/ussd.mjs): `--members N` silver farmers in Kenya with
// a confirmed phone and a USSD PIN (`--pin`, one argon2id hash shared by all), each with a lot of their own (a copy of
// a demo lot, marked as demo data) for "My lots"; and the navigating member, demo-silver (README "Demo accounts"),
// whose confirmed phone, lots and demo deals fill the menu's screens. Writes `{ navigator, members }` (phone numbers)
// to `--out`. Runs against DATABASE_URL, else PGlite in DATA_DIR, after `npm run db:seed`, and before the server starts
// on PGlite (one process per data directory).
import { randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import { openDatabase } from '~/server/db/client';
import { countries, currencies, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { hashPassword } from '~/server/services/accounts/secrets';
import { copyDemoLotTo } from './demo-lot-copies';

const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const count = Number(flag('--members') ?? 100);
const pin = flag('--pin') ?? '';
const out = flag('--out');
if (!out || !(count > 0) || count > 10_000 || !/^\d{4}$/.test(pin))
  throw new Error('usage: ussd-members.ts --members N (≤ 10000) --pin 4-digit --out file.json');

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  const { db } = handle;
  const [navigator] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.email, 'demo-silver@mavuno.test'), isNotNull(users.phoneVerifiedAt)));
  if (!navigator?.phone) throw new Error('demo-silver has no confirmed phone: run the demo seed first');
  const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KE'));
  const [shilling] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, 'KES'));
  if (!kenya || !shilling) throw new Error('no Kenya or KES in the reference data: run the seed first');

  // A block of numbers no account uses: +25479 and a three-digit block, then the member's four digits.
  let block = '';
  for (let tries = 0; tries < 50 && !block; tries++) {
    const candidate = String(randomInt(0, 1000)).padStart(3, '0');
    const [{ used }] = await db
      .select({ used: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.phone, `+25479${candidate}%`));
    if (used === 0) block = candidate;
  }
  if (!block) throw new Error('no free block of bench numbers');
  const phones = Array.from({ length: count }, (_, i) => `+25479${block}${String(i).padStart(4, '0')}`);
  if (phones.some((phone) => normalizePhone(phone) !== phone)) throw new Error(`not a valid number: ${phones[0]}`);

  const run = randomBytes(4).toString('hex');
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const ussdPinHash = await hashPassword(pin);
  const now = new Date();
  const made = await db
    .insert(users)
    .values(
      phones.map((phone, i) => ({
        email: `bench-ussd-${run}-${i}@mavuno.test`,
        passwordHash,
        firstName: 'Bench caller',
        lastName: String(i),
        traderStatus: 'farmer' as const,
        tier: 'silver' as const,
        locale: 'en',
        currencyId: shilling.id,
        countryId: kenya.id,
        phone,
        phoneVerifiedAt: now,
        ussdPinHash,
        signupChannel: 'ussd' as const,
        referralCode: `U${run}${i}`,
      })),
    )
    .returning({ id: users.id });
  await copyDemoLotTo(
    db,
    made.map((row) => row.id),
  );
  writeFileSync(out, JSON.stringify({ navigator: navigator.phone, members: phones }));
  console.log(`[bench] ${count} USSD callers (+25479${block}…) with a PIN and a lot each; navigating as demo-silver`);
} finally {
  await handle.close();
}
