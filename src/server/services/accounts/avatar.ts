import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { getStorage, storageUrl } from '~/server/storage';
import { AppError } from '~/server/errors';
import { detectUpload, encodeWebp, newStorageKey, readUpload } from '~/server/storage/uploads';

const SIZES = [512, 128] as const;

/** The two stored sizes of a profile photo: `path` (the large one's key), `avatar` (512 px) and `avatar_small` (128 px). */
export function avatarUrls(key: string): { path: string; avatar: string; avatar_small: string } {
  return {
    path: `${key}-512.webp`,
    avatar: storageUrl(`${key}-512.webp`),
    avatar_small: storageUrl(`${key}-128.webp`),
  };
}

/**
 * Stores a square image (a profile photo, a company's logo) as WebP in the two avatar sizes, without metadata:
 * at most 10 MB, anything but an image refused. Answers the key prefix (`{folder}/{ownerId}/…`).
 */
export async function storeAvatarImage(
  file: unknown,
  folder: string,
  ownerId: number,
  field = 'photo',
): Promise<string> {
  const { bytes } = await readUpload(file, AVATAR_MAX_BYTES, field);
  const type = await detectUpload(bytes);
  if (type?.kind !== 'image')
    throw new AppError('validation_failed', 'uploads.invalid_image', {
      fields: { [field]: [{ key: 'uploads.invalid_image' }] },
    });
  const encoded = await encodeWebp(bytes, [...SIZES], field, { square: true });
  const key = newStorageKey(folder, ownerId);
  const storage = getStorage();
  for (const [width, { data }] of encoded) await storage.put(`${key}-${width}.webp`, data);
  return key;
}

/** Deletes the stored sizes of an image stored by storeAvatarImage. */
export async function deleteAvatarImage(key: string): Promise<void> {
  for (const width of SIZES) await getStorage().delete(`${key}-${width}.webp`);
}

/** Replaces the user's profile photo: an image of at most 10 MB, stored as WebP in two sizes without metadata. */
export async function setAvatar(
  db: Executor,
  userId: number,
  file: unknown,
): Promise<{ avatar: string; avatar_small: string }> {
  const key = await storeAvatarImage(file, 'avatars', userId);
  const [previous] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ avatarKey: key, updatedAt: new Date() }).where(eq(users.id, userId));
  if (previous?.avatarKey) await deleteAvatarImage(previous.avatarKey);
  const { avatar, avatar_small } = avatarUrls(key);
  return { avatar, avatar_small };
}
