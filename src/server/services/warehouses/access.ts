import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyMembers, memberWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { findMembership } from '~/server/services/companies/access';

/**
 * The one access check of members' warehouses (docs/warehouses.md "Members' warehouses"): the owner and the
 * members of the warehouse's company read it; the owner and the company's administrators change it. Anyone
 * else gets 404 `not_found`, as for a warehouse that does not exist.
 */
export type WarehouseRow = typeof memberWarehouses.$inferSelect;

/**
 * A warehouse is its company's only while its owner is on that company's team: an owner who leaves (or is removed)
 * takes it back, and the old team no longer reads or changes it.
 */
export const ownerStillInCompany = sql`exists (select 1 from ${companyMembers} where ${companyMembers.companyId} = ${memberWarehouses.companyId} and ${companyMembers.userId} = ${memberWarehouses.userId})`;

/** Warehouses `userId` may read: their own and those kept for a company they are a team member of. */
export function readableBy(userId: number) {
  return or(
    eq(memberWarehouses.userId, userId),
    and(
      sql`${memberWarehouses.companyId} in (select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`,
      ownerStillInCompany,
    ),
  )!;
}

/** The warehouse and whether `userId` may change it, or undefined when they may not even read it. */
export async function findReadableWarehouse(
  db: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<{ warehouse: WarehouseRow; mayEdit: boolean } | undefined> {
  const query = db
    .select()
    .from(memberWarehouses)
    .where(and(eq(memberWarehouses.id, id), readableBy(userId)));
  const [warehouse] = options.lock ? await query.for('update') : await query;
  if (!warehouse) return undefined;
  return { warehouse, mayEdit: await mayEditWarehouse(db, userId, warehouse) };
}

/**
 * A warehouse `userId` may place their lots at, or undefined: one they may change (their own, or their company's
 * as its administrator). A lot page shows its warehouse to everyone, so reading it is not enough.
 */
export async function findUsableWarehouse(db: Executor, userId: number, id: number): Promise<WarehouseRow | undefined> {
  const found = await findReadableWarehouse(db, userId, id);
  return found?.mayEdit ? found.warehouse : undefined;
}

/** The owner, or an administrator of the warehouse's company. */
export async function mayEditWarehouse(
  db: Executor,
  userId: number,
  warehouse: Pick<WarehouseRow, 'userId' | 'companyId'>,
): Promise<boolean> {
  if (warehouse.userId === userId) return true;
  if (warehouse.companyId === null) return false;
  const [membership, ownerMembership] = await Promise.all([
    findMembership(db, userId),
    findMembership(db, warehouse.userId),
  ]);
  return (
    ownerMembership?.companyId === warehouse.companyId &&
    membership?.companyId === warehouse.companyId &&
    membership.permission === 'administrator'
  );
}

/**
 * The warehouse `userId` may change (locked when asked, inside a transaction). A stranger's is a 404; a team
 * manager, who reads it, is a 403.
 */
export async function requireEditableWarehouse(
  db: Executor,
  userId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<WarehouseRow> {
  const found = await findReadableWarehouse(db, userId, id, options);
  if (!found) throw new AppError('not_found', 'errors.not_found');
  if (!found.mayEdit) throw new AppError('forbidden', 'companies.administrators_only');
  return found.warehouse;
}

/** A company the warehouse may be kept for: the caller's own company, else a 422 on `company_id`. */
export async function assertOwnCompany(db: Executor, userId: number, companyId: number | undefined): Promise<void> {
  if (companyId === undefined) return;
  if ((await findMembership(db, userId))?.companyId !== companyId)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { company_id: [{ key: 'lots.company_not_yours' }] },
    });
}
