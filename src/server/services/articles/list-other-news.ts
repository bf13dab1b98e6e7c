import { and, desc, eq, ne } from 'drizzle-orm';
import { OTHER_NEWS_COUNT } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles } from '~/server/db/schema';
import { type ArticleCard, CARD_COLUMNS, toArticleCards } from './article-cards';
import { isNewsArticle } from './news-only';

/** "Other news" beside an article: the newest published articles other than the one with `slug`. */
export async function listOtherNews(
  db: Executor,
  slug: string,
  locale: Locale,
  count = OTHER_NEWS_COUNT,
): Promise<ArticleCard[]> {
  const rows = await db
    .select(CARD_COLUMNS)
    .from(articles)
    .where(and(eq(articles.state, 'published'), isNewsArticle, ne(articles.slug, slug)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(count);
  return toArticleCards(db, rows, locale);
}
