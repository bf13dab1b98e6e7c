import { asc, eq, inArray } from 'drizzle-orm';
import { PAGE_CATEGORY } from '~/features/articles/constants';
import { missingLocales, pickArticleLocale } from '~/features/articles/language';
import type { ContentPageSlug } from '~/features/content/pages';
import { LOCALES, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles, articleTranslations } from '~/server/db/schema';
import { type ArticleEditor, requireEditor } from '~/server/services/articles/access';

/** The site's pages as the desk lists them: each with its languages, the missing ones and when it last changed. */
export async function listContentPagesForDesk(db: Executor, editor: ArticleEditor, locale: Locale) {
  requireEditor(editor);
  const rows = await db
    .select({ id: articles.id, slug: articles.slug, version: articles.version, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.category, PAGE_CATEGORY))
    .orderBy(asc(articles.slug));
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
  return rows.map((row) => {
    const mine = titles.filter((t) => t.articleId === row.id);
    const locales = LOCALES.filter((l) => mine.some((t) => t.locale === l));
    const shown = pickArticleLocale(locales, locale);
    return {
      id: row.id,
      slug: row.slug as ContentPageSlug,
      title: mine.find((t) => t.locale === shown)?.title ?? row.slug,
      locales,
      missing_locales: missingLocales(locales),
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
