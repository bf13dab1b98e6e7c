import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { PAGE_CATEGORY, type StoredArticleCategory } from '~/features/articles/constants';
import type { ArticleCreateInput, TranslationInput } from '~/features/articles/schemas';
import { LOCALES, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articleCategories, articles, articleTranslations, categories } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { ArticleSnapshot } from './record-article-revision';

type Content = Partial<Omit<ArticleCreateInput, 'translations' | 'category'>> & {
  category?: StoredArticleCategory;
  translations?: Partial<Record<Locale, TranslationInput | undefined>>;
};

const invalid = (field: string, key: 'validation.invalid' | 'articles.one_language_required') =>
  new AppError('validation_failed', key === 'validation.invalid' ? 'errors.validation_failed' : key, {
    fields: { [field]: [{ key }] },
  });

/**
 * Writes the content fields sent (slug, category, cover, tags, related categories, languages) of an article,
 * inside the caller's transaction, and answers what changed (`title.sw`, `category`, …) for its revision. A
 * language whose title and body are both blank is removed; at least one language must stay.
 */
export async function writeArticleContent(
  tx: Executor,
  articleId: number,
  input: Content,
  before: ArticleSnapshot | undefined,
): Promise<string[]> {
  const changes: string[] = [];
  // A site page (FAQ, terms…) keeps its address and stays a page: its slug is the route that shows it.
  if (
    before?.category === PAGE_CATEGORY &&
    ((input.slug !== undefined && input.slug !== before.slug) ||
      (input.category !== undefined && input.category !== PAGE_CATEGORY))
  )
    throw new AppError('conflict', 'content.page_fixed');
  const set: Partial<typeof articles.$inferInsert> = {};
  if (input.slug !== undefined && input.slug !== before?.slug) {
    set.slug = input.slug;
    changes.push('slug');
  }
  if (input.category !== undefined && input.category !== before?.category) {
    set.category = input.category;
    changes.push('category');
  }
  if (input.cover_path !== undefined && input.cover_path !== before?.cover_path) {
    set.coverPath = input.cover_path;
    changes.push('cover');
  }
  if (input.cover_alt !== undefined) {
    const alt = Object.fromEntries(Object.entries(input.cover_alt).filter(([, text]) => text));
    if (JSON.stringify(alt) !== JSON.stringify(before?.cover_alt ?? {})) {
      set.coverAlt = alt;
      changes.push('cover_alt');
    }
  }
  if (input.tags !== undefined && JSON.stringify(input.tags) !== JSON.stringify(before?.tags ?? [])) {
    set.tags = input.tags;
    changes.push('tags');
  }
  if (Object.keys(set).length > 0) await tx.update(articles).set(set).where(eq(articles.id, articleId));

  if (input.related !== undefined) {
    const wanted = [...new Map(input.related.map((r) => [`${r.kind}:${r.id}`, r])).values()];
    const key = (r: { kind: string; id: number }) => `${r.kind}:${r.id}`;
    const same = before && wanted.map(key).sort().join() === before.related.map(key).sort().join();
    if (!same) {
      if (wanted.length > 0) {
        const found = await tx
          .select({ kind: categories.kind, id: categories.id })
          .from(categories)
          .where(or(...wanted.map((r) => and(eq(categories.kind, r.kind), eq(categories.id, r.id)))));
        if (found.length !== wanted.length) throw invalid('related', 'validation.invalid');
      }
      await tx.delete(articleCategories).where(eq(articleCategories.articleId, articleId));
      if (wanted.length > 0)
        await tx
          .insert(articleCategories)
          .values(wanted.map((r) => ({ articleId, categoryKind: r.kind, categoryId: r.id })));
      changes.push('related');
    }
  }

  if (input.translations) {
    const removed: Locale[] = [];
    for (const locale of LOCALES) {
      const next = input.translations[locale];
      if (!next) continue;
      const old = before?.translations[locale];
      if (!next.title && !next.body.trim()) {
        if (old) removed.push(locale);
        continue;
      }
      for (const field of ['title', 'summary', 'body'] as const)
        if (next[field] !== (old?.[field] ?? (field === 'title' ? undefined : ''))) changes.push(`${field}.${locale}`);
      if (old && next.title === old.title && next.summary === old.summary && next.body === old.body) continue;
      await tx
        .insert(articleTranslations)
        .values({ articleId, locale, ...next })
        .onConflictDoUpdate({
          target: [articleTranslations.articleId, articleTranslations.locale],
          set: { title: next.title, summary: next.summary, body: next.body, updatedAt: sql`now()` },
        });
    }
    if (removed.length > 0) {
      await tx
        .delete(articleTranslations)
        .where(and(eq(articleTranslations.articleId, articleId), inArray(articleTranslations.locale, removed)));
      changes.push(...removed.map((locale) => `removed.${locale}`));
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(articleTranslations)
      .where(eq(articleTranslations.articleId, articleId));
    if (count === 0) throw invalid('translations', 'articles.one_language_required');
  }
  return changes;
}
