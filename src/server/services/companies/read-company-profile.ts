import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { companyInterests, companyMembers, users } from '~/server/db/schema';
import { getFeedbackSummary } from '~/server/services/deals/feedback';
import { readVerifications } from '~/server/services/verification/read-verifications';
import type { SessionUser } from '~/server/services/accounts/users';
import { displayName } from '~/server/services/accounts/users';
import { loadReferenceNames } from '~/server/services/reference/reference-names';
import { companyTypeName, countCompanyLots } from './company-card';
import { logoUrls } from './upload-company-logo';
import { listCompanyLots, requireCompany } from './list-company-lots';

/** Lots the profile shows; the rest are a page of `GET /company/all-company-orders` away. */
const PROFILE_LOTS = 12;
const FEEDBACK_ITEMS = 10;

/**
 * `GET /company/public-company-profile` and /companies/{id}: what anyone may see of a company — its details, its
 * team's names and roles (never their e-mails or phones), its interests, its lots on the market, its active
 * verifications (what, by whom, for which verifying company, when) and the feedback on its members' deals
 * (over the whole team). An unknown id is the 404 'No company found with ID {id}, try entering a different ID'.
 */
export async function readCompanyProfile(db: Executor, id: number, viewer: SessionUser | null, locale: Locale) {
  const company = await requireCompany(db, id);
  const [team, interests, records, lotPage, names] = await Promise.all([
    db
      .select({
        userId: companyMembers.userId,
        permission: companyMembers.permission,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, id))
      .orderBy(
        sql`case when ${companyMembers.permission} = 'administrator' then 0 else 1 end`,
        asc(companyMembers.createdAt),
        asc(companyMembers.userId),
      ),
    db
      .select()
      .from(companyInterests)
      .where(eq(companyInterests.companyId, id))
      .orderBy(asc(companyInterests.kind), asc(companyInterests.id)),
    readVerifications(db, { companyId: id, activeOnly: true }),
    listCompanyLots(db, id, { page: 1, perPage: PROFILE_LOTS }, viewer, locale),
    loadReferenceNames(db),
  ]);
  const memberIds = team.map((member) => member.userId);
  const [feedback, lotCounts] = await Promise.all([
    getFeedbackSummary(db, memberIds, FEEDBACK_ITEMS),
    countCompanyLots(db, [id]),
  ]);
  return {
    id: company.id,
    title: company.title,
    entity_number: company.entityNumber,
    type_id: company.typeId,
    type: companyTypeName(company.typeId, locale),
    country_id: company.countryId,
    country: names.countries.get(company.countryId)?.[locale] ?? '',
    region_id: company.regionId,
    region: company.regionId === null ? null : (names.regions.get(company.regionId)?.[locale] ?? null),
    phone: company.phone,
    email: company.email,
    website: company.website,
    description: company.description,
    latitude: company.latitude,
    longitude: company.longitude,
    ...(logoUrls(company.logoKey) ?? { logo: null, logo_small: null }),
    is_verifier: company.isVerifier,
    verified: records.length > 0,
    created_at: company.createdAt.toISOString(),
    team: team.map((member) => ({
      user_id: member.userId,
      name: displayName(member),
      permission: member.permission,
    })),
    interests: interests.map((interest) => ({
      id: interest.id,
      kind: interest.kind,
      category_kind: interest.categoryKind,
      category_id: interest.categoryId,
      category: names.categories.get(`${interest.categoryKind}:${interest.categoryId}`)?.[locale] ?? '',
    })),
    // The public record: what, by whom, for which company, when (never the verifier's note).
    verifications: records.map((record) => ({
      id: record.id,
      type: record.type,
      verified_by: { name: record.verified_by },
      from_company:
        record.from_company_id === null ? null : { id: record.from_company_id, title: record.from_company ?? '' },
      created_at: record.created_at.toISOString(),
    })),
    lots_count: lotCounts.get(id) ?? 0,
    lots: lotPage.items,
    feedback,
  };
}
export type CompanyProfile = Awaited<ReturnType<typeof readCompanyProfile>>;
