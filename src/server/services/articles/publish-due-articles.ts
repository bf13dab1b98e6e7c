import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { articles } from '~/server/db/schema';
import { recordArticleRevision } from './record-article-revision';

/**
 * The background job (src/server/jobs/publish-due-articles.ts): publishes every scheduled article whose time has
 * come, each in its own transaction with a revision by no one (`publish_due`). Its `published_at` is the time it
 * was scheduled for, so a late run does not reorder the news. Row locks (SKIP LOCKED) let every process run it.
 */
export async function publishDueArticles(db: Database, now = new Date()): Promise<{ published: number[] }> {
  const published: number[] = [];
  for (;;) {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: articles.id,
          publishAt: articles.publishAt,
          publishedAt: articles.publishedAt,
          version: articles.version,
        })
        .from(articles)
        .where(and(eq(articles.state, 'scheduled'), lte(articles.publishAt, now)))
        .orderBy(asc(articles.publishAt), asc(articles.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      await tx
        .update(articles)
        .set({
          state: 'published',
          publishedAt: row.publishedAt ?? row.publishAt,
          publishAt: null,
          version: row.version + 1,
          updatedAt: now,
        })
        .where(eq(articles.id, row.id));
      await recordArticleRevision(tx, row.id, null, 'publish_due', ['state.scheduled.published']);
      return row.id;
    });
    if (id === undefined) break;
    published.push(id);
  }
  return { published };
}
