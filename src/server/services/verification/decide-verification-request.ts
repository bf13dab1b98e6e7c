import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users, verificationRequests, verifications } from '~/server/db/schema';
import { localizePath } from '~/i18n/paths';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { verificationDecisionMail } from '~/server/mail/templates';
import { userLocale } from '~/server/services/accounts/users';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/admin/record-audit';
import { type Actor, auditActor, findVerifier } from './find-verifier';
import { verifierSees } from './read-verification-request';
import { assertIndependent, assertTypeFits, requestUnit } from './verification-rules';

export interface DecideInput {
  id: number;
  decision: 'approve' | 'decline';
  note?: string;
}

/**
 * A verifier decides a pending request addressed to them (the platform, from the back office: any). Approving records
 * the verification (for the verifier's company, if any); declining keeps the note for the member. Decided once: again
 * is a 409. A request about the verifier's own account, company or colleague is theirs to decide neither way (403
 * `verification.own_unit`); one whose type does not fit its unit (made before that rule) can only be declined (422).
 * Platform staff's decisions are in the audit trail (`verification.approve` / `verification.decline`).
 */
export async function decideVerificationRequest(db: Executor, actor: Actor, input: DecideInput) {
  const verifier = await findVerifier(db, actor);
  const decided = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, input.id))
      .for('update');
    // A request the caller may not decide is "not found", as one that does not exist.
    if (!request || !verifierSees(verifier, request)) throw new AppError('not_found', 'verification.request_not_found');
    if (request.status !== 'pending') throw new AppError('conflict', 'verification.already_decided');
    const subject = requestUnit(request);
    await assertIndependent(tx, actor.id, subject.unit, subject.id);
    if (input.decision === 'approve') assertTypeFits(request.type, subject.unit);
    let verificationId: number | null = null;
    if (input.decision === 'approve') {
      const [record] = await tx
        .insert(verifications)
        .values({
          userId: request.userId,
          companyId: request.companyId,
          type: request.type,
          verifiedBy: actor.id,
          fromCompanyId: verifier!.companyId,
          note: input.note || null,
        })
        .returning({ id: verifications.id });
      verificationId = record.id;
    }
    const [updated] = await tx
      .update(verificationRequests)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'declined',
        decidedBy: actor.id,
        decidedAt: new Date(),
        decisionNote: input.note || null,
        verificationId,
      })
      .where(eq(verificationRequests.id, request.id))
      .returning();
    if (verifier?.admin)
      await recordAudit(tx, auditActor(actor), {
        action: `verification.${input.decision}`,
        objectType: 'verification_request',
        objectId: request.id,
        before: { status: request.status },
        after: { status: updated.status, verification_id: verificationId, note: updated.decisionNote },
        note: updated.decisionNote,
      });
    // The member hears of it in the same transaction (the outbox delivers it).
    await notifyVerificationDecision(tx, updated);
    return updated;
  });
  return decided;
}

/** The member who asked hears of the decision, in their language: the e-mail queued with `db`. */
async function notifyVerificationDecision(db: Executor, request: typeof verificationRequests.$inferSelect) {
  const [member] = await db.select().from(users).where(eq(users.id, request.requestedBy));
  if (!member?.email) return;
  const locale = userLocale(member);
  const approved = request.status === 'approved';
  const path =
    approved && request.verificationId
      ? `/success-verification?verification=${request.verificationId}`
      : '/user/profile/verifications';
  await queueMail(
    db,
    verificationDecisionMail(locale, member.email, member.firstName, {
      approved,
      type: request.type,
      note: request.decisionNote,
      url: `${getEnv().publicUrl}${localizePath(path, locale)}`,
    }),
  );
}
