import { eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY_ID } from '~/features/accounts/constants';
import type { Executor } from '~/server/db';
import { currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

/**
 * Offers a currency again or stops offering it for new lots and accounts (existing lots and wallets keep theirs).
 * The default currency stays active (409). Audited.
 */
export async function setCurrencyActive(db: Executor, actor: StaffActor, id: number, active: boolean): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    if (!active && id === DEFAULT_CURRENCY_ID) throw new AppError('conflict', 'admin.reference_default_currency');
    await tx.update(currencies).set({ isActive: active }).where(eq(currencies.id, id));
    await recordAudit(tx, actor, {
      action: active ? 'reference.currency_activate' : 'reference.currency_deactivate',
      objectType: 'currency',
      objectId: id,
      before: { is_active: row.isActive },
      after: { is_active: active },
    });
  });
  forgetReferenceCaches();
}
