import { and, desc, eq, sql } from 'drizzle-orm';
import { ARTICLES_PER_PAGE, type ArticleCategory } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles } from '~/server/db/schema';
import { type ArticleCard, CARD_COLUMNS, toArticleCards } from './article-cards';
import { isNewsArticle } from './news-only';

export interface PublishedArticlesPage {
  items: ArticleCard[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * A page of published articles, newest first (by `published_at`, then id), optionally of one category, each in
 * the reader's language or the best one it has.
 */
export async function listPublishedArticles(
  db: Executor,
  options: { locale: Locale; page?: number; perPage?: number; category?: ArticleCategory },
): Promise<PublishedArticlesPage> {
  const page = options.page ?? 1;
  const perPage = options.perPage ?? ARTICLES_PER_PAGE;
  const where = and(
    eq(articles.state, 'published'),
    isNewsArticle,
    options.category ? eq(articles.category, options.category) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(CARD_COLUMNS)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where),
  ]);
  return { items: await toArticleCards(db, rows, options.locale), total, page, perPage };
}
