import { and, eq } from 'drizzle-orm';
import type { WarehouseFromPublicInput } from '~/features/warehouses/schemas';
import type { Executor } from '~/server/db';
import { memberWarehouses, systemWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { assertOwnCompany } from './access';
import { isLive } from './public-warehouse-fields';

/**
 * "I store at this depot": a warehouse of `userId` copied from a live public warehouse — its title (and operator)
 * as the description, its point, country, region, village, phone and e-mail; the fields given override the copy.
 * An unknown or retired public warehouse is a 404.
 */
export async function createWarehouseFromPublic(
  db: Executor,
  userId: number,
  input: WarehouseFromPublicInput,
): Promise<{ id: number }> {
  const [source] = await db
    .select()
    .from(systemWarehouses)
    .where(and(eq(systemWarehouses.id, input.system_warehouse_id), isLive));
  if (!source) throw new AppError('not_found', 'errors.not_found');
  await assertOwnCompany(db, userId, input.company_id);
  const [row] = await db
    .insert(memberWarehouses)
    .values({
      userId,
      companyId: input.company_id ?? null,
      systemWarehouseId: source.id,
      description: input.description ?? (source.operator ? `${source.title} (${source.operator})` : source.title),
      address: input.address ?? null,
      phone: input.phone ?? source.phone,
      email: input.email ?? source.email,
      countryId: source.countryId,
      regionId: source.regionId,
      villageId: source.villageId,
      latitude: source.latitude,
      longitude: source.longitude,
    })
    .returning({ id: memberWarehouses.id });
  return row;
}
