import { asc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { countries, systemWarehouses } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/** Every public warehouse for the back office (docs/backoffice.md "Reference data"), retired ones included. */
export async function listAdminPublicWarehouses(db: Executor, actor: StaffActor) {
  requireCapability(actor, 'reference');
  const rows = await db
    .select({ row: systemWarehouses, countryCode: countries.code })
    .from(systemWarehouses)
    .innerJoin(countries, eq(countries.id, systemWarehouses.countryId))
    .orderBy(asc(countries.code), asc(systemWarehouses.title));
  return rows.map(({ row, countryCode }) => ({
    id: row.id,
    title: row.title,
    operator: row.operator,
    kind: row.kind,
    capacity_tonnes: row.capacityTonnes,
    services: row.services,
    phone: row.phone,
    email: row.email,
    note: row.note,
    country_code: countryCode.trim(),
    region_id: row.regionId,
    village_id: row.villageId,
    latitude: row.latitude,
    longitude: row.longitude,
    is_demo: row.isDemo,
    retired_at: row.retiredAt?.toISOString() ?? null,
  }));
}
