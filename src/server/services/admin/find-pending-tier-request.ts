import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { tierRequests } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** A tier request the back office is about to decide: unknown 404, decided already 409. */
export async function findPendingTierRequest(db: Executor, requestId: number) {
  const [request] = await db.select().from(tierRequests).where(eq(tierRequests.id, requestId));
  if (!request) throw new AppError('not_found', 'errors.not_found');
  if (request.status !== 'pending') throw new AppError('conflict', 'admin.request_decided');
  return request;
}
