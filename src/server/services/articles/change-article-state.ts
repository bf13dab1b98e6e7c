import { eq, sql } from 'drizzle-orm';
import { ARTICLE_TRANSITIONS, type ArticleState, PAGE_CATEGORY } from '~/features/articles/constants';
import type { ArticleStateInput } from '~/features/articles/schemas';
import type { Database } from '~/server/db';
import { articles } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ArticleEditor, findArticleForChange, requireEditor, versionConflict } from './access';
import { recordArticleRevision } from './record-article-revision';

/**
 * Moves an article along draft → scheduled → published → unpublished (ARTICLE_TRANSITIONS; anything else is a
 * 409). Scheduling needs `publish_at`; a time not after `now` publishes at once. `version`, when sent, must be
 * the stored one. The first publication sets `published_at`; re-publishing keeps it.
 */
export async function changeArticleState(
  db: Database,
  editor: ArticleEditor,
  input: ArticleStateInput,
  now = new Date(),
): Promise<{ id: number; state: ArticleState; version: number; publish_at: string | null }> {
  requireEditor(editor);
  return db.transaction(async (tx) => {
    const row = await findArticleForChange(tx, input.id);
    if (input.version !== undefined && row.version !== input.version) throw versionConflict(row.version);
    // The site's pages are always live: each save is a new revision, never a draft or a withdrawal.
    if (row.category === PAGE_CATEGORY) throw new AppError('conflict', 'content.page_fixed');
    let state = input.state;
    if (state === 'scheduled' && input.publish_at && input.publish_at <= now) state = 'published';
    if (!ARTICLE_TRANSITIONS[row.state].includes(state))
      throw new AppError('conflict', 'articles.state_not_allowed', { vars: { from: row.state, to: state } });
    const set: Partial<typeof articles.$inferInsert> = { state, updatedAt: now };
    if (state === 'scheduled') set.publishAt = input.publish_at;
    if (state === 'published') {
      set.publishAt = null;
      set.publishedAt = row.publishedAt ?? now;
    }
    if (state === 'draft') set.publishAt = null;
    const [next] = await tx
      .update(articles)
      .set({ ...set, version: sql`${articles.version} + 1` })
      .where(eq(articles.id, row.id))
      .returning({ version: articles.version, publishAt: articles.publishAt });
    await recordArticleRevision(tx, row.id, editor.id, 'state', [`state.${row.state}.${state}`]);
    return { id: row.id, state, version: next.version, publish_at: next.publishAt?.toISOString() ?? null };
  });
}
