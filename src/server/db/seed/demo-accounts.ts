import { sql } from 'drizzle-orm';
import type { Role, Tier, TraderStatus } from '~/features/accounts/constants';
import { hashPassword } from '~/server/services/accounts/secrets';
import type { Executor } from '~/server/db/client';
import { users } from '~/server/db/schema';

/** The demo accounts listed in the README; all share this password and have confirmed e-mail and phone. */
export const DEMO_PASSWORD = 'mavuno-demo';

const DEMO_ACCOUNTS: {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  traderStatus: TraderStatus;
  tier: Tier;
  role: Role;
  locale: string;
  currencyId: number;
  referralCode: string;
}[] = [
  {
    email: 'demo-basic@mavuno.test',
    phone: '+254712000101',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    traderStatus: 'farmer',
    tier: 'basic',
    role: 'user',
    locale: 'en',
    currencyId: 1,
    referralCode: 'DEMOBAS1',
  },
  {
    email: 'demo-silver@mavuno.test',
    phone: '+255754000102',
    firstName: 'Juma',
    lastName: 'Mwakyusa',
    traderStatus: 'farmer',
    tier: 'silver',
    role: 'user',
    locale: 'sw',
    currencyId: 4,
    referralCode: 'DEMOSIL2',
  },
  {
    email: 'demo-gold@mavuno.test',
    phone: '+233244000103',
    firstName: 'Kwame',
    lastName: 'Mensah',
    traderStatus: 'trader',
    tier: 'gold',
    role: 'user',
    locale: 'en',
    currencyId: 7,
    referralCode: 'DEMOGLD3',
  },
  {
    email: 'demo-buyer@mavuno.test',
    phone: '+225070000104',
    firstName: 'Awa',
    lastName: 'Koné',
    traderStatus: 'trader',
    tier: 'silver',
    role: 'user',
    locale: 'fr',
    currencyId: 8,
    referralCode: 'DEMOBUY4',
  },
  {
    email: 'demo-admin@mavuno.test',
    phone: '+254712000105',
    firstName: 'Grace',
    lastName: 'Otieno',
    traderStatus: 'cooperative',
    tier: 'gold',
    role: 'admin',
    locale: 'en',
    currencyId: 3,
    referralCode: 'DEMOADM5',
  },
  {
    email: 'demo-editor@mavuno.test',
    phone: '+255712000106',
    firstName: 'Neema',
    lastName: 'Mushi',
    traderStatus: 'trader',
    tier: 'basic',
    role: 'editor',
    locale: 'sw',
    currencyId: 3,
    referralCode: 'DEMOEDT6',
  },
];

/** Creates the demo accounts, or resets them (password, tier, confirmations) when they exist. */
export async function seedDemoAccounts(db: Executor): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash, emailVerifiedAt: now, phoneVerifiedAt: now })))
    .onConflictDoUpdate({
      target: users.email,
      set: {
        passwordHash: sql`excluded.password_hash`,
        tier: sql`excluded.tier`,
        role: sql`excluded.role`,
        emailVerifiedAt: sql`excluded.email_verified_at`,
        phoneVerifiedAt: sql`excluded.phone_verified_at`,
        updatedAt: now,
      },
    });
}
