import { forgetLotCounts } from '~/server/cache/lot-counts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { offerVolumeLimits } from '~/features/deals/figures';
import { OFFER_STATUS } from '~/features/deals/constants';
import { isLotOnMarket } from '~/server/services/lots/lot-item';
import { isInDeal, isSoldOut } from '~/features/lots/owner-actions';
import type { Executor } from '~/server/db';
import { lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';

export type LotRow = typeof lots.$inferSelect;

/**
 * Reads a lot and locks its row until the transaction ends: every decision that depends on what remains of a
 * lot (volume, free dates) is taken under this lock, so two approvals cannot both take the last tonnes.
 */
export async function lockLot(tx: Executor, lotId: number): Promise<LotRow> {
  const [lot] = await tx.select().from(lots).where(eq(lots.id, lotId)).for('update');
  if (!lot) throw new AppError('not_found', 'lots.not_found');
  return lot;
}

/** Hundredths of a unit: exact arithmetic on numeric(14,2) values. */
const centi = (value: string | number | null) => Math.round(Number(value ?? 0) * 100);

/**
 * What remains on offer, and the volume range an offer may take now: at least the lot's minimum (or what remains,
 * if less), at most its maximum and what remains (docs/deals.md "Volume and the lot's status").
 */
export function volumeLimits(lot: Pick<LotRow, 'volume' | 'reservedVolume' | 'minVolume' | 'maxVolume'>) {
  const decimal = (value: string | null) => (value === null ? null : Number(value));
  return offerVolumeLimits({
    volume: Number(lot.volume),
    reserved: Number(lot.reservedVolume),
    min: decimal(lot.minVolume),
    max: decimal(lot.maxVolume),
  });
}

export function assertVolumeFits(lot: LotRow, volume: number): void {
  const { remaining, min, max } = volumeLimits(lot);
  if (remaining <= 0) throw new AppError('conflict', 'offers.volume_exceeded', { vars: { remaining } });
  if (centi(volume) > centi(remaining))
    throw new AppError('conflict', 'offers.volume_exceeded', {
      vars: { remaining },
      fields: { volume: [{ key: 'offers.volume_above_max', vars: { max } }] },
    });
  if (centi(volume) < centi(min))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { volume: [{ key: 'offers.volume_below_min', vars: { min } }] },
    });
  if (centi(volume) > centi(max))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { volume: [{ key: 'offers.volume_above_max', vars: { max } }] },
    });
}

/** Whether an approved deal (a booking included) of the lot is under way: status 3, not yet done. */
async function hasRunningDeal(tx: Executor, lotId: number): Promise<boolean> {
  const [running] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.lotId, lotId), eq(offers.status, OFFER_STATUS.approved)))
    .limit(1);
  return running !== undefined;
}

/**
 * A lot in a deal keeps its terms: no edit, new price, deactivation or deletion while an approved deal (a
 * booking included) is under way; a sold-out lot has nothing left to change. Call it under the lot's row lock.
 */
export async function assertLotMayChange(tx: Executor, lot: Pick<LotRow, 'id' | 'status'>): Promise<void> {
  if (isInDeal({ hasRunningDeal: await hasRunningDeal(tx, lot.id) }))
    throw new AppError('conflict', 'lots.locked_by_deal');
  if (isSoldOut(lot)) throw new AppError('conflict', 'lots.sold_out');
}

/**
 * A deal of the lot stopped being under way by being done (a deal called off gives its volume back instead:
 * `unreserveAfterCancel`).
 * Called under the offer's and then the lot's row lock, in the transaction that records the step, after the
 * offer row has its new status: when no other deal of the lot is under way, a lot in process is back on the
 * market for what remains (active), or sold out (success) when nothing remains. A closed, paused or sold-out
 * lot keeps its status; every lot without a deal under way may be changed again (isInDeal).
 */
export async function releaseLotAfterDeal(tx: Executor, lot: LotRow): Promise<void> {
  if (lot.status !== 'in_process' || (await hasRunningDeal(tx, lot.id))) return;
  const { remaining } = volumeLimits(lot);
  await tx
    .update(lots)
    .set({ status: centi(remaining) > 0 ? 'active' : 'success', updatedAt: new Date() })
    .where(eq(lots.id, lot.id));
  // Before the commit: another request may count the old state again for a few seconds (cache/lot-counts.ts).
  forgetLotCounts();
}

export function assertOnMarket(lot: LotRow): void {
  if (!isLotOnMarket(lot)) throw new AppError('conflict', 'offers.lot_not_open');
}

/** A booking's range as timestamps: [date_from + hour_from, date_to + hour_to), whole days with 0 and 24. */
export const bookingRange = (b: {
  bookingFrom: string;
  bookingTo: string;
  hourFrom: number | null;
  hourTo: number | null;
}) => ({
  start: Date.parse(`${b.bookingFrom}T00:00:00Z`) + (b.hourFrom ?? 0) * 3_600_000,
  end: Date.parse(`${b.bookingTo}T00:00:00Z`) + (b.hourTo ?? 24) * 3_600_000,
});

/** Refuses a booking that overlaps an approved or done booking of the lot (the caller holds the lot lock). */
export async function assertDatesFree(
  tx: Executor,
  lotId: number,
  booking: { bookingFrom: string; bookingTo: string; hourFrom: number | null; hourTo: number | null },
  exceptOfferId?: number,
): Promise<void> {
  const taken = await tx
    .select({
      id: offers.id,
      bookingFrom: offers.bookingFrom,
      bookingTo: offers.bookingTo,
      hourFrom: offers.hourFrom,
      hourTo: offers.hourTo,
    })
    .from(offers)
    .where(
      and(
        eq(offers.lotId, lotId),
        inArray(offers.status, [OFFER_STATUS.approved, OFFER_STATUS.done]),
        // Cheap pre-filter by days; hours are compared below.
        sql`${offers.bookingFrom} <= ${booking.bookingTo} and ${offers.bookingTo} >= ${booking.bookingFrom}`,
      ),
    );
  const wanted = bookingRange(booking);
  const clash = taken.some(
    (other) =>
      other.id !== exceptOfferId &&
      other.bookingFrom &&
      other.bookingTo &&
      (() => {
        const range = bookingRange({
          bookingFrom: other.bookingFrom,
          bookingTo: other.bookingTo,
          hourFrom: other.hourFrom,
          hourTo: other.hourTo,
        });
        return range.start < wanted.end && wanted.start < range.end;
      })(),
  );
  if (clash)
    throw new AppError('conflict', 'offers.dates_taken', { fields: { date_from: [{ key: 'offers.dates_taken' }] } });
}

/**
 * Approval's effect on the lot (under its lock): a sale or buy request reserves the offer's volume — refused
 * when it no longer fits — and the lot becomes in process, or success when nothing remains; a booking takes
 * its dates, refused when they are taken meanwhile. Answers whether it sold the lot out: then the write path
 * declines the offers still waiting (`declineWaitingOffers`, apply-deal-event.ts). Only the lot row is written here;
 * offers are written by the one write path.
 */
export async function reserveForDeal(
  tx: Executor,
  lot: LotRow,
  offer: {
    id?: number;
    volume: string;
    bookingFrom: string | null;
    bookingTo: string | null;
    hourFrom: number | null;
    hourTo: number | null;
  },
): Promise<{ soldOut: boolean }> {
  if (offer.bookingFrom && offer.bookingTo) {
    // A request answered late: its first day has passed.
    if (offer.bookingFrom < new Date().toISOString().slice(0, 10)) throw new AppError('conflict', 'offers.date_past');
    await assertDatesFree(
      tx,
      lot.id,
      { bookingFrom: offer.bookingFrom, bookingTo: offer.bookingTo, hourFrom: offer.hourFrom, hourTo: offer.hourTo },
      offer.id,
    );
    return { soldOut: false };
  }
  const { remaining } = volumeLimits(lot);
  if (centi(offer.volume) > centi(remaining))
    throw new AppError('conflict', 'offers.volume_exceeded', { vars: { remaining } });
  const reserved = centi(lot.reservedVolume) + centi(offer.volume);
  const status = reserved >= centi(lot.volume) ? 'success' : 'in_process';
  await tx
    .update(lots)
    .set({
      reservedVolume: (reserved / 100).toFixed(2),
      status: lot.status === 'active' || lot.status === 'in_process' ? status : lot.status,
      updatedAt: new Date(),
    })
    .where(eq(lots.id, lot.id));
  if (status === 'success') forgetLotCounts();
  return { soldOut: status === 'success' };
}

/**
 * An approved deal called off before delivery (a deal paid through Mavuno the seller declines, or refunded by a
 * dispute's decision: docs/deals.md "Wallet payment", "Disputes"). Under the lot's and the offer's row locks, after the offer row has its new status: the volume the
 * approval reserved is given back (a booking reserved no volume; its dates free themselves), and a lot in
 * process or sold out by it is on the market again — in process while another deal runs, else active.
 */
export async function unreserveAfterCancel(
  tx: Executor,
  lot: LotRow,
  offer: { volume: string; bookingFrom: string | null },
): Promise<void> {
  if (offer.bookingFrom) return;
  const reserved = Math.max(0, centi(lot.reservedVolume) - centi(offer.volume));
  const marketStatus = (await hasRunningDeal(tx, lot.id)) ? 'in_process' : 'active';
  await tx
    .update(lots)
    .set({
      reservedVolume: (reserved / 100).toFixed(2),
      status: lot.status === 'in_process' || lot.status === 'success' ? marketStatus : lot.status,
      updatedAt: new Date(),
    })
    .where(eq(lots.id, lot.id));
  forgetLotCounts();
}
