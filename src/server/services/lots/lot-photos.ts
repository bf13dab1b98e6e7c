import sharp from 'sharp';
import { LOT_PHOTO_MAX_BYTES, LOT_PHOTO_WIDTHS } from '../../../features/lots/constants';
import type { Executor } from '../../db';
import { lotPhotoUploads } from '../../db/schema';
import { AppError } from '../../errors';
import { consumeLimit } from '../../security/rate-limit';
import { getStorage } from '../../storage';
import { detectUpload, newStorageKey, readUpload } from '../../storage/uploads';
import { photoView } from './lot-item';

/**
 * `POST /{kind}/upload-photo`: stores one photo for a lot being written (an image checked by content, at
 * most 10 MB), re-encoded to WebP at 320, 800 and 1600 px wide without metadata. The answer's `key` goes in
 * the lot's `photos[]`; an upload never claimed by a lot is purged after a day.
 */
export async function uploadLotPhoto(db: Executor, userId: number, file: unknown) {
  await consumeLimit('lotPhotoUpload', `user:${userId}`);
  const { bytes } = await readUpload(file, LOT_PHOTO_MAX_BYTES, 'photo');
  if ((await detectUpload(bytes))?.kind !== 'image') throw new AppError('validation_failed', 'uploads.invalid_image', { fields: { photo: [{ key: 'uploads.invalid_image' }] } });
  const key = newStorageKey('lots', userId);
  let width = 0;
  let height = 0;
  try {
    for (const target of LOT_PHOTO_WIDTHS) {
      const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      await getStorage().put(`${key}-${target}.webp`, data);
      if (target === 1600 || info.width >= width) [width, height] = [info.width, info.height];
    }
  } catch (cause) {
    throw new AppError('validation_failed', 'uploads.unreadable', { cause, fields: { photo: [{ key: 'uploads.unreadable' }] } });
  }
  await db.insert(lotPhotoUploads).values({ storageKey: key, userId, width, height });
  return photoView({ storageKey: key, width, height });
}
