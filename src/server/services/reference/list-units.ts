import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { perUnits } from '~/server/db/schema';

export const UNIT_CATEGORIES = ['for_board', 'for_seed', 'for_fertilizer', 'for_machinery', 'all'] as const;
export type UnitCategory = (typeof UNIT_CATEGORIES)[number];

const FLAG = {
  for_board: perUnits.forBoard,
  for_seed: perUnits.forSeed,
  for_fertilizer: perUnits.forFertilizer,
  for_machinery: perUnits.forMachinery,
} as const;

/** Units a lot of one kind can be priced per (or every unit for `all`), in the caller's language; never a retired one. */
export async function listUnits(db: Executor, category: UnitCategory, locale: Locale) {
  return db
    .select({
      id: perUnits.id,
      code: perUnits.code,
      name: localizedColumn(perUnits, 'name', locale),
      short: localizedColumn(perUnits, 'short', locale),
    })
    .from(perUnits)
    .where(and(isNull(perUnits.retiredAt), category === 'all' ? undefined : eq(FLAG[category], true)))
    .orderBy(asc(perUnits.sortOrder));
}
