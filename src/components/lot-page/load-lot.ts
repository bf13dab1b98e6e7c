import type { AstroGlobal } from 'astro';
import type { LotKind } from '~/features/lots/constants';
import { parseId } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { getLot } from '~/server/services/lots/get-lot';
import type { LotItem } from '~/server/services/lots/lot-item';

type PageContext = Pick<AstroGlobal, 'params' | 'locals' | 'response'>;

/**
 * The lot of an `[id]` route parameter as this visitor may see it (getLot's rule), or undefined for an id that
 * cannot be a lot, a missing lot or one hidden from them.
 */
export async function findLot(
  kind: LotKind,
  rawId: string,
  locals: Pick<App.Locals, 'user' | 'locale'>,
): Promise<LotItem | undefined> {
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  try {
    return await getLot(await getDb(), kind, id, locals.user, locals.locale);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
}

/**
 * Reads the lot of a lot page, or sets the 404 answer. Called from the page's own frontmatter: once Astro
 * starts streaming the page, a component can no longer change the status or the headers.
 */
export async function loadLot(page: PageContext, kind: LotKind): Promise<LotItem | undefined> {
  const lot = await findLot(kind, page.params.id ?? '', page.locals);
  if (!lot) {
    page.response.status = 404;
    // The 404's "Go back" link follows the Referer: not an answer a shared cache may keep.
    page.response.headers.set('Cache-Control', 'private, no-cache');
  }
  return lot;
}
