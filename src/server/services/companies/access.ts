import { and, eq } from 'drizzle-orm';
import type { CompanyPermission } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { companies, companyMembers } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** A member's place in their company: the one access check of every company and team service. */
export interface Membership {
  companyId: number;
  companyTitle: string;
  permission: CompanyPermission;
}

/** The caller's company and permission, or undefined (a member belongs to at most one company). */
export async function findMembership(db: Executor, userId: number): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      companyId: companyMembers.companyId,
      companyTitle: companies.title,
      permission: companyMembers.permission,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * The caller's membership, checked: a caller without a company is a 404 ('you are not in a company'); with
 * `administrator`, a manager is a 403.
 */
export async function requireMembership(
  db: Executor,
  userId: number,
  level: CompanyPermission = 'manager',
): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership) throw new AppError('not_found', 'companies.not_member');
  if (level === 'administrator' && membership.permission !== 'administrator')
    throw new AppError('forbidden', 'companies.administrators_only');
  return membership;
}

/** A member of `companyId` (their permission), or a 404: another company's member is not found here. */
export async function requireTeamMember(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select({ permission: companyMembers.permission })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw new AppError('not_found', 'companies.member_not_found');
  return row;
}

/**
 * Refuses a step that would leave the company without an administrator (`userId` leaving, being removed or
 * demoted). Locks the company's administrators' rows, so two such steps at once cannot both pass: call it inside
 * the step's transaction.
 */
export async function assertNotLastAdministrator(tx: Executor, companyId: number, userId: number): Promise<void> {
  const administrators = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.permission, 'administrator')))
    .for('update');
  if (administrators.some((a) => a.userId === userId) && administrators.length <= 1)
    throw new AppError('conflict', 'companies.last_administrator');
}

/** The user ids of a company's administrators (who hear of join requests and answers to invitations). */
export async function listAdministrators(db: Executor, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.permission, 'administrator')));
  return rows.map((r) => r.userId);
}
