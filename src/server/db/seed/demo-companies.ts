import { and, eq, inArray, like } from 'drizzle-orm';
import type { CompanyPermission, InterestKind, VerificationType } from '~/features/companies/constants';
import type { Executor } from '~/server/db/client';
import {
  companies,
  companyInterests,
  companyMembers,
  countries,
  lots,
  regions,
  users,
  verifications,
} from '~/server/db/schema';

/** Demo companies are marked by their registration number (`DEMO-…`) and "(demo data)" in their description. */
export const DEMO_ENTITY_PREFIX = 'DEMO-';

/**
 * Demo companies (docs/companies.md): a verifying cooperative run by demo-silver, a trading company run by
 * demo-gold, a processor and a farm, with their teams, interests, verification records and the lots their
 * administrators published for them. Replaced, not duplicated, when the demo set loads again.
 */
const DEMO_COMPANIES: {
  entity: string;
  code: string;
  title: string;
  typeId: number;
  country: string;
  region: string;
  isVerifier?: boolean;
  phone: string;
  email: string;
  website?: string;
  description: string;
  team: { owner: string; permission: CompanyPermission }[];
  interests: { kind: InterestKind; category: number }[];
  /** Verified by a demo account, for the verifying company of the given entity number when there is one. */
  verified?: { type: VerificationType; by: string; from?: string; note: string }[];
  /** The lots of these team members are published for the company. */
  lotsOf?: string[];
}[] = [
  {
    entity: 'DEMO-TZ-COOP-001',
    code: 'DEMOCOOP',
    title: 'Mbeya Highlands Farmers Cooperative',
    typeId: 1,
    country: 'TZ',
    region: 'Mbeya',
    isVerifier: true,
    phone: '+255754000101',
    email: 'coop@mavuno.test',
    website: 'https://example.org/mbeya-highlands',
    description:
      'A cooperative of 420 smallholder farmers around Mbalizi and Mbozi: maize, rice and beans, collected and graded at two stores. It verifies farms in its district for buyers and lenders. (demo data)',
    team: [
      { owner: 'demo-silver', permission: 'administrator' },
      { owner: 'demo-basic', permission: 'manager' },
    ],
    interests: [
      { kind: 'sell', category: 3 },
      { kind: 'sell', category: 4 },
    ],
    verified: [
      { type: 'company_registration', by: 'demo-admin', note: 'Registration certificate checked. (demo data)' },
    ],
    lotsOf: ['demo-silver'],
  },
  {
    entity: 'DEMO-KE-TRADE-002',
    code: 'DEMOTRAD',
    title: 'Rift Valley Grain Traders Ltd',
    typeId: 2,
    country: 'KE',
    region: 'Nakuru',
    phone: '+254712000202',
    email: 'trade@mavuno.test',
    description:
      'Buys maize, wheat and beans from cooperatives and farmers for millers in Nairobi and Nakuru. (demo data)',
    team: [{ owner: 'demo-gold', permission: 'administrator' }],
    interests: [
      { kind: 'buy', category: 3 },
      { kind: 'sell', category: 7 },
    ],
    verified: [
      {
        type: 'warehouse',
        by: 'demo-silver',
        from: 'DEMO-TZ-COOP-001',
        note: 'Warehouse visited, 2,000 t capacity. (demo data)',
      },
    ],
    lotsOf: ['demo-gold'],
  },
  {
    entity: 'DEMO-NG-PROC-003',
    code: 'DEMOPROC',
    title: 'Kano Agro Processing',
    typeId: 3,
    country: 'NG',
    region: 'Kano',
    phone: '+2348030000303',
    email: 'processing@mavuno.test',
    description: 'Mills sorghum and maize and presses groundnut oil. (demo data)',
    team: [{ owner: 'demo-buyer', permission: 'administrator' }],
    interests: [{ kind: 'buy', category: 3 }],
  },
  {
    entity: 'DEMO-TZ-FARM-004',
    code: 'DEMOFARM',
    title: 'Kilombero Valley Rice Farm',
    typeId: 4,
    country: 'TZ',
    region: 'Morogoro',
    phone: '+255754000404',
    email: 'farm@mavuno.test',
    description: 'A 300-hectare irrigated rice farm in the Kilombero valley. (demo data)',
    team: [],
    interests: [{ kind: 'sell', category: 4 }],
  },
];

export async function seedDemoCompanies(db: Executor): Promise<void> {
  // Cascades to their teams, interests and verifications; their lots keep going, no longer for a company.
  await db.delete(companies).where(like(companies.entityNumber, `${DEMO_ENTITY_PREFIX}%`));
  const emails = [
    ...new Set(DEMO_COMPANIES.flatMap((c) => [...c.team.map((m) => m.owner), ...(c.verified ?? []).map((v) => v.by)])),
  ].map((owner) => `${owner}@mavuno.test`);
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const userId = new Map(userRows.map((row) => [(row.email ?? '').replace('@mavuno.test', ''), row.id]));
  const companyId = new Map<string, number>();
  for (const demo of DEMO_COMPANIES) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, demo.country));
    if (!country) continue;
    const [region] = await db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.countryId, country.id), eq(regions.name, demo.region)));
    const team = demo.team.filter((member) => userId.has(member.owner));
    // A member belongs to at most one company: one who joined a real company since keeps it.
    const taken = team.length
      ? new Set(
          (
            await db
              .select({ userId: companyMembers.userId })
              .from(companyMembers)
              .where(
                inArray(
                  companyMembers.userId,
                  team.map((member) => userId.get(member.owner)!),
                ),
              )
          ).map((row) => row.userId),
        )
      : new Set<number>();
    const [company] = await db
      .insert(companies)
      .values({
        title: demo.title,
        entityNumber: demo.entity,
        typeId: demo.typeId,
        countryId: country.id,
        regionId: region?.id ?? null,
        phone: demo.phone,
        email: demo.email,
        website: demo.website ?? null,
        description: demo.description,
        code: demo.code,
        isVerifier: demo.isVerifier ?? false,
        createdBy: team[0] ? userId.get(team[0].owner)! : null,
      })
      .returning({ id: companies.id });
    companyId.set(demo.entity, company.id);
    const members = team.filter((member) => !taken.has(userId.get(member.owner)!));
    if (members.length)
      await db
        .insert(companyMembers)
        .values(
          members.map((m) => ({ companyId: company.id, userId: userId.get(m.owner)!, permission: m.permission })),
        );
    if (demo.interests.length)
      await db.insert(companyInterests).values(
        demo.interests.map((interest) => ({
          companyId: company.id,
          kind: interest.kind,
          categoryKind: 'board' as const,
          categoryId: interest.category,
        })),
      );
    for (const record of demo.verified ?? []) {
      const by = userId.get(record.by);
      if (!by) continue;
      await db.insert(verifications).values({
        companyId: company.id,
        type: record.type,
        verifiedBy: by,
        fromCompanyId: record.from ? (companyId.get(record.from) ?? null) : null,
        note: record.note,
      });
    }
    const lotOwners = (demo.lotsOf ?? [])
      .filter((owner) => members.some((m) => m.owner === owner))
      .map((owner) => userId.get(owner)!);
    if (lotOwners.length) await db.update(lots).set({ companyId: company.id }).where(inArray(lots.userId, lotOwners));
  }
}
