import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies } from '~/server/db/schema';
import { avatarUrls, deleteAvatarImage, storeAvatarImage } from '../accounts/avatar';
import { requireMembership } from './access';

/** The logo's two stored sizes, as avatars: `logo` (512 px) and `logo_small` (128 px). */
export function logoUrls(key: string | null): { logo: string | null; logo_small: string | null } {
  if (!key) return { logo: null, logo_small: null };
  const { avatar, avatar_small } = avatarUrls(key);
  return { logo: avatar, logo_small: avatar_small };
}

export const removeLogoFiles = deleteAvatarImage;

/** Replaces the caller's company's logo (administrators only): an image re-encoded as avatars are. */
export async function uploadCompanyLogo(db: Executor, userId: number, file: unknown) {
  const { companyId } = await requireMembership(db, userId, 'administrator');
  const key = await storeAvatarImage(file, 'logos', companyId, 'logo');
  const [previous] = await db.select({ logoKey: companies.logoKey }).from(companies).where(eq(companies.id, companyId));
  await db.update(companies).set({ logoKey: key, updatedAt: new Date() }).where(eq(companies.id, companyId));
  if (previous?.logoKey) await removeLogoFiles(previous.logoKey);
  return logoUrls(key);
}
