import { and, count, desc, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { companies, lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { type LotItem, itemsOf, onMarket, selectLots } from '~/server/services/lots/lot-item';

/** A company by id, or the 404 'No company found with ID {id}, try entering a different ID'. */
export async function requireCompany(db: Executor, id: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw new AppError('not_found', 'companies.not_found', { vars: { id } });
  return company;
}

/**
 * `GET /company/all-company-orders`: a company's lots on the market (published for it: lots.company_id), newest
 * first, a page at a time, in the catalogue's item shape. A company that does not exist is a 404.
 */
export async function listCompanyLots(
  db: Executor,
  companyId: number,
  page: PageRequest,
  viewer: SessionUser | null,
  locale: Locale,
): Promise<Page<LotItem>> {
  await requireCompany(db, companyId);
  const where = and(eq(lots.companyId, companyId), onMarket());
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(lots).where(where),
    selectLots(db, viewer)
      .where(where)
      .orderBy(desc(lots.createdAt), desc(lots.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
  ]);
  return toPage(await itemsOf(db, rows, viewer, locale), total, page);
}
