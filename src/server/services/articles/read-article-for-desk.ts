import { eq } from 'drizzle-orm';
import { missingLocales } from '~/features/articles/language';
import { LOCALES } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ArticleEditor, requireEditor } from './access';
import { articleImage } from './article-cards';
import { readArticleSnapshot } from './record-article-revision';

/** An article in any state as the desk edits it: every language, the missing ones, the version to save against. */
export async function readArticleForDesk(db: Executor, editor: ArticleEditor, id: number) {
  requireEditor(editor);
  const [row] = await db
    .select({ id: articles.id, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  const snapshot = await readArticleSnapshot(db, id);
  const locales = LOCALES.filter((l) => snapshot.translations[l]);
  return {
    id,
    author_id: row.authorId,
    ...snapshot,
    cover: articleImage(snapshot.cover_path, ''),
    locales,
    missing_locales: missingLocales(locales),
  };
}
