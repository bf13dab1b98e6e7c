import { and, eq, inArray, like } from 'drizzle-orm';
import type { VerificationType } from '~/features/companies/constants';
import type { Executor } from '~/server/db/client';
import { users, verifications } from '~/server/db/schema';

/** Every demo verification's note starts so: demo data, replaced (not duplicated) when the seed runs again. */
export const DEMO_VERIFICATION_NOTE = 'Demo data:';

/**
 * What demo-admin has verified of the demo members and of the demo market's cooperatives and traders (demo-market.ts),
 * so badges show on their lots, profiles and chats in every country.
 */
const DEMO_VERIFICATIONS: { email: string; type: VerificationType; note: string }[] = [
  { email: 'demo-silver@mavuno.test', type: 'identity', note: 'national ID seen' },
  { email: 'demo-silver@mavuno.test', type: 'farm_visit', note: 'farm visited' },
  { email: 'demo-gold@mavuno.test', type: 'identity', note: 'national ID seen' },
  { email: 'demo-gold@mavuno.test', type: 'warehouse', note: 'store inspected' },
  { email: 'demo-ke-othaya@mavuno.test', type: 'farm_visit', note: 'coffee factory visited' },
  { email: 'demo-ke-otieno@mavuno.test', type: 'warehouse', note: 'store inspected' },
  { email: 'demo-tz-amcos@mavuno.test', type: 'identity', note: 'registration seen' },
  { email: 'demo-ug-bugisu@mavuno.test', type: 'farm_visit', note: 'washing station visited' },
  { email: 'demo-rw-huye@mavuno.test', type: 'warehouse', note: 'washing station inspected' },
  { email: 'demo-ng-benue@mavuno.test', type: 'identity', note: 'registration seen' },
  { email: 'demo-gh-techiman@mavuno.test', type: 'identity', note: 'registration seen' },
  { email: 'demo-ci-divo@mavuno.test', type: 'warehouse', note: 'store inspected' },
  { email: 'demo-sn-rossbethio@mavuno.test', type: 'identity', note: 'registration seen' },
  { email: 'demo-cm-dschang@mavuno.test', type: 'farm_visit', note: 'farms visited' },
];

export async function seedDemoVerifications(db: Executor): Promise<void> {
  const emails = [...new Set(DEMO_VERIFICATIONS.map((v) => v.email)), 'demo-admin@mavuno.test'];
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  const adminId = idOf.get('demo-admin@mavuno.test');
  if (adminId === undefined) return;
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(eq(verifications.verifiedBy, adminId), like(verifications.note, `${DEMO_VERIFICATION_NOTE}%`)));
    const values = DEMO_VERIFICATIONS.flatMap((v) => {
      const userId = idOf.get(v.email);
      return userId === undefined
        ? []
        : [{ userId, type: v.type, verifiedBy: adminId, note: `${DEMO_VERIFICATION_NOTE} ${v.note}` }];
    });
    if (values.length > 0) await tx.insert(verifications).values(values);
  });
}
