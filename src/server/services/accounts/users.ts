import { type SQLWrapper, eq, sql } from 'drizzle-orm';
import { type Permission, type Role, type Tier, scopeFor } from '~/features/accounts/constants';
import { isLocale, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';

/** What the server knows of the signed-in user on every request. */
export interface SessionUser {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  tier: Tier;
  role: Role;
  locale: Locale;
  /** The profile's currency (`users.currency_id`): prices are also shown in it (docs/lots.md). */
  currencyId: number;
  scope: Permission[];
  sessionId: number;
}

export type UserRow = typeof users.$inferSelect;

export function toSessionUser(user: UserRow, sessionId: number): SessionUser {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    emailVerified: user.emailVerifiedAt !== null,
    phoneVerified: user.phoneVerifiedAt !== null,
    tier: user.tier,
    role: user.role,
    locale: isLocale(user.locale) ? user.locale : 'en',
    currencyId: user.currencyId,
    scope: scopeFor(user),
    sessionId,
  };
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** "Amina W." — first name and initial, what other users see. */
export function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return user.lastName ? `${user.firstName} ${user.lastName.charAt(0)}.` : user.firstName;
}

/**
 * A user's name inside a query, by id: `full` for the two parties of a deal, `public` with the same rule as
 * displayName ("Amina W.") for what anyone may read.
 */
export function userNameSql(userId: SQLWrapper, form: 'full' | 'public') {
  return form === 'full'
    ? sql<string>`(select first_name || coalesce(' ' || last_name, '') from users where id = ${userId})`
    : sql<string>`(select first_name || coalesce(' ' || left(last_name, 1) || '.', '') from users where id = ${userId})`;
}

export function userLocale(user: Pick<UserRow, 'locale'>): Locale {
  return isLocale(user.locale) ? user.locale : 'en';
}
