import { desc, eq } from 'drizzle-orm';
import type { ContactStatus } from '~/features/contact/schema';
import type { Executor } from '~/server/db/client';
import { contactMessages } from '~/server/db/schema';

/**
 * The support inbox (docs/contact.md), newest first, optionally of one status, for the admin command. The back
 * office reads the inbox with listSupportMessages (src/server/services/support/, docs/backoffice.md "Support").
 */
export async function listContactMessages(db: Executor, options: { status?: ContactStatus; limit?: number } = {}) {
  return db
    .select()
    .from(contactMessages)
    .where(options.status ? eq(contactMessages.status, options.status) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(options.limit ?? 100);
}
