import { slugify, type ArticleCreateInput } from '~/features/articles/schemas';
import { LOCALES } from '~/i18n/config';
import type { Database } from '~/server/db';
import { isUniqueViolation } from '~/server/db/errors';
import { articles } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ArticleEditor, requireEditor } from './access';
import { recordArticleRevision } from './record-article-revision';
import { writeArticleContent } from './write-article-content';

export const slugTaken = () =>
  new AppError('conflict', 'articles.slug_taken', { fields: { slug: [{ key: 'articles.slug_taken' }] } });

/**
 * A new article, a draft written by `editor` (its author), with its first revision. Without a slug, one is made
 * from the first language's title; a taken slug is a 409 on `slug`.
 */
export async function createArticle(
  db: Database,
  editor: ArticleEditor,
  input: ArticleCreateInput,
): Promise<{ id: number; slug: string; version: number }> {
  requireEditor(editor);
  const firstTitle = LOCALES.map((locale) => input.translations[locale]?.title).find(Boolean);
  if (!firstTitle)
    throw new AppError('validation_failed', 'articles.one_language_required', {
      fields: { translations: [{ key: 'articles.one_language_required' }] },
    });
  const slug = input.slug ?? (slugify(firstTitle) || `article-${Date.now().toString(36)}`);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(articles)
        .values({ slug, category: input.category, authorId: editor.id })
        .returning({ id: articles.id });
      await writeArticleContent(tx, row.id, { ...input, slug: undefined, category: undefined }, undefined);
      await recordArticleRevision(tx, row.id, editor.id, 'create', ['created']);
      return { id: row.id, slug, version: 1 };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'articles_slug_uq')) throw slugTaken();
    throw error;
  }
}
