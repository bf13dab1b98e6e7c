import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyMembers, verificationRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { Verifier } from './find-verifier';
import { relationToUnit, requestUnit } from './verification-rules';

export type RequestRow = typeof verificationRequests.$inferSelect;

/** Whether a verifier may see (and decide) a request: administrators all, a verifier company those addressed to it. */
export const verifierSees = (verifier: Verifier | null, request: RequestRow) =>
  !!verifier && (verifier.admin || (verifier.companyId !== null && request.verifierCompanyId === verifier.companyId));

/**
 * A request the user may see: its owner (the requesting member, or an administrator of the requesting company) or a
 * verifier it is addressed to who is independent of its subject (the queues leave the others out too). Anything else
 * is "not found", exactly as a request that does not exist.
 */
export async function readVerificationRequest(db: Executor, userId: number, verifier: Verifier | null, id: number) {
  const [request] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
  if (!request) throw new AppError('not_found', 'verification.request_not_found');
  if (request.userId === userId) return request;
  if (request.companyId !== null) {
    const [member] = await db
      .select({ permission: companyMembers.permission })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, request.companyId), eq(companyMembers.userId, userId)));
    if (member?.permission === 'administrator') return request;
  }
  if (verifierSees(verifier, request)) {
    const subject = requestUnit(request);
    if (!(await relationToUnit(db, userId, subject.unit, subject.id))) return request;
  }
  throw new AppError('not_found', 'verification.request_not_found');
}
