import { and, eq } from 'drizzle-orm';
import { PAGE_CATEGORY } from '~/features/articles/constants';
import { pickArticleLocale } from '~/features/articles/language';
import type { ContentPageSlug } from '~/features/content/pages';
import { LOCALES, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles, articleTranslations } from '~/server/db/schema';
import { AppError } from '~/server/errors';

export interface ContentPage {
  id: number;
  slug: ContentPageSlug;
  /** The language shown: the reader's, else the best one the page has (`is_fallback`). */
  locale: Locale;
  is_fallback: boolean;
  locales: Locale[];
  title: string;
  description: string;
  /** The Markdown as editors wrote it (rendered by the caller: the FAQ is split into questions first). */
  body: string;
  updated_at: string;
}

/** One of the site's pages (FAQ, terms, privacy, wallet help) in the reader's language or the best one; else 404. */
export async function readContentPage(db: Executor, slug: ContentPageSlug, locale: Locale): Promise<ContentPage> {
  const [row] = await db
    .select({ id: articles.id, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.slug, slug), eq(articles.category, PAGE_CATEGORY)));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  const translations = await db.select().from(articleTranslations).where(eq(articleTranslations.articleId, row.id));
  const locales = LOCALES.filter((l) => translations.some((t) => t.locale === l));
  const shown = pickArticleLocale(locales, locale);
  const text = translations.find((t) => t.locale === shown);
  if (!shown || !text) throw new AppError('not_found', 'errors.not_found');
  return {
    id: row.id,
    slug,
    locale: shown,
    is_fallback: shown !== locale,
    locales,
    title: text.title,
    description: text.summary,
    body: text.body,
    updated_at: row.updatedAt.toISOString(),
  };
}
