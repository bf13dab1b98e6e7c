import { eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';

/** The language a member reads Mavuno in: the menu, their SMS notices and e-mails (`users.locale`). */
export async function setMemberLocale(db: Executor, userId: number, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
