import { and, eq, isNull } from 'drizzle-orm';
import type { VerificationType, VerificationUnit } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { companies, users, verifications } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type Actor, auditActor, requireVerifier } from './find-verifier';
import { assertIndependent, assertTypeFits } from './verification-rules';

export type UnitKind = VerificationUnit;

export interface UnitInput {
  unit: UnitKind;
  id: number;
  type: VerificationType;
  note?: string;
}

/** The subject exists, or a 404. */
export async function assertUnitExists(db: Executor, unit: UnitKind, id: number) {
  const table = unit === 'user' ? users : companies;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw new AppError('not_found', 'verification.unit_not_found');
}

export const subjectColumns = (unit: UnitKind, id: number) =>
  unit === 'user' ? { userId: id, companyId: null } : { userId: null, companyId: id };

/**
 * Records a verification of a user or a company (docs/companies.md "Verification"): members of verifier companies
 * (the record carries their company) and, from the back office, platform staff with `verification` (audited). A type
 * that does not fit the unit is a 422; the actor's own account, company or colleague a 403
 * (`verification.own_unit`); the same type verified again by the same organisation while active a 409.
 */
export async function makeVerifiedUnit(db: Executor, actor: Actor, input: UnitInput) {
  const verifier = await requireVerifier(db, actor);
  await assertUnitExists(db, input.unit, input.id);
  assertTypeFits(input.type, input.unit);
  await assertIndependent(db, actor.id, input.unit, input.id);
  const subject = input.unit === 'user' ? eq(verifications.userId, input.id) : eq(verifications.companyId, input.id);
  const from =
    verifier.companyId === null
      ? isNull(verifications.fromCompanyId)
      : eq(verifications.fromCompanyId, verifier.companyId);
  const [existing] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(subject, eq(verifications.type, input.type), from, isNull(verifications.revokedAt)));
  if (existing) throw new AppError('conflict', 'verification.already_verified');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(verifications)
      .values({
        ...subjectColumns(input.unit, input.id),
        type: input.type,
        verifiedBy: actor.id,
        fromCompanyId: verifier.companyId,
        note: input.note || null,
      })
      .returning();
    if (verifier.admin)
      await recordAudit(tx, auditActor(actor), {
        action: 'verification.verify',
        objectType: input.unit,
        objectId: input.id,
        before: null,
        after: { type: input.type, verification_id: row.id, from_company_id: row.fromCompanyId },
        note: input.note || null,
      });
    return row;
  });
}
