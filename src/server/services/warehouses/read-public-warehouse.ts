import { and, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { systemWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type PublicWarehouse, isLive, selectPublicWarehouses } from './public-warehouse-fields';

/** One live public warehouse; an unknown or retired one is a 404. */
export async function readPublicWarehouse(db: Executor, id: number, locale: Locale): Promise<PublicWarehouse> {
  const [row] = await selectPublicWarehouses(db, locale).where(and(eq(systemWarehouses.id, id), isLive));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return row;
}
