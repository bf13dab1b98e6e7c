import { auditQuerySchema } from '~/features/admin/audit';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { isAppError } from '~/server/errors';
import { type AuditItem, listAuditEntries } from '~/server/services/admin/list-audit-entries';
import { verifyAuditChain } from '~/server/services/admin/verify-audit-chain';
import type { AdminGate } from './admin';

export interface AuditPageView {
  page: Page<AuditItem>;
  filters: Record<string, string>;
  /** The filters were not understood: the list is unfiltered and says so. */
  invalidFilters: boolean;
  chain: { valid: boolean; broken_at: number | null; count: number };
}

/** /admin/audit (docs/backoffice.md "Audit trail"): the filtered list, newest first, and whether the chain verifies. */
export async function loadAuditPage(gate: AdminGate): Promise<AuditPageView> {
  const db = await getDb();
  const raw = Object.fromEntries(
    [...gate.request.url.searchParams.entries()].filter(([, value]) => value.trim() !== ''),
  );
  let query = parseInput(auditQuerySchema, {});
  let invalidFilters = false;
  try {
    query = parseInput(auditQuerySchema, raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
    invalidFilters = true;
  }
  const [page, chain] = await Promise.all([listAuditEntries(db, gate.actor, query), verifyAuditChain(db, gate.actor)]);
  return { page, filters: invalidFilters ? {} : raw, invalidFilters, chain };
}
