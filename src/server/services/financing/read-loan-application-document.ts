import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { loanApplicationDocuments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { findReadableApplication, type LoanReader } from './read-loan-application';

/**
 * A document of an application, for its applicant, an administrator or the provider's link only; anyone else, a
 * wrong token or a document of another application gets the same 404 as a document that does not exist.
 */
export async function readLoanApplicationDocument(db: Executor, reader: LoanReader, documentId: number) {
  const [doc] = await db.select().from(loanApplicationDocuments).where(eq(loanApplicationDocuments.id, documentId));
  if (!doc) throw new AppError('not_found', 'errors.not_found');
  // The reader must be able to read the document's own application (a token of another one is a 404).
  await findReadableApplication(db, reader, doc.applicationId);
  const file = await getStorage().get(doc.storageKey);
  if (!file) throw new AppError('not_found', 'errors.not_found');
  return { ...file, name: doc.originalName, contentType: doc.contentType };
}
