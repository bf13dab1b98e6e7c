import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { avatarUrls } from './avatar';
import { displayName } from './users';

/** What anyone may see of a user: name (first name and initial), kind, tier, confirmed contacts, member since. */
export async function getPublicProfile(db: Executor, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return undefined;
  return {
    id: user.id,
    name: displayName(user),
    trader_status: user.traderStatus,
    tier: user.tier,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
    avatar: user.avatarKey ? avatarUrls(user.avatarKey).avatar : null,
    member_since: user.createdAt.toISOString(),
  };
}

/** `GET /user/get-by-referral-code`: who owns a referral code (the public profile), or undefined. */
export async function findByReferralCode(db: Executor, code: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.trim().toUpperCase()));
  return user ? getPublicProfile(db, user.id) : undefined;
}
