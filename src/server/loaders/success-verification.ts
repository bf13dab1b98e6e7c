import { parseId } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import type { SessionUser } from '~/server/services/accounts/users';
import { readVerifications } from '~/server/services/verification/read-verifications';

/**
 * /success-verification?verification={id}: the member's own active verification record just completed (what was
 * verified, by whom), or undefined — anyone else's, a revoked one or none (the page then shows the e-mail
 * confirmation it always did).
 */
export async function loadCompletedVerification(user: SessionUser | null, rawId: string | null) {
  const id = parseId(rawId ?? '');
  if (!user || id === undefined) return undefined;
  const records = await readVerifications(await getDb(), { userId: user.id, activeOnly: true });
  return records.find((record) => record.id === id);
}
