import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, companyMembers, lots, users } from '~/server/db/schema';
import { apiRequest, get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, nakuru, postAs, wrapped } from '../fixtures/lots';

const database = useTestDatabase();
const db = () => database.handle().db;
let sequence = 0;

const userId = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

/** A company of a type (COMPANY_TYPES id) with these members, as the team API would leave it. */
async function companyOf(typeId: number, title: string, memberEmails: string[] = []) {
  const place = await nakuru();
  const [company] = await db()
    .insert(companies)
    .values({
      title,
      entityNumber: `CPL-${++sequence}-${Date.now()}`,
      typeId,
      countryId: place.countryId,
      regionId: place.regionId,
      code: `code-${sequence}-${Date.now()}`,
    })
    .returning({ id: companies.id });
  for (const email of memberEmails)
    await db()
      .insert(companyMembers)
      .values({ companyId: company.id, userId: await userId(email), permission: 'manager' });
  return company.id;
}

const create = async (auth: Record<string, string>, fields: Record<string, unknown>) =>
  postAs(auth, '/board-list/create-quote', wrapped('BoardList', fields));
const update = async (auth: Record<string, string>, id: number, fields: Record<string, unknown>) =>
  postAs(auth, '/board-list/update-quote', wrapped('BoardList', { ...fields, id }));
const ids = async (query: string) =>
  (await get(`/board-list/index?per-page=100&${query}`)).json.items.map((lot: { id: number }) => lot.id);

describe('lots published for a company', () => {
  it('publishes for the owner own company, and the lot answer, cards and page carry the company', async () => {
    const member = await memberWithTier(database.handle(), 'silver');
    const companyId = await companyOf(1, 'Nakuru Maize Growers Cooperative', [member.email]);
    const created = await create(member.auth, await maizeLot({ company_id: companyId }));
    expect(created.status).toBe(200);
    const [row] = await db().select().from(lots).where(eq(lots.id, created.json.id));
    expect(row.companyId).toBe(companyId);
    const view = (await get(`/board-list/view?id=${created.json.id}`)).json;
    expect(view.company_id).toBe(companyId);
    expect(view.company).toEqual({
      id: companyId,
      name: 'Nakuru Maize Growers Cooperative',
      type_id: 1,
      type: 'cooperative',
    });
    const card = (await get('/board-list/index?per-page=100')).json.items.find(
      (lot: { id: number }) => lot.id === created.json.id,
    );
    expect(card.company.name).toBe('Nakuru Maize Growers Cooperative');
    // A lot of one's own, without company_id, has none.
    const own = await create(member.auth, await maizeLot());
    expect((await get(`/board-list/view?id=${own.json.id}`)).json.company).toBeNull();
  });

  it('refuses another company (422 on company_id) and a member without a company, and keeps nothing', async () => {
    const member = await memberWithTier(database.handle(), 'silver');
    const loner = await memberWithTier(database.handle(), 'silver');
    await companyOf(2, 'Rift Traders Ltd', [member.email]);
    const other = await companyOf(2, 'Other Traders Ltd');
    const before = (await db().select({ id: lots.id }).from(lots)).length;
    const wrong = await create(member.auth, await maizeLot({ company_id: other }));
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe('validation_failed');
    expect(wrong.json.errors.company_id).toBeDefined();
    const none = await create(loner.auth, await maizeLot({ company_id: other }));
    expect(none.status).toBe(422);
    expect(none.json.errors.company_id).toBeDefined();
    const missing = await create(loner.auth, await maizeLot({ company_id: 999_999 }));
    expect(missing.status).toBe(422);
    const garbage = await create(member.auth, await maizeLot({ company_id: 'abc' }));
    expect(garbage.status).toBe(422);
    expect((await db().select({ id: lots.id }).from(lots)).length).toBe(before);
  });

  it('moves a lot to the company and back on update, only for the owner company', async () => {
    const member = await memberWithTier(database.handle(), 'silver');
    const companyId = await companyOf(3, 'Eldoret Millers', [member.email]);
    const other = await companyOf(3, 'Kisumu Millers');
    const { json } = await create(member.auth, await maizeLot());
    expect((await update(member.auth, json.id, await maizeLot({ company_id: companyId }))).status).toBe(200);
    expect((await get(`/board-list/view?id=${json.id}`)).json.company_id).toBe(companyId);
    expect((await update(member.auth, json.id, await maizeLot({ company_id: other }))).status).toBe(422);
    expect((await get(`/board-list/view?id=${json.id}`)).json.company_id).toBe(companyId);
    expect((await update(member.auth, json.id, await maizeLot())).status).toBe(200);
    expect((await get(`/board-list/view?id=${json.id}`)).json.company_id).toBeNull();
  });

  it('filters by company type (key or id) next to the trader statuses it read before', async () => {
    const member = await memberWithTier(database.handle(), 'silver');
    const companyId = await companyOf(6, 'Mombasa Haulage', [member.email]);
    const forCompany = (await create(member.auth, await maizeLot({ company_id: companyId }))).json.id;
    const own = (await create(member.auth, await maizeLot())).json.id;
    expect(companyId).toBeGreaterThan(0);
    expect(await ids('BoardQuoteSearch[company_type][]=transporter')).toEqual([forCompany]);
    expect(await ids('BoardQuoteSearch[company_type][]=6')).toEqual([forCompany]);
    expect(await ids('BoardQuoteSearch[company_type][]=processor')).not.toContain(forCompany);
    // The sign-up kind still filters (the member signed up as a farmer): both of their lots.
    const farmers = await ids('BoardQuoteSearch[company_type][]=farmer');
    expect(farmers).toEqual(expect.arrayContaining([forCompany, own]));
    // Two values: either matches.
    expect(await ids('BoardQuoteSearch[company_type][]=transporter&BoardQuoteSearch[company_type][]=trader')).toEqual([
      forCompany,
    ]);
    expect((await get('/board-list/index?BoardQuoteSearch[company_type][]=pirate')).status).toBe(422);
  });

  it('answers 401 to an anonymous publisher', async () => {
    const anonymous = await apiRequest('/board-list/create-quote', {
      method: 'POST',
      body: wrapped('BoardList', await maizeLot({ company_id: 1 })),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(anonymous.status).toBe(401);
  });
});
