import { dealListQuerySchema } from '~/features/admin/money';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { isAppError } from '~/server/errors';
import { type StaffDealItem, listStaffDeals } from '~/server/services/admin/list-staff-deals';
import { type StaffDealView, readStaffDeal } from '~/server/services/admin/read-staff-deal';
import type { AdminGate } from './admin';

/** The `done` flag a page was sent back with after a form, when it is one of `known`. */
export function updateFormDone(url: URL, known: readonly string[]): string | undefined {
  const done = url.searchParams.get('done') ?? '';
  return known.includes(done) ? done : undefined;
}

export interface DealsPageView {
  page: Page<StaffDealItem>;
  filters: Record<string, string>;
  invalidFilters: boolean;
}

/** /admin/deals (docs/backoffice.md "Deals"): search by id or e-mail, status and dispute filters, 25 a page. */
export async function loadDealsPage(gate: AdminGate): Promise<DealsPageView> {
  const db = await getDb();
  const raw = Object.fromEntries(
    [...gate.request.url.searchParams.entries()].filter(([, value]) => value.trim() !== ''),
  );
  let query = parseInput(dealListQuerySchema, {});
  let invalidFilters = false;
  try {
    query = parseInput(dealListQuerySchema, raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
    invalidFilters = true;
  }
  return { page: await listStaffDeals(db, gate.actor, query), filters: invalidFilters ? {} : raw, invalidFilters };
}

/** /admin/deals/{id}: one deal, read-only. */
export async function loadStaffDealPage(gate: AdminGate, id: number): Promise<StaffDealView> {
  return readStaffDeal(await getDb(), gate.actor, id);
}
