import { and, eq } from 'drizzle-orm';
import { KINDS } from '~/features/lots/constants';
import type { WarehouseProductInput } from '~/features/warehouses/schemas';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError, type LocalizedMessage } from '~/server/errors';
import { isValidProductType } from './is-valid-product-type';

const UNIT_FLAG = {
  for_board: perUnits.forBoard,
  for_seed: perUnits.forSeed,
  for_fertilizer: perUnits.forFertilizer,
  for_machinery: perUnits.forMachinery,
} as const;

/**
 * A product names a category that may be stock (otherwise 422, reason `warehouses.invalid_product_type`, on
 * `category_id`) and a unit lots of its kind are counted in (422 on `per_unit_id`).
 */
export async function checkWarehouseProduct(db: Executor, input: WarehouseProductInput): Promise<void> {
  const errors: Record<string, LocalizedMessage[]> = {};
  if (!(await isValidProductType(db, input.category_kind, input.category_id)))
    errors.category_id = [{ key: 'warehouses.invalid_product_type' }];
  const [unit] = await db
    .select({ id: perUnits.id })
    .from(perUnits)
    .where(and(eq(perUnits.id, input.per_unit_id), eq(UNIT_FLAG[KINDS[input.category_kind].unitCategory], true)));
  if (!unit) errors.per_unit_id = [{ key: 'validation.invalid_option' }];
  // The reason names the wrong product type when it is one of the faults (clients switch on it).
  if (Object.keys(errors).length > 0)
    throw new AppError(
      'validation_failed',
      errors.category_id ? 'warehouses.invalid_product_type' : 'errors.validation_failed',
      { fields: errors },
    );
}

export const productColumns = (input: WarehouseProductInput) => ({
  categoryKind: input.category_kind,
  categoryId: input.category_id,
  quantity: input.quantity.toFixed(2),
  perUnitId: input.per_unit_id,
  qualityNotes: input.quality_notes ?? null,
});
