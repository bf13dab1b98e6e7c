import { and, asc, desc, eq } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES } from '~/features/accounts/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { documentTypes, userDocuments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getStorage } from '~/server/storage';
import { detectUpload, encodeWebp, invalidFileType, newStorageKey, readUpload } from '~/server/storage/uploads';

const documentUrl = (id: number) => `/api-v2/user-document/download?id=${id}`;

export async function listDocumentTypes(db: Executor, locale: Locale) {
  return db
    .select({
      id: documentTypes.id,
      type_category_id: documentTypes.typeCategoryId,
      name: localizedColumn(documentTypes, 'name', locale),
    })
    .from(documentTypes)
    .orderBy(asc(documentTypes.typeCategoryId), asc(documentTypes.id));
}

/** The user's own documents, newest first. */
export async function listDocuments(db: Executor, userId: number, locale: Locale) {
  const rows = await db
    .select({
      id: userDocuments.id,
      document_type_id: userDocuments.documentTypeId,
      type: localizedColumn(documentTypes, 'name', locale),
      type_category_id: documentTypes.typeCategoryId,
      name: userDocuments.originalName,
      content_type: userDocuments.contentType,
      size: userDocuments.size,
      key: userDocuments.storageKey,
      created_at: userDocuments.createdAt,
    })
    .from(userDocuments)
    .innerJoin(documentTypes, eq(documentTypes.id, userDocuments.documentTypeId))
    .where(eq(userDocuments.userId, userId))
    .orderBy(desc(userDocuments.createdAt), desc(userDocuments.id));
  // Documents are private: they are served only to their owner, through the API (never under /uploads).
  return rows.map(({ key: _key, ...row }) => ({ ...row, url: documentUrl(row.id) }));
}

/** A document type must exist: else a per-field 422 on `document_type_id`. */
export async function assertDocumentType(db: Executor, documentTypeId: number): Promise<void> {
  const [type] = await db
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(eq(documentTypes.id, documentTypeId));
  if (!type)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { document_type_id: [{ key: 'validation.invalid_option' }] },
    });
}

/**
 * Stores a document's file under `{folder}/{ownerId}/…`: a PDF as it is, or an image re-encoded to WebP (metadata
 * stripped). Anything else, whatever its name, is refused. At most 20 MB.
 */
export async function storeDocumentFile(file: unknown, folder: string, ownerId: number) {
  const { bytes, name } = await readUpload(file, DOCUMENT_MAX_BYTES);
  const detected = await detectUpload(bytes);
  if (!detected) throw invalidFileType();
  const base = newStorageKey(folder, ownerId);
  let key: string;
  let stored: Uint8Array;
  if (detected.kind === 'pdf') {
    key = `${base}.pdf`;
    stored = bytes;
  } else {
    key = `${base}.webp`;
    stored = (await encodeWebp(bytes, [2000])).get(2000)!.data;
  }
  await getStorage().put(key, stored);
  return {
    storageKey: key,
    originalName: name,
    contentType: detected.kind === 'pdf' ? 'application/pdf' : 'image/webp',
    size: stored.length,
  };
}

/** Stores one of the user's documents (storeDocumentFile). */
export async function uploadDocument(db: Executor, userId: number, documentTypeId: number, file: unknown) {
  await assertDocumentType(db, documentTypeId);
  const stored = await storeDocumentFile(file, 'documents', userId);
  const [row] = await db
    .insert(userDocuments)
    .values({ userId, documentTypeId, ...stored })
    .returning({ id: userDocuments.id });
  return { id: row.id, url: documentUrl(row.id) };
}

/** Deletes one of the user's own documents; another user's is "not found". */
export async function deleteDocument(db: Executor, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(userDocuments)
    .where(and(eq(userDocuments.id, id), eq(userDocuments.userId, userId)))
    .returning({ key: userDocuments.storageKey });
  if (!row) throw new AppError('not_found', 'errors.not_found');
  await getStorage().delete(row.key);
}

/** A document's file, for its owner only. */
export async function readDocument(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ key: userDocuments.storageKey, name: userDocuments.originalName, contentType: userDocuments.contentType })
    .from(userDocuments)
    .where(and(eq(userDocuments.id, id), eq(userDocuments.userId, userId)));
  const file = row ? await getStorage().get(row.key) : undefined;
  if (!row || !file) throw new AppError('not_found', 'errors.not_found');
  return { ...file, name: row.name, contentType: row.contentType };
}
