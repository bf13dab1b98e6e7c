import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { LotKind, LotType } from '~/features/lots/constants';
import { onMarket } from '~/server/services/lots/lot-item';
import { isPriceUnusual, MIN_LOTS_FOR_MEDIAN } from '~/features/lots/price-plausibility';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** The lots whose prices are compared: one kind, category, type, unit and currency (and rent unit, for rentals). */
export interface PriceGroup {
  kind: LotKind;
  type: LotType;
  categoryId: number;
  perUnitId: number;
  currencyId: number;
  /** A machine for rent is priced per hour, day, acre or hectare: only rates per the same unit compare. */
  rentPer?: string;
}

export interface UsualPrice {
  /** The median price of the group, in minor units of its currency (rounded). */
  medianMinor: number;
  /** How many lots on the market it is the median of. */
  count: number;
}

/**
 * The median price of the lots on the market in a group (leaving out one lot, the one being edited), or null
 * when fewer than MIN_LOTS_FOR_MEDIAN lots make it. One aggregate over the partial index
 * `lots_price_group_idx` (kind, category, unit, currency, type, price) of the lots on the market: it reads only
 * the group's index entries, and runs on a save, never on a keystroke.
 */
export async function findUsualPrice(
  db: Executor,
  group: PriceGroup,
  options: { excludeLotId?: number } = {},
): Promise<UsualPrice | null> {
  const [row] = await db
    .select({
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${lots.priceMinor})`,
      count: sql<number>`count(*)::int`,
    })
    .from(lots)
    .where(
      and(
        eq(lots.kind, group.kind),
        eq(lots.categoryId, group.categoryId),
        eq(lots.perUnitId, group.perUnitId),
        eq(lots.currencyId, group.currencyId),
        eq(lots.type, group.type),
        // Written as the index's own condition, so the planner matches the partial index.
        onMarket(),
        gt(lots.priceMinor, 0),
        options.excludeLotId === undefined ? undefined : ne(lots.id, options.excludeLotId),
        group.rentPer === undefined ? undefined : sql`${lots.details}->>'rent_per' = ${group.rentPer}`,
      ),
    );
  const count = Number(row?.count ?? 0);
  if (count < MIN_LOTS_FOR_MEDIAN || row?.median === null || row?.median === undefined) return null;
  return { medianMinor: Math.round(Number(row.median)), count };
}

/**
 * Refuses a price far from the usual one of its group (features/lots/price-plausibility.ts) with a 409
 * `price_unusual` on the field `price`, naming the median, unless the seller confirmed it (`price_confirmed`).
 */
export async function assertPlausiblePrice(
  db: Executor,
  group: PriceGroup,
  price: { minor: number; currency: { code: string; decimals: number } },
  options: { confirmed: boolean; excludeLotId?: number; locale: Locale },
): Promise<void> {
  if (options.confirmed) return;
  const usual = await findUsualPrice(db, group, { excludeLotId: options.excludeLotId });
  if (!usual || !isPriceUnusual(price.minor, usual.medianMinor)) return;
  const vars = { median: formatMoney(usual.medianMinor, price.currency, options.locale), count: usual.count };
  throw new AppError('price_unusual', 'lots.price_unusual', {
    vars,
    fields: { price: [{ key: 'lots.price_unusual', vars }] },
  });
}
