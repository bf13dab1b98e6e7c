import { clearMemo } from '~/server/cache/memo';
import { forgetReferenceNames } from './reference-names';

/**
 * After the back office changes reference data (docs/backoffice.md "Reference data"): this process forgets its
 * memoised lists (pages' category, unit and currency lists, lots' reference names), so the change shows at once.
 * Other processes load theirs again within a minute (names: as soon as a lot names an id they lack, else ten
 * minutes); the render cache is dropped everywhere by the tables' triggers; API lists say `max-age=300`.
 */
export function forgetReferenceCaches(): void {
  clearMemo();
  forgetReferenceNames();
}
