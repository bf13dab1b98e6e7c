import { LOT_PHOTO_MAX_BYTES } from '~/features/lots/constants';
import type { Executor } from '~/server/db';
import { lotPhotoUploads } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit } from '~/server/security/rate-limit';
import { storeLotPhotoFiles } from '~/server/storage/lot-photo-files';
import { detectUpload, newStorageKey, readUpload } from '~/server/storage/uploads';
import { photoView } from './lot-item';

/**
 * `POST /{kind}/upload-photo`: stores one photo for a lot being written (an image checked by content, at
 * most 10 MB), re-encoded to WebP at 320, 800 and 1600 px wide without metadata. The answer's `key` goes in
 * the lot's `photos[]`; an upload never claimed by a lot is purged after a day.
 */
export async function uploadLotPhoto(db: Executor, userId: number, file: unknown) {
  await consumeLimit('lotPhotoUpload', `user:${userId}`);
  const { bytes } = await readUpload(file, LOT_PHOTO_MAX_BYTES, 'photo');
  if ((await detectUpload(bytes))?.kind !== 'image')
    throw new AppError('validation_failed', 'uploads.invalid_image', {
      fields: { photo: [{ key: 'uploads.invalid_image' }] },
    });
  const key = newStorageKey('lots', userId);
  const { width, height } = await storeLotPhotoFiles(key, bytes);
  await db.insert(lotPhotoUploads).values({ storageKey: key, userId, width, height });
  return photoView({ storageKey: key, width, height });
}
