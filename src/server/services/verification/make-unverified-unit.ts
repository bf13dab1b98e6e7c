import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { verifications } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type Actor, auditActor, requireVerifier } from './find-verifier';
import { type UnitInput, assertUnitExists } from './make-verified-unit';
import { assertIndependent } from './verification-rules';

/**
 * Revokes the active verifications of a type of a user or a company, keeping them as history (`revoked_at`,
 * `revoked_by`, `revoke_note`). A verifier company's member revokes only the records made for their company;
 * any other record only platform staff with `verification` (403 otherwise). Nothing active of that type is a 404.
 * Nobody revokes their own account's, their company's or a colleague's records (403 `verification.own_unit`). The
 * type is not checked against the unit: a record made before that rule can still be revoked.
 * Platform staff's revocations (back office) are in the audit trail (`verification.revoke`).
 */
export async function makeUnverifiedUnit(db: Executor, actor: Actor, input: UnitInput) {
  const verifier = await requireVerifier(db, actor);
  await assertUnitExists(db, input.unit, input.id);
  await assertIndependent(db, actor.id, input.unit, input.id);
  return db.transaction(async (tx) => {
    const subject = input.unit === 'user' ? eq(verifications.userId, input.id) : eq(verifications.companyId, input.id);
    const active = await tx
      .select({ id: verifications.id, fromCompanyId: verifications.fromCompanyId })
      .from(verifications)
      .where(and(subject, eq(verifications.type, input.type), isNull(verifications.revokedAt)))
      .for('update');
    if (active.length === 0) throw new AppError('not_found', 'verification.not_found');
    const mine = verifier.admin
      ? active
      : active.filter((row) => row.fromCompanyId !== null && row.fromCompanyId === verifier.companyId);
    if (mine.length === 0) throw new AppError('forbidden', 'verification.not_yours');
    const revoked = await tx
      .update(verifications)
      .set({ revokedAt: new Date(), revokedBy: actor.id, revokeNote: input.note || null })
      .where(
        inArray(
          verifications.id,
          mine.map((row) => row.id),
        ),
      )
      .returning();
    if (verifier.admin)
      await recordAudit(tx, auditActor(actor), {
        action: 'verification.revoke',
        objectType: input.unit,
        objectId: input.id,
        before: { type: input.type, active: revoked.map((row) => row.id) },
        after: { type: input.type, active: [], revoked: revoked.map((row) => row.id) },
        note: input.note || null,
      });
    return revoked;
  });
}
