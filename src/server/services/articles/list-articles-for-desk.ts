import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { DeskListQuery } from '~/features/articles/schemas';
import { missingLocales, pickArticleLocale } from '~/features/articles/language';
import { LOCALES, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles, articleTranslations, users } from '~/server/db/schema';
import { type ArticleEditor, requireEditor } from './access';
import { isNewsArticle } from './news-only';

/**
 * The editors' desk list: every article (any state), last changed first, optionally of one state or lacking one
 * language; each with its languages, the missing ones, and its title in the editor's language (or the best one).
 */
export async function listArticlesForDesk(db: Executor, editor: ArticleEditor, query: DeskListQuery, locale: Locale) {
  requireEditor(editor);
  const where = and(
    isNewsArticle,
    query.state ? eq(articles.state, query.state) : undefined,
    query.missing
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(articleTranslations)
            .where(and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.locale, query.missing))),
        )
      : undefined,
  );
  const perPage = query['per-page'];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: articles.id,
        slug: articles.slug,
        category: articles.category,
        state: articles.state,
        version: articles.version,
        publishAt: articles.publishAt,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
        authorName: users.firstName,
      })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.authorId))
      .where(where)
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where),
  ]);
  const titles =
    rows.length === 0
      ? []
      : await db
          .select({
            articleId: articleTranslations.articleId,
            locale: articleTranslations.locale,
            title: articleTranslations.title,
          })
          .from(articleTranslations)
          .where(
            inArray(
              articleTranslations.articleId,
              rows.map((r) => r.id),
            ),
          );
  const items = rows.map((row) => {
    const mine = titles.filter((t) => t.articleId === row.id);
    const locales = LOCALES.filter((l) => mine.some((t) => t.locale === l));
    const shown = pickArticleLocale(locales, locale);
    return {
      id: row.id,
      slug: row.slug,
      category: row.category,
      state: row.state,
      version: row.version,
      title: mine.find((t) => t.locale === shown)?.title ?? '',
      title_locale: shown ?? null,
      locales,
      missing_locales: missingLocales(locales),
      author: row.authorName,
      publish_at: row.publishAt?.toISOString() ?? null,
      published_at: row.publishedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    };
  });
  return {
    items,
    _meta: {
      totalCount: total,
      pageCount: Math.ceil(total / perPage),
      currentPage: query.page,
      perPage,
    },
  };
}
