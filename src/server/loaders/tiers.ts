import { getDb } from '~/server/db';
import { getPendingTierRequest } from '~/server/services/accounts/tiers';
import type { SessionUser } from '~/server/services/accounts/users';

/**
 * The account tiers page (/user/pro): for a member, the tier request still waiting for a decision, if any. An
 * anonymous visitor's page needs nothing from the database.
 */
export async function loadTiersPage(user: SessionUser | null) {
  return { pending: user ? await getPendingTierRequest(await getDb(), user.id) : undefined };
}
