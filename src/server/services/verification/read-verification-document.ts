import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companyDocuments, userDocuments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { type Actor, findVerifier } from './find-verifier';
import { readVerificationRequest } from './read-verification-request';

/**
 * The file of a document sent with a verification request: only the request's owner and the verifiers it is
 * addressed to read it; anyone else, or a document not sent with it, is a 404.
 */
export async function readVerificationDocument(db: Executor, actor: Actor, requestId: number, documentId: number) {
  const request = await readVerificationRequest(db, actor.id, await findVerifier(db, actor), requestId);
  if (!request.documentIds.includes(documentId)) throw new AppError('not_found', 'errors.not_found');
  const table = request.userId !== null ? userDocuments : companyDocuments;
  const owner =
    request.userId !== null
      ? eq(userDocuments.userId, request.userId)
      : eq(companyDocuments.companyId, request.companyId!);
  const [row] = await db
    .select({ key: table.storageKey, name: table.originalName, contentType: table.contentType })
    .from(table)
    .where(and(eq(table.id, documentId), owner));
  const file = row ? await getStorage().get(row.key) : undefined;
  if (!row || !file) throw new AppError('not_found', 'errors.not_found');
  return { ...file, name: row.name, contentType: row.contentType };
}
