import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { userDocuments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { type StaffActor, requireCapability } from './access';

/**
 * Another member's document, for staff reviewing a tier request (docs/backoffice.md "Silver requests"): capability
 * `tiers`, served privately through `/api-v2/admin/members/document` (never under /uploads).
 */
export async function readMemberDocument(db: Executor, actor: StaffActor, documentId: number) {
  requireCapability(actor, 'tiers');
  const [row] = await db
    .select({ key: userDocuments.storageKey, name: userDocuments.originalName, contentType: userDocuments.contentType })
    .from(userDocuments)
    .where(eq(userDocuments.id, documentId));
  const file = row ? await getStorage().get(row.key) : undefined;
  if (!row || !file) throw new AppError('not_found', 'errors.not_found');
  return { ...file, name: row.name, contentType: row.contentType };
}
