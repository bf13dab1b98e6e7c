import type { UnitInput } from '~/features/admin/reference';

/** A unit's columns as the back office writes them (add and change). */
export function unitValues(input: UnitInput) {
  return {
    nameEn: input.name_en,
    nameSw: input.name_sw,
    nameFr: input.name_fr,
    shortEn: input.short_en,
    shortSw: input.short_sw,
    shortFr: input.short_fr,
    forBoard: input.for_board,
    forSeed: input.for_seed,
    forFertilizer: input.for_fertilizer,
    forMachinery: input.for_machinery,
    kgPerUnit: input.kg_per_unit === undefined ? null : String(input.kg_per_unit),
  };
}
