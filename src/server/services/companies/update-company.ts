import { eq } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import type { CompanyUpdateInput } from '~/features/companies/schemas';
import type { Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { companies } from '~/server/db/schema';
import { requireMembership } from './access';
import { assertPlace } from '~/server/services/reference/check-place';
import { companyExists, entityNumberTaken } from './create-company';

/** Changes the fields sent of the caller's company (administrators only); blank optional fields are cleared. */
export async function updateCompany(db: Executor, userId: number, input: CompanyUpdateInput): Promise<{ id: number }> {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const [current] = await db.select().from(companies).where(eq(companies.id, companyId));
  const countryId = input.country_id ?? current.countryId;
  // A new country without a region clears the region (it was the old country's).
  const regionId = 'region_id' in input ? input.region_id : countryId !== current.countryId ? null : current.regionId;
  await assertPlace(db, { country_id: countryId, region_id: regionId });
  const entityNumber = input.entity_number ?? current.entityNumber;
  if (await entityNumberTaken(db, countryId, entityNumber, companyId)) throw companyExists();
  const set: Partial<typeof companies.$inferInsert> = { countryId, regionId: regionId ?? null, updatedAt: new Date() };
  if (input.title !== undefined) set.title = input.title;
  if (input.entity_number !== undefined) set.entityNumber = input.entity_number;
  if (input.type_id !== undefined) set.typeId = input.type_id;
  if ('phone' in input) set.phone = input.phone ? (normalizePhone(input.phone) ?? null) : null;
  if ('email' in input) set.email = input.email ?? null;
  if ('website' in input) set.website = input.website ?? null;
  if ('description' in input) set.description = input.description ?? null;
  if ('latitude' in input) set.latitude = input.latitude ?? null;
  if ('longitude' in input) set.longitude = input.longitude ?? null;
  try {
    await db.update(companies).set(set).where(eq(companies.id, companyId));
  } catch (error) {
    if (isUniqueViolation(error, 'companies_entity_uq')) throw companyExists();
    throw error;
  }
  return { id: companyId };
}
