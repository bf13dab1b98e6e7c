import { and, eq, sql } from 'drizzle-orm';
import { normalizePhone } from '~/features/accounts/phone';
import type { CompanyCreateInput } from '~/features/companies/schemas';
import type { Database, Executor } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { companies, companyMembers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { assertPlace } from '~/server/services/reference/check-place';
import { randomReferralCode } from '../accounts/secrets';
import { findMembership } from './access';

/** 'company already exists': the registration number is taken in that country (compared without case and spaces). */
export const companyExists = () =>
  new AppError('conflict', 'companies.exists', { fields: { entity_number: [{ key: 'companies.exists' }] } });

/** The entity number as the unique index compares it. */
export const entityKey = (value: string) => value.replaceAll(' ', '').toUpperCase();

/** Whether another company of the country holds the registration number. */
export async function entityNumberTaken(db: Executor, countryId: number, entityNumber: string, exceptId?: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.countryId, countryId),
        sql`upper(replace(${companies.entityNumber}, ' ', '')) = ${entityKey(entityNumber)}`,
        exceptId === undefined ? undefined : sql`${companies.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** Creates a company; its creator becomes its administrator. A member of a company cannot create another. */
export async function createCompany(db: Database, userId: number, input: CompanyCreateInput): Promise<{ id: number }> {
  if (await findMembership(db, userId)) throw new AppError('conflict', 'companies.already_member');
  await assertPlace(db, { country_id: input.country_id, region_id: input.region_id });
  if (await entityNumberTaken(db, input.country_id, input.entity_number)) throw companyExists();
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          title: input.title,
          entityNumber: input.entity_number,
          typeId: input.type_id,
          countryId: input.country_id,
          regionId: input.region_id ?? null,
          phone: input.phone ? (normalizePhone(input.phone) ?? null) : null,
          email: input.email ?? null,
          website: input.website ?? null,
          description: input.description ?? null,
          latitude: input.latitude ?? null,
          longitude: input.longitude ?? null,
          code: randomReferralCode(),
          createdBy: userId,
        })
        .returning({ id: companies.id });
      await tx.insert(companyMembers).values({ companyId: company.id, userId, permission: 'administrator' });
      return { id: company.id };
    });
  } catch (error) {
    // Two creations at once: the unique indexes decide.
    if (isUniqueViolation(error, 'companies_entity_uq')) throw companyExists();
    if (isUniqueViolation(error, 'company_members_one_company_uq'))
      throw new AppError('conflict', 'companies.already_member');
    throw error;
  }
}
