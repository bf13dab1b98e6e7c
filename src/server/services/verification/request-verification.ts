import { and, eq, inArray } from 'drizzle-orm';
import type { VerificationType } from '~/features/companies/constants';
import type { Executor } from '~/server/db';
import { companies, companyDocuments, companyMembers, userDocuments, verificationRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { UnitKind } from './make-verified-unit';
import { assertTypeFits } from './verification-rules';

export interface RequestVerificationInput {
  unit: UnitKind;
  /** The company asking (unit `company`): the requester must be one of its administrators. */
  companyId?: number;
  type: VerificationType;
  /** The requester's own user_documents (unit `user`) or the company's company_documents (unit `company`). */
  documentIds: number[];
  /** A verifier company to ask, or none: the platform's administrators. */
  verifierCompanyId?: number;
  message?: string;
}

const invalid = (
  field: string,
  key: 'validation.invalid_option' | 'verification.request_pending' | 'verification.verifier_not_independent',
) => new AppError('validation_failed', 'errors.validation_failed', { fields: { [field]: [{ key }] } });

/**
 * A member asks to be verified (or a company administrator for their company), with their own documents
 * (docs/companies.md "Verification"). One pending request per subject and type. The type must fit the unit (422
 * on `type`); a verifier company named must be able to decide it: not the member's own company, not the company
 * asking itself (422 on `verifier_company_id`).
 */
export async function requestVerification(db: Executor, userId: number, input: RequestVerificationInput) {
  assertTypeFits(input.type, input.unit);
  let subject: { userId: number | null; companyId: number | null };
  if (input.unit === 'company') {
    if (!input.companyId) throw invalid('company_id', 'validation.invalid_option');
    const [member] = await db
      .select({ permission: companyMembers.permission })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, input.companyId), eq(companyMembers.userId, userId)));
    if (member?.permission !== 'administrator') throw new AppError('forbidden', 'verification.not_company_admin');
    subject = { userId: null, companyId: input.companyId };
  } else {
    subject = { userId, companyId: null };
  }

  const ids = [...new Set(input.documentIds)];
  if (ids.length > 0) {
    const owned =
      input.unit === 'user'
        ? await db
            .select({ id: userDocuments.id })
            .from(userDocuments)
            .where(and(inArray(userDocuments.id, ids), eq(userDocuments.userId, userId)))
        : await db
            .select({ id: companyDocuments.id })
            .from(companyDocuments)
            .where(and(inArray(companyDocuments.id, ids), eq(companyDocuments.companyId, subject.companyId!)));
    if (owned.length !== ids.length) throw invalid('document_ids', 'validation.invalid_option');
  }

  if (input.verifierCompanyId !== undefined) {
    const [company] = await db
      .select({ isVerifier: companies.isVerifier })
      .from(companies)
      .where(eq(companies.id, input.verifierCompanyId));
    if (!company?.isVerifier) throw invalid('verifier_company_id', 'validation.invalid_option');
    const [own] =
      input.unit === 'user'
        ? await db
            .select({ userId: companyMembers.userId })
            .from(companyMembers)
            .where(and(eq(companyMembers.companyId, input.verifierCompanyId), eq(companyMembers.userId, userId)))
        : input.verifierCompanyId === subject.companyId
          ? [{ userId }]
          : [];
    if (own) throw invalid('verifier_company_id', 'verification.verifier_not_independent');
  }

  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: verificationRequests.id })
      .from(verificationRequests)
      .where(
        and(
          subject.userId !== null
            ? eq(verificationRequests.userId, subject.userId)
            : eq(verificationRequests.companyId, subject.companyId!),
          eq(verificationRequests.type, input.type),
          eq(verificationRequests.status, 'pending'),
        ),
      );
    if (pending.length > 0) throw new AppError('conflict', 'verification.request_pending');
    const [row] = await tx
      .insert(verificationRequests)
      .values({
        ...subject,
        type: input.type,
        verifierCompanyId: input.verifierCompanyId ?? null,
        message: input.message || null,
        documentIds: ids,
        requestedBy: userId,
      })
      .returning();
    return row;
  });
}
