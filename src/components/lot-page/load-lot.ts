import type { AstroGlobal } from 'astro';
import type { LotKind } from '../../features/lots/constants';
import { getDb } from '../../server/db';
import { AppError } from '../../server/errors';
import { getLot } from '../../server/services/lots/get-lot';
import type { LotItem } from '../../server/services/lots/lot-item';

type PageContext = Pick<AstroGlobal, 'params' | 'locals' | 'response'>;

/**
 * Reads the lot of a lot page, or sets the 404 answer. Called from the page's own frontmatter: once Astro
 * starts streaming the page, a component can no longer change the status or the headers.
 */
export async function loadLot(page: PageContext, kind: LotKind): Promise<LotItem | undefined> {
  const raw = page.params.id ?? '';
  // Ids are PostgreSQL integers: anything else cannot be a lot.
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  let lot: LotItem | undefined;
  if (Number.isInteger(id) && id >= 1 && id <= 2_147_483_647) {
    try {
      lot = await getLot(await getDb(), kind, id, page.locals.user, page.locals.locale);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  if (!lot) {
    page.response.status = 404;
    // The 404's "Go back" link follows the Referer: not an answer a shared cache may keep.
    page.response.headers.set('Cache-Control', 'private, no-cache');
  }
  return lot;
}
