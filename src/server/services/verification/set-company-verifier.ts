import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { holds } from '~/features/admin/capabilities';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type Actor, auditActor } from './find-verifier';
import { assertIndependent } from './verification-rules';

/**
 * Marks a company as a verifier (its members may verify other units for it: a cooperative its farmers, an extension
 * agency farms) or takes the mark away (docs/companies.md "Verification"). Platform staff with `verification`, from
 * the back office, only (403); never for a company they belong to (403 `verification.own_unit`); an unknown company
 * is a 404. Records its members made stay, with their company named. Audited (`company.set_verifier`, before and
 * after).
 */
export async function setCompanyVerifier(
  db: Executor,
  actor: Actor,
  input: { id: number; isVerifier: boolean },
): Promise<{ id: number; is_verifier: boolean }> {
  if (!actor.backOffice || !holds(actor, 'verification'))
    throw new AppError('forbidden', 'verification.administrators_only');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isVerifier: companies.isVerifier })
      .from(companies)
      .where(eq(companies.id, input.id))
      .for('update');
    if (!before) throw new AppError('not_found', 'companies.not_found', { vars: { id: input.id } });
    await assertIndependent(tx, actor.id, 'company', input.id);
    const [row] = await tx
      .update(companies)
      .set({ isVerifier: input.isVerifier, updatedAt: new Date() })
      .where(eq(companies.id, input.id))
      .returning({ id: companies.id, isVerifier: companies.isVerifier });
    await recordAudit(tx, auditActor(actor), {
      action: 'company.set_verifier',
      objectType: 'company',
      objectId: row.id,
      before: { is_verifier: before.isVerifier },
      after: { is_verifier: row.isVerifier },
    });
    return { id: row.id, is_verifier: row.isVerifier };
  });
}
