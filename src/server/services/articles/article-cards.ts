import { inArray } from 'drizzle-orm';
import { type ArticleCategory, isNewsCategory, type StoredArticleCategory } from '~/features/articles/constants';
import { ARTICLE_IMAGE_WIDTHS } from '~/features/articles/constants';
import { pickArticleLocale } from '~/features/articles/language';
import { LOCALES, type Locale } from '~/i18n/config';
import { spacedFor } from '~/i18n/typography';
import type { Executor } from '~/server/db';
import { articles, articleTranslations } from '~/server/db/schema';
import { storageUrl } from '~/server/storage';

/** A stored article image: the largest size's address and a srcset of every size. */
export interface ArticleImage {
  url: string;
  srcset: string;
  alt: string;
}

export const CARD_COLUMNS = {
  id: articles.id,
  slug: articles.slug,
  category: articles.category,
  coverPath: articles.coverPath,
  coverAlt: articles.coverAlt,
  publishedAt: articles.publishedAt,
};

/** The image stored under `key` (src/server/services/articles/upload-article-image.ts), with its alt text. */
export function articleImage(key: string | null, alt: string): ArticleImage | null {
  if (!key) return null;
  const largest = Math.max(...ARTICLE_IMAGE_WIDTHS);
  return {
    url: storageUrl(`${key}-${largest}.webp`),
    srcset: ARTICLE_IMAGE_WIDTHS.map((w) => `${storageUrl(`${key}-${w}.webp`)} ${w}w`).join(', '),
    alt,
  };
}

/** An article in a list: in the reader's language or the best available one (`locale` says which). */
export interface ArticleCard {
  id: number;
  slug: string;
  category: ArticleCategory;
  title: string;
  summary: string;
  /** The language shown; differs from the reader's when the article lacks it (`is_fallback`). */
  locale: Locale;
  is_fallback: boolean;
  /** Every language the article exists in. */
  locales: Locale[];
  cover: ArticleImage | null;
  published_at: string | null;
}

interface CardRow {
  id: number;
  slug: string;
  category: StoredArticleCategory;
  coverPath: string | null;
  coverAlt: Partial<Record<Locale, string>>;
  publishedAt: Date | null;
}

/** Titles and summaries (not bodies) of these articles, each in the language a reader of `locale` gets. */
export async function toArticleCards(db: Executor, rows: CardRow[], locale: Locale): Promise<ArticleCard[]> {
  if (rows.length === 0) return [];
  const translations = await db
    .select({
      articleId: articleTranslations.articleId,
      locale: articleTranslations.locale,
      title: articleTranslations.title,
      summary: articleTranslations.summary,
    })
    .from(articleTranslations)
    .where(
      inArray(
        articleTranslations.articleId,
        rows.map((r) => r.id),
      ),
    );
  return rows.flatMap((row) => {
    const mine = translations.filter((t) => t.articleId === row.id);
    const locales = mine.map((t) => t.locale);
    const shown = pickArticleLocale(locales, locale);
    const text = mine.find((t) => t.locale === shown);
    // The site's pages (category `page`) are never news cards, whatever list asked.
    const { category } = row;
    if (!shown || !text || !isNewsCategory(category)) return [];
    const alt = row.coverAlt[shown] ?? row.coverAlt[locale] ?? text.title;
    return [
      {
        id: row.id,
        slug: row.slug,
        category,
        title: spacedFor(shown, text.title),
        summary: spacedFor(shown, text.summary),
        locale: shown,
        is_fallback: shown !== locale,
        locales: LOCALES.filter((l) => locales.includes(l)),
        cover: articleImage(row.coverPath, alt),
        published_at: row.publishedAt?.toISOString() ?? null,
      },
    ];
  });
}
