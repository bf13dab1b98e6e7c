import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { articleRevisions, articles, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ArticleEditor, requireEditor } from './access';
import type { ArticleSnapshot } from './record-article-revision';

/** An article's revisions, newest first: who (null for the scheduler), when, what changed, and the full snapshot. */
export async function listArticleRevisions(db: Executor, editor: ArticleEditor, articleId: number) {
  requireEditor(editor);
  const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
  if (!article) throw new AppError('not_found', 'errors.not_found');
  const rows = await db
    .select({
      id: articleRevisions.id,
      action: articleRevisions.action,
      changes: articleRevisions.changes,
      version: articleRevisions.version,
      snapshot: articleRevisions.snapshot,
      createdAt: articleRevisions.createdAt,
      editorId: articleRevisions.editorId,
      editorName: users.firstName,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.editorId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      changes: r.changes,
      version: r.version,
      created_at: r.createdAt.toISOString(),
      editor: r.editorId === null ? null : { id: r.editorId, name: r.editorName ?? '' },
      snapshot: r.snapshot as ArticleSnapshot,
    })),
  };
}
