import { inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyDocuments, userDocuments } from '~/server/db/schema';
import type { RequestRow } from './read-verification-request';

export const verificationDocumentUrl = (requestId: number, documentId: number) =>
  `/api-v2/verification/document?request_id=${requestId}&id=${documentId}`;
/** The same document for platform staff, behind the back office's second factor. */
export const adminVerificationDocumentUrl = (requestId: number, documentId: number) =>
  `/api-v2/admin/verification/document?request_id=${requestId}&id=${documentId}`;

/** The documents sent with each request (two queries for a page of requests), as links only their readers open. */
export async function listRequestDocuments(
  db: Executor,
  requests: RequestRow[],
  urlOf: (requestId: number, documentId: number) => string = verificationDocumentUrl,
) {
  const userIds = requests.filter((r) => r.userId !== null).flatMap((r) => r.documentIds);
  const companyIds = requests.filter((r) => r.companyId !== null).flatMap((r) => r.documentIds);
  const columns = (t: typeof userDocuments | typeof companyDocuments) => ({
    id: t.id,
    name: t.originalName,
    content_type: t.contentType,
    size: t.size,
  });
  const [users, companies] = await Promise.all([
    userIds.length
      ? db.select(columns(userDocuments)).from(userDocuments).where(inArray(userDocuments.id, userIds))
      : [],
    companyIds.length
      ? db.select(columns(companyDocuments)).from(companyDocuments).where(inArray(companyDocuments.id, companyIds))
      : [],
  ]);
  const byUser = new Map(users.map((d) => [d.id, d]));
  const byCompany = new Map(companies.map((d) => [d.id, d]));
  return new Map(
    requests.map((r) => {
      const found = r.userId !== null ? byUser : byCompany;
      const docs = r.documentIds.flatMap((id) => {
        const doc = found.get(id);
        return doc ? [{ ...doc, url: urlOf(r.id, id) }] : [];
      });
      return [r.id, docs] as const;
    }),
  );
}
