import { eq } from 'drizzle-orm';
import { isEditor, type Role } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { articles } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** Who acts on the desk: the signed-in member (their role is checked by every editor service). */
export interface ArticleEditor {
  id: number;
  role: Role;
}

/** Editors and administrators only: anyone else gets 403 (the API's role guard says the same first). */
export function requireEditor(editor: ArticleEditor): void {
  if (!isEditor(editor)) throw new AppError('forbidden', 'errors.editors_only');
}

/** The article row, locked for the change when `lock` (inside the change's transaction), else 404. */
export async function findArticleForChange(db: Executor, id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return row;
}

/** An update naming a version older than the stored one: someone else saved in between. */
export function versionConflict(current: number): AppError {
  return new AppError('conflict', 'articles.version_conflict', { vars: { version: current } });
}
