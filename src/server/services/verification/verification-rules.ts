import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type VerificationType, type VerificationUnit, typeFitsUnit } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { companyMembers, verificationRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/**
 * The two rules every verification step obeys, whoever takes it and through whichever door (docs/companies.md
 * "Who verifies"): nobody verifies, unverifies or decides about themselves, a company they belong to or a member of
 * such a company; and a type is only said of the units it fits (`VERIFICATION_TYPE_UNITS`).
 */
export type OwnRelation = 'own_account' | 'own_company' | 'own_colleague';

/** How the actor is tied to the unit, or null when they are independent of it. */
export async function relationToUnit(
  db: Executor,
  actorId: number,
  unit: VerificationUnit,
  id: number,
): Promise<OwnRelation | null> {
  if (unit === 'user') {
    if (id === actorId) return 'own_account';
    const theirs = alias(companyMembers, 'theirs');
    const [shared] = await db
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(theirs, eq(theirs.companyId, companyMembers.companyId))
      .where(and(eq(companyMembers.userId, actorId), eq(theirs.userId, id)))
      .limit(1);
    return shared ? 'own_colleague' : null;
  }
  const [member] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, id), eq(companyMembers.userId, actorId)));
  return member ? 'own_company' : null;
}

const OWN_MESSAGE = {
  own_account: 'verification.own_account',
  own_company: 'verification.own_company',
  own_colleague: 'verification.own_colleague',
} as const;

/** 403 `verification.own_unit` (the reason says which tie) unless the actor is independent of the unit. */
export async function assertIndependent(db: Executor, actorId: number, unit: VerificationUnit, id: number) {
  const relation = await relationToUnit(db, actorId, unit, id);
  if (relation) throw new AppError('verification.own_unit', OWN_MESSAGE[relation]);
}

/** 422 on `type` when the type is not said of that unit (a registration of a person, an identity of a company). */
export function assertTypeFits(type: VerificationType, unit: VerificationUnit) {
  if (!typeFitsUnit(type, unit))
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { type: [{ key: 'verification.type_not_for_unit' }] },
    });
}

/**
 * The SQL twin of `relationToUnit` for request lists: the requests the actor is independent of, so a queue never
 * shows what its reader may not decide.
 */
export function independentRequests(actorId: number): SQL {
  const r = verificationRequests;
  return sql`(
    ${r.userId} is distinct from ${actorId}
    and (${r.companyId} is null or not exists (
      select 1 from ${companyMembers} m where m.company_id = ${r.companyId} and m.user_id = ${actorId}))
    and (${r.userId} is null or not exists (
      select 1 from ${companyMembers} mine join ${companyMembers} theirs on theirs.company_id = mine.company_id
      where mine.user_id = ${actorId} and theirs.user_id = ${r.userId}))
  )`;
}

/** The unit a request is about. */
export const requestUnit = (request: { userId: number | null; companyId: number | null }) =>
  request.userId !== null
    ? { unit: 'user' as const, id: request.userId }
    : { unit: 'company' as const, id: request.companyId! };
