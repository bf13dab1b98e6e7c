import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { contactMessages } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** A contact message locked for a change (docs/backoffice.md "Support"); 404 if there is none with this id. */
export async function lockSupportMessage(tx: Executor, id: number) {
  const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  if (!message) throw new AppError('not_found', 'errors.not_found');
  return message;
}
