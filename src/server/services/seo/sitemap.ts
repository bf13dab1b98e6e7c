import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { KINDS } from '~/features/lots/constants';
import { onMarket } from '~/server/services/lots/lot-item';
import { LOCALES, type Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { articles, articleTranslations, companies, lots, systemWarehouses } from '~/server/db/schema';
import { isLive } from '~/server/services/warehouses/public-warehouse-fields';
import { isNewsArticle } from '~/server/services/articles/news-only';

/** Public pages that exist today (each in the three languages). */
export const STATIC_PATHS = [
  '/',
  '/board',
  '/seed',
  '/fertil',
  '/agrotechnic',
  '/seed/orders',
  '/fertil/orders',
  '/faq',
  '/wallet',
  '/terms-and-conditions',
  '/privacy-policy',
  '/user/pro',
  '/signin/signup-options',
  '/companies',
  '/world-warehouse',
  '/financing',
  '/loan-documents',
  '/article',
  '/statistic',
  '/prices',
];
/** Lots per sitemap file: three URLs each keeps a file under the protocol's 50,000 URLs. */
export const LOTS_PER_SITEMAP = 15_000;

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One `<url>` per language of `locales` (all three by default), each listing the others as alternates. */
function urlEntries(site: string, path: string, lastmod?: Date, locales: readonly Locale[] = LOCALES): string {
  return locales
    .map((locale) => {
      const alternates = locales
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(site + localizePath(path, alt))}"/>`,
        )
        .join('');
      return `<url><loc>${escapeXml(site + localizePath(path, locale))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`;
    })
    .join('');
}

const urlset = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>`;

/** The sitemap index: the static pages' sitemap and as many lot sitemaps as active lots need. */
export async function buildSitemapIndex(db: Executor, site: string): Promise<string> {
  const [{ n }] = await db.select({ n: count() }).from(lots).where(onMarket());
  const [{ companyCount }] = await db.select({ companyCount: count() }).from(companies);
  const [{ articleCount }] = await db
    .select({ articleCount: count() })
    .from(articles)
    .where(and(eq(articles.state, 'published'), isNewsArticle));
  const files = [
    '/sitemap-static.xml',
    '/sitemap-warehouses.xml',
    ...Array.from({ length: Math.max(1, Math.ceil(n / LOTS_PER_SITEMAP)) }, (_, i) => `/sitemap-lots-${i + 1}.xml`),
    ...Array.from({ length: Math.ceil(companyCount / LOTS_PER_SITEMAP) }, (_, i) => `/sitemap-companies-${i + 1}.xml`),
    ...Array.from({ length: Math.ceil(articleCount / LOTS_PER_SITEMAP) }, (_, i) => `/sitemap-articles-${i + 1}.xml`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((f) => `<sitemap><loc>${escapeXml(site + f)}</loc></sitemap>`).join('')}</sitemapindex>`;
}

export function buildStaticSitemap(site: string): string {
  return urlset(STATIC_PATHS.map((path) => urlEntries(site, path)).join(''));
}

/**
 * One file of active lots, in id order (`page` from 1): a lot appears as soon as it is active and disappears
 * when it is closed, deleted or sold, so the sitemap stays correct as lots come and go.
 */
export async function buildLotSitemap(db: Executor, site: string, page: number): Promise<string | undefined> {
  const rows = await db
    .select({ id: lots.id, kind: lots.kind, updatedAt: lots.updatedAt })
    .from(lots)
    .where(and(onMarket(), gt(lots.id, 0)))
    .orderBy(asc(lots.id))
    .limit(LOTS_PER_SITEMAP)
    .offset((page - 1) * LOTS_PER_SITEMAP);
  if (rows.length === 0 && page > 1) return undefined;
  return urlset(rows.map((row) => urlEntries(site, `${KINDS[row.kind].sitePath}/${row.id}`, row.updatedAt)).join(''));
}

/** One file of company profiles (`page` from 1), in id order: every company is public (docs/companies.md). */
export async function buildCompanySitemap(db: Executor, site: string, page: number): Promise<string | undefined> {
  const rows = await db
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(LOTS_PER_SITEMAP)
    .offset((page - 1) * LOTS_PER_SITEMAP);
  if (rows.length === 0) return undefined;
  return urlset(rows.map((row) => urlEntries(site, `/companies/${row.id}`, row.updatedAt)).join(''));
}

/** The live public warehouses' pages (a few hundred at most: one file), in id order. */
export async function buildWarehouseSitemap(db: Executor, site: string): Promise<string> {
  const rows = await db
    .select({ id: systemWarehouses.id, updatedAt: systemWarehouses.updatedAt })
    .from(systemWarehouses)
    .where(isLive)
    .orderBy(asc(systemWarehouses.id))
    .limit(LOTS_PER_SITEMAP);
  return urlset(rows.map((row) => urlEntries(site, `/world-warehouse/${row.id}`, row.updatedAt)).join(''));
}

/**
 * One file of published articles (`page` from 1), newest first: each in the languages it exists in only, with
 * hreflang alternates between them (a language it lacks would show another language's text).
 */
export async function buildArticleSitemap(db: Executor, site: string, page: number): Promise<string | undefined> {
  const rows = await db
    .select({
      slug: articles.slug,
      updatedAt: articles.updatedAt,
      locales: sql<
        Locale[]
      >`array(select ${articleTranslations.locale} from ${articleTranslations} where ${articleTranslations.articleId} = ${articles.id})`,
    })
    .from(articles)
    .where(and(eq(articles.state, 'published'), isNewsArticle))
    .orderBy(asc(articles.id))
    .limit(LOTS_PER_SITEMAP)
    .offset((page - 1) * LOTS_PER_SITEMAP);
  if (rows.length === 0) return undefined;
  return urlset(
    rows
      .map((row) =>
        urlEntries(
          site,
          `/article/${row.slug}`,
          row.updatedAt,
          LOCALES.filter((l) => row.locales.includes(l)),
        ),
      )
      .join(''),
  );
}
