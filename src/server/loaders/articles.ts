import { ARTICLE_CATEGORIES, type ArticleCategory, HOME_ARTICLES } from '~/features/articles/constants';
import { parseId } from '~/features/validation/fields';
import { SLUG_PATTERN } from '~/features/articles/schemas';
import type { Locale } from '~/i18n/config';
import { memoize } from '~/server/cache/memo';
import { getDb } from '~/server/db';
import { listOtherNews } from '~/server/services/articles/list-other-news';
import { listPublishedArticles } from '~/server/services/articles/list-published-articles';
import { readPublishedArticle } from '~/server/services/articles/read-published-article';
import { notFoundAsUndefined } from './not-found';

/** Published news may be this old on the home page (shared per process and language). */
const MINUTE = 60_000;

/**
 * The /article list's query from the page address: `page` and `category`; a value that is not one of ours is
 * left out (an old or hand-made link shows the list, not an error).
 */
export function parseArticleListQuery(search: string): { page: number; category?: ArticleCategory } {
  const params = new URLSearchParams(search);
  const page = parseId(params.get('page')) ?? 1;
  const raw = params.get('category');
  const category = ARTICLE_CATEGORIES.find((c) => c === raw);
  return { page: Math.min(page, 100_000), category };
}

/** What /article shows: one page of published articles, newest first, 12 a page, optionally of one category. */
export async function loadArticleList(search: string, locale: Locale) {
  const query = parseArticleListQuery(search);
  const result = await listPublishedArticles(await getDb(), { locale, page: query.page, category: query.category });
  return { query, ...result, pageCount: Math.max(1, Math.ceil(result.total / result.perPage)) };
}

/** What /article/{slug} shows: the article (in the reader's language or the best one) and other news beside it. */
export async function loadArticlePage(slug: string | undefined, locale: Locale) {
  if (!slug || !SLUG_PATTERN.test(slug) || slug.length > 120) return undefined;
  const db = await getDb();
  const article = await notFoundAsUndefined(readPublishedArticle(db, { slug }, locale));
  if (!article) return undefined;
  return { article, otherNews: await listOtherNews(db, slug, locale) };
}

/** The home page's newest articles in the reader's language (or the best one), shared for a minute. */
export async function loadHomeArticles(locale: Locale) {
  const db = await getDb();
  return memoize(
    `home:articles:${locale}`,
    MINUTE,
    async () => (await listPublishedArticles(db, { locale, perPage: HOME_ARTICLES })).items,
  );
}
