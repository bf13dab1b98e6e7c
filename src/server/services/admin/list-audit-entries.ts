import { type SQL, and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { AuditQuery } from '~/features/admin/audit';
import type { Executor } from '~/server/db';
import { auditLog } from '~/server/db/schema';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { type StaffActor, requireCapability } from './access';
import { type AuditContent, auditContentOf } from './audit-chain';

export type AuditItem = AuditContent & { hash: string };

/** Next day at 00:00 UTC, for an inclusive `to` date. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The audit trail, newest first, filtered (docs/backoffice.md "Audit trail"). Administrators only. */
export async function listAuditEntries(db: Executor, actor: StaffActor, query: AuditQuery): Promise<Page<AuditItem>> {
  requireCapability(actor, 'audit');
  const where: SQL[] = [];
  if (query.actor_id) where.push(eq(auditLog.actorId, query.actor_id));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.object_type) where.push(eq(auditLog.objectType, query.object_type));
  if (query.object_id) where.push(eq(auditLog.objectId, query.object_id));
  if (query.from) where.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(auditLog.at, dayAfter(query.to)));
  const condition = where.length > 0 ? and(...where) : undefined;
  const paging = { page: query.page, perPage: query['per-page'] };
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.seq))
      .limit(paging.perPage)
      .offset(pageOffset(paging)),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return toPage(
    rows.map((row) => ({ ...auditContentOf(row), hash: row.hash })),
    n,
    paging,
  );
}
