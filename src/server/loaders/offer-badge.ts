import { getDb } from '~/server/db';
import { countOffersWaiting } from '~/server/services/deals/list-offers';
import { errorMessage, log } from '~/server/log';

/**
 * The header badge's first number: offers that wait for the signed-in user, read while the page renders so the
 * header is right before any script runs. The header, the small-screen drawer, the offers page and the cabinet
 * all show it: one query per request, remembered against the request object (and forgotten with it). The
 * header is on every page, the error pages included: a failed count shows no badge (the island's polling
 * corrects it) rather than breaking the page around it.
 */
const perRequest = new WeakMap<Request, Promise<number>>();

export function loadOffersWaiting(request: Request, userId: number): Promise<number> {
  let count = perRequest.get(request);
  if (!count) {
    count = getDb()
      .then((db) => countOffersWaiting(db, userId))
      .catch((error: unknown) => {
        log.error({ component: 'offers' }, `offer badge count failed: ${errorMessage(error)}`);
        return 0;
      });
    perRequest.set(request, count);
  }
  return count;
}
