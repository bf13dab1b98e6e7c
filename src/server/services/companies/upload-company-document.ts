import type { Executor } from '~/server/db';
import { companyDocuments } from '~/server/db/schema';
import { assertDocumentType, storeDocumentFile } from '../accounts/documents';
import { requireMembership } from './access';

export const companyDocumentUrl = (id: number) => `/api-v2/company/document?id=${id}`;

/**
 * Stores a document of the caller's company (any member of its team): checked by content and size as members'
 * documents are (a PDF, or an image re-encoded to WebP; at most 20 MB).
 */
export async function uploadCompanyDocument(db: Executor, userId: number, documentTypeId: number, file: unknown) {
  const { companyId } = await requireMembership(db, userId);
  await assertDocumentType(db, documentTypeId);
  const stored = await storeDocumentFile(file, 'company-documents', companyId);
  const [row] = await db
    .insert(companyDocuments)
    .values({ companyId, documentTypeId, uploadedBy: userId, ...stored })
    .returning({ id: companyDocuments.id });
  return { id: row.id, url: companyDocumentUrl(row.id) };
}
