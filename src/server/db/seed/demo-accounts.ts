import { inArray, sql } from 'drizzle-orm';
import { isStaffRole } from '~/features/admin/capabilities';
import type { Role, Tier, TraderStatus } from '~/features/accounts/constants';
import { currencyOfCountry } from '~/features/accounts/currency-of-country';
import { hashPassword } from '~/server/services/accounts/secrets';
import type { Executor } from '~/server/db/client';
import { countries, staffFactors, users } from '~/server/db/schema';
import { DEMO_MARKET, type LaunchCountry } from './demo-market';
import { CURRENCIES } from './reference/currencies';

/** The demo accounts listed in the README; all share this password and have confirmed e-mail and phone. */
export const DEMO_PASSWORD = 'mavuno-demo';
/**
 * The demo staff accounts' authenticator secret (base32; README "Demo accounts"): as public as the demo password, so
 * a newcomer (and the e2e suite) can enter the back office. Demo data only — real staff set theirs up on first entry.
 */
export const DEMO_TOTP_SECRET = 'MAVUNODEMOSTAFFTOTPSECRET234567A';

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
  {
    email: 'demo-moderator@mavuno.test',
    phone: '+225070000107',
    firstName: 'Aminata',
    lastName: 'Traoré',
    traderStatus: 'trader',
    tier: 'basic',
    role: 'moderator',
    locale: 'fr',
    currencyId: 8,
    referralCode: 'DEMOMOD7',
  },
  {
    email: 'demo-support@mavuno.test',
    phone: '+254712000108',
    firstName: 'Brian',
    lastName: 'Kiprono',
    traderStatus: 'trader',
    tier: 'basic',
    role: 'support',
    locale: 'en',
    currencyId: 1,
    referralCode: 'DEMOSUP8',
  },
  {
    email: 'demo-finance@mavuno.test',
    phone: '+255754000109',
    firstName: 'Halima',
    lastName: 'Said',
    traderStatus: 'trader',
    tier: 'basic',
    role: 'finance',
    locale: 'sw',
    currencyId: 4,
    referralCode: 'DEMOFIN9',
  },
];

/**
 * The demo market's members (demo-market.ts) as accounts: at `<handle>@mavuno.test`, in their country, with its
 * currency, and a referral code of their own (`DEMOKE1`…).
 */
async function demoMemberAccounts(db: Executor) {
  const countryIds = new Map(
    (
      await db
        .select({ id: countries.id, code: countries.code })
        .from(countries)
        .where(inArray(countries.code, Object.keys(DEMO_MARKET)))
    ).map((row) => [row.code, row.id]),
  );
  return (Object.entries(DEMO_MARKET) as [LaunchCountry, (typeof DEMO_MARKET)[LaunchCountry]][]).flatMap(
    ([country, { members }]) =>
      members.map((member, index) => ({
        email: `${member.handle}@mavuno.test`,
        phone: member.phone,
        firstName: member.firstName,
        lastName: member.lastName ?? null,
        traderStatus: member.traderStatus,
        tier: member.tier,
        role: 'user' as const,
        locale: member.locale,
        currencyId: CURRENCIES.find((currency) => currency.code === currencyOfCountry(country))!.id,
        countryId: countryIds.get(country)!,
        referralCode: `DEMO${country}${index + 1}`,
      })),
  );
}

/**
 * Creates the demo accounts and the demo market's members, or resets them (password, tier, confirmations) when they
 * exist.
 */
export async function seedDemoAccounts(db: Executor): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const accounts = [...DEMO_ACCOUNTS, ...(await demoMemberAccounts(db))];
  await db
    .insert(users)
    .values(accounts.map((account) => ({ ...account, passwordHash, emailVerifiedAt: now, phoneVerifiedAt: now })))
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
  // Demo staff enter the back office with DEMO_TOTP_SECRET.
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.filter((a) => isStaffRole(a.role)).map((a) => a.email),
      ),
    );
  await db
    .insert(staffFactors)
    .values(staff.map(({ id }) => ({ userId: id, secret: DEMO_TOTP_SECRET, confirmedAt: now })))
    .onConflictDoUpdate({
      target: staffFactors.userId,
      set: { secret: DEMO_TOTP_SECRET, confirmedAt: now, lastStep: null },
    });
}
