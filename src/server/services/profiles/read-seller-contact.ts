import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';

/**
 * The phone number a member may reach a seller at from the seller's lot page ("Call", "WhatsApp the seller";
 * docs/lots.md "Share and call"), or null. Only for a signed-in viewer other than the seller, and only when the
 * seller allows it (`users.contact_by_phone`, off by default), has a confirmed number and is not blocked: an
 * unconfirmed number may be somebody else's. Visitors get null before anything is read, so no anonymous page (nor
 * the render cache) can ever hold the number.
 */
export async function readSellerContact(
  db: Executor,
  sellerId: number,
  viewer: { id: number } | null,
): Promise<{ phone: string } | null> {
  if (!viewer || viewer.id === sellerId) return null;
  const [row] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.id, sellerId),
        eq(users.contactByPhone, true),
        isNotNull(users.phoneVerifiedAt),
        isNull(users.blockedAt),
      ),
    );
  return row?.phone ? { phone: row.phone } : null;
}
