import { asc, count } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, perUnits } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/** Every unit for the back office, retired included, in three languages, with how many lots use it. */
export async function listAdminUnits(db: Executor, actor: StaffActor) {
  requireCapability(actor, 'reference');
  const [rows, uses] = await Promise.all([
    db.select().from(perUnits).orderBy(asc(perUnits.sortOrder), asc(perUnits.id)),
    db.select({ id: lots.perUnitId, n: count() }).from(lots).groupBy(lots.perUnitId),
  ]);
  const lotCount = new Map(uses.map((u) => [u.id, Number(u.n)]));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name_en: row.nameEn,
    name_sw: row.nameSw,
    name_fr: row.nameFr,
    short_en: row.shortEn,
    short_sw: row.shortSw,
    short_fr: row.shortFr,
    for_board: row.forBoard,
    for_seed: row.forSeed,
    for_fertilizer: row.forFertilizer,
    for_machinery: row.forMachinery,
    kg_per_unit: row.kgPerUnit,
    retired_at: row.retiredAt?.toISOString() ?? null,
    lots: lotCount.get(row.id) ?? 0,
  }));
}
