import { asc, eq } from 'drizzle-orm';
import type { ArticleState, StoredArticleCategory } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articleCategories, articleRevisions, articles, articleTranslations } from '~/server/db/schema';
import type { CategoryKind } from '~/server/db/schema';

/** Everything an article is, as kept in a revision and restored from it. */
export interface ArticleSnapshot {
  slug: string;
  category: StoredArticleCategory;
  cover_path: string | null;
  cover_alt: Partial<Record<Locale, string>>;
  tags: string[];
  related: { kind: CategoryKind; id: number }[];
  state: ArticleState;
  publish_at: string | null;
  published_at: string | null;
  version: number;
  translations: Partial<Record<Locale, { title: string; summary: string; body: string }>>;
}

export type RevisionAction = 'create' | 'update' | 'state' | 'restore' | 'publish_due';

export async function readArticleSnapshot(db: Executor, articleId: number): Promise<ArticleSnapshot> {
  const [row] = await db.select().from(articles).where(eq(articles.id, articleId));
  const translations = await db
    .select()
    .from(articleTranslations)
    .where(eq(articleTranslations.articleId, articleId))
    .orderBy(asc(articleTranslations.locale));
  const related = await db
    .select({ kind: articleCategories.categoryKind, id: articleCategories.categoryId })
    .from(articleCategories)
    .where(eq(articleCategories.articleId, articleId))
    .orderBy(asc(articleCategories.categoryKind), asc(articleCategories.categoryId));
  return {
    slug: row.slug,
    category: row.category,
    cover_path: row.coverPath,
    cover_alt: row.coverAlt,
    tags: row.tags,
    related,
    state: row.state,
    publish_at: row.publishAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    version: row.version,
    translations: Object.fromEntries(
      translations.map((t) => [t.locale, { title: t.title, summary: t.summary, body: t.body }]),
    ),
  };
}

/**
 * Writes the revision of a change just made (inside the change's transaction): who, when, what (`changes`: the
 * fields that changed) and the article as it now is, so any revision can be viewed and restored.
 */
export async function recordArticleRevision(
  db: Executor,
  articleId: number,
  editorId: number | null,
  action: RevisionAction,
  changes: string[],
): Promise<{ id: number }> {
  const snapshot = await readArticleSnapshot(db, articleId);
  const [row] = await db
    .insert(articleRevisions)
    .values({ articleId, editorId, action, changes, version: snapshot.version, snapshot })
    .returning({ id: articleRevisions.id });
  return row;
}
