import { and, eq, sql } from 'drizzle-orm';
import type { ArticleRestoreInput } from '~/features/articles/schemas';
import { LOCALES } from '~/i18n/config';
import type { Database } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { articleRevisions, articles } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ArticleEditor, findArticleForChange, requireEditor, versionConflict } from './access';
import { slugTaken } from './create-article';
import { type ArticleSnapshot, readArticleSnapshot, recordArticleRevision } from './record-article-revision';
import { writeArticleContent } from './write-article-content';

/**
 * Brings an article's content (slug, category, cover, tags, related categories, languages) back to what a
 * revision kept; its state stays (restoring never publishes or hides an article). Checked like an update
 * (`version`), and itself recorded as a revision (`restore`), so a restore can be undone by another.
 */
export async function restoreArticleRevision(
  db: Database,
  editor: ArticleEditor,
  input: ArticleRestoreInput,
): Promise<{ id: number; version: number; changes: string[] }> {
  requireEditor(editor);
  try {
    return await db.transaction(async (tx) => {
      const row = await findArticleForChange(tx, input.id);
      if (row.version !== input.version) throw versionConflict(row.version);
      const [revision] = await tx
        .select({ snapshot: articleRevisions.snapshot })
        .from(articleRevisions)
        .where(and(eq(articleRevisions.id, input.revision_id), eq(articleRevisions.articleId, row.id)));
      if (!revision) throw new AppError('not_found', 'errors.not_found');
      const kept = revision.snapshot as ArticleSnapshot;
      const before = await readArticleSnapshot(tx, row.id);
      const blank = { title: '', summary: '', body: '' };
      const changes = await writeArticleContent(
        tx,
        row.id,
        {
          slug: kept.slug,
          category: kept.category,
          cover_path: kept.cover_path,
          cover_alt: kept.cover_alt,
          tags: kept.tags,
          related: kept.related,
          translations: Object.fromEntries(LOCALES.map((locale) => [locale, kept.translations[locale] ?? blank])),
        },
        before,
      );
      const [next] = await tx
        .update(articles)
        .set({ version: sql`${articles.version} + 1`, updatedAt: new Date() })
        .where(eq(articles.id, row.id))
        .returning({ version: articles.version });
      await recordArticleRevision(tx, row.id, editor.id, 'restore', [`revision.${input.revision_id}`, ...changes]);
      return { id: row.id, version: next.version, changes };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'articles_slug_uq')) throw slugTaken();
    throw error;
  }
}
