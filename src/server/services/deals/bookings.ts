import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import { isLotOnMarket } from '~/server/services/lots/lot-item';
import type { Executor } from '~/server/db';
import { lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** `GET /offer/bookings?order_id=`: the taken ranges of a machinery lot from today on (approved and done bookings), no parties named. */
export async function listBookedRanges(
  db: Executor,
  lotId: number,
): Promise<{ date_from: string; date_to: string; hour_from: number | null; hour_to: number | null }[]> {
  const [lot] = await db
    .select({
      kind: lots.kind,
      type: lots.type,
      status: lots.status,
      hiddenAt: lots.hiddenAt,
      ownerBlockedAt: lots.ownerBlockedAt,
    })
    .from(lots)
    .where(eq(lots.id, lotId));
  if (lot?.kind !== 'technic' || lot.type !== 'rent' || !isLotOnMarket(lot))
    throw new AppError('not_found', 'lots.not_found');
  const today = new Date().toISOString().slice(0, 10);
  const rows = await db
    .select({ from: offers.bookingFrom, to: offers.bookingTo, hourFrom: offers.hourFrom, hourTo: offers.hourTo })
    .from(offers)
    .where(
      and(
        eq(offers.lotId, lotId),
        inArray(offers.status, [OFFER_STATUS.approved, OFFER_STATUS.done]),
        gte(offers.bookingTo, today),
      ),
    )
    .orderBy(asc(offers.bookingFrom))
    .limit(500);
  return rows.map((row) => ({ date_from: row.from!, date_to: row.to!, hour_from: row.hourFrom, hour_to: row.hourTo }));
}
