import { eq, sql } from 'drizzle-orm';
import type { ArticleUpdateInput } from '~/features/articles/schemas';
import type { Database } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { articles } from '~/server/db/schema';
import { type ArticleEditor, findArticleForChange, requireEditor, versionConflict } from './access';
import { slugTaken } from './create-article';
import { readArticleSnapshot, recordArticleRevision } from './record-article-revision';
import { writeArticleContent } from './write-article-content';

/**
 * Saves the fields sent of an article if it is still at `version` (else 409 `articles.version_conflict`: another
 * editor saved first, nothing is overwritten). Answers the new version; a save that changes nothing keeps it.
 */
export async function updateArticle(
  db: Database,
  editor: ArticleEditor,
  input: ArticleUpdateInput,
): Promise<{ id: number; version: number; changes: string[] }> {
  requireEditor(editor);
  try {
    return await db.transaction(async (tx) => {
      const row = await findArticleForChange(tx, input.id);
      if (row.version !== input.version) throw versionConflict(row.version);
      const before = await readArticleSnapshot(tx, row.id);
      const { id: _id, version: _version, ...content } = input;
      const changes = await writeArticleContent(tx, row.id, content, before);
      if (changes.length === 0) return { id: row.id, version: row.version, changes };
      const [next] = await tx
        .update(articles)
        .set({ version: sql`${articles.version} + 1`, updatedAt: new Date() })
        .where(eq(articles.id, row.id))
        .returning({ version: articles.version });
      await recordArticleRevision(tx, row.id, editor.id, 'update', changes);
      return { id: row.id, version: next.version, changes };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'articles_slug_uq')) throw slugTaken();
    throw error;
  }
}
