import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { appMeta } from '~/server/db/schema';

/** The SHA-256 (hex) of an unsubscribe token: only this is stored with the alert. */
export const hashUnsubscribeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A random token's hash: what a new alert holds until its first message names its link. */
export function newUnsubscribeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashUnsubscribeToken(token) };
}

const SECRET_KEY = 'price_alert_unsubscribe_secret';

/** The site's secret for unsubscribe links: 32 random bytes made once, kept in app_meta. */
async function unsubscribeSecret(db: Executor): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  return row.value;
}

/**
 * An alert's one-click unsubscribe token: an HMAC of its id under the site's secret, so every message of the alert
 * carries the same link and yesterday's e-mail still works; the alert stores only the token's hash (to find it).
 */
export async function unsubscribeTokenFor(db: Executor, alertId: number): Promise<{ token: string; hash: string }> {
  const token = createHmac('sha256', await unsubscribeSecret(db))
    .update(`price-alert:${alertId}`)
    .digest('base64url');
  return { token, hash: hashUnsubscribeToken(token) };
}
