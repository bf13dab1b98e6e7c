import { and, asc, eq } from 'drizzle-orm';
import { type ArticleCategory, isNewsCategory } from '~/features/articles/constants';
import { pickArticleLocale } from '~/features/articles/language';
import { LOCALES, type Locale } from '~/i18n/config';
import { spacedFor } from '~/i18n/typography';
import type { Executor } from '~/server/db';
import { articleCategories, articles, articleTranslations, categories, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { readingMinutes, renderMarkdown } from '~/server/content/render-markdown';
import { type ArticleImage, articleImage } from './article-cards';
import { isNewsArticle } from './news-only';

export interface PublishedArticle {
  id: number;
  slug: string;
  category: ArticleCategory;
  /** The language shown; `is_fallback` when the reader's language is missing. */
  locale: Locale;
  is_fallback: boolean;
  /** The languages it exists in (for hreflang and the language notice). */
  locales: Locale[];
  title: string;
  summary: string;
  /** The body rendered and sanitised (src/server/content/render-markdown.ts). */
  html: string;
  reading_minutes: number;
  cover: ArticleImage | null;
  author: { id: number; name: string } | null;
  tags: string[];
  related: { kind: string; id: number; slug: string; name: string }[];
  published_at: string;
  updated_at: string;
}

/** A published article by id or slug, in the reader's language or the best one it has; anything else is a 404. */
export async function readPublishedArticle(
  db: Executor,
  by: { id?: number; slug?: string },
  locale: Locale,
): Promise<PublishedArticle> {
  const key =
    by.id !== undefined ? eq(articles.id, by.id) : by.slug !== undefined ? eq(articles.slug, by.slug) : undefined;
  if (!key) throw new AppError('not_found', 'errors.not_found');
  const [row] = await db
    .select({ article: articles, authorName: users.firstName })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(key, eq(articles.state, 'published'), isNewsArticle));
  const publishedAt = row?.article.publishedAt;
  const category = row?.article.category;
  if (!row || !publishedAt || !category || !isNewsCategory(category))
    throw new AppError('not_found', 'errors.not_found');
  const { article } = row;
  const [translations, related] = await Promise.all([
    db.select().from(articleTranslations).where(eq(articleTranslations.articleId, article.id)),
    db
      .select({
        kind: categories.kind,
        id: categories.id,
        slug: categories.slug,
        en: categories.nameEn,
        sw: categories.nameSw,
        fr: categories.nameFr,
      })
      .from(articleCategories)
      .innerJoin(
        categories,
        and(eq(categories.kind, articleCategories.categoryKind), eq(categories.id, articleCategories.categoryId)),
      )
      .where(eq(articleCategories.articleId, article.id))
      .orderBy(asc(categories.kind), asc(categories.sortOrder)),
  ]);
  const locales = LOCALES.filter((l) => translations.some((t) => t.locale === l));
  const shown = pickArticleLocale(locales, locale);
  const text = translations.find((t) => t.locale === shown);
  if (!shown || !text) throw new AppError('not_found', 'errors.not_found');
  const { html, words } = renderMarkdown(text.body, shown);
  return {
    id: article.id,
    slug: article.slug,
    category,
    locale: shown,
    is_fallback: shown !== locale,
    locales,
    title: spacedFor(shown, text.title),
    summary: spacedFor(shown, text.summary),
    html,
    reading_minutes: readingMinutes(words),
    cover: articleImage(article.coverPath, article.coverAlt[shown] ?? article.coverAlt[locale] ?? text.title),
    author: article.authorId === null ? null : { id: article.authorId, name: row.authorName ?? '' },
    tags: article.tags,
    related: related.map((r) => ({ kind: r.kind, id: r.id, slug: r.slug, name: r[locale] })),
    published_at: publishedAt.toISOString(),
    updated_at: article.updatedAt.toISOString(),
  };
}
