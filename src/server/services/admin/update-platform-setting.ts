import { eq } from 'drizzle-orm';
import type { PlatformSettingInput } from '~/features/admin/money';
import { PLATFORM_SETTINGS } from '~/features/admin/settings';
import type { Executor } from '~/server/db';
import { platformSettings } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';
import { recordAudit } from './record-audit';

/**
 * Sets a fee setting (docs/backoffice.md "Money"): the platform fee in basis points or the payout approval
 * threshold in US dollars, a whole number within the setting's bounds (422 otherwise). It applies from the next
 * release or payout on; nothing already moved changes. Needs step-up (`step_up`). Audited with the value before and after. Capability `money`.
 */
export async function updatePlatformSetting(
  db: Executor,
  actor: StaffActor,
  input: PlatformSettingInput,
): Promise<{ key: string; before: number; after: number }> {
  requireCapability(actor, 'money');
  const { min, max } = PLATFORM_SETTINGS[input.key];
  if (!Number.isSafeInteger(input.value) || input.value < min || input.value > max)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { value: [{ key: 'admin.setting_out_of_range', vars: { min, max } }] },
    });
  // A fee or the payout approval amount moves every later payment: as sensitive as approving one payout.
  await confirmStepUp(db, actor, input.step_up);
  return db.transaction(async (tx) => {
    await tx.select().from(platformSettings).where(eq(platformSettings.key, input.key)).for('update');
    const before = await readPlatformSetting(tx, input.key);
    const now = new Date();
    await tx
      .insert(platformSettings)
      .values({ key: input.key, value: input.value, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: input.value, updatedBy: actor.id, updatedAt: now },
      });
    await recordAudit(tx, actor, {
      action: 'setting.update',
      objectType: 'platform_setting',
      objectId: input.key,
      before: { value: before },
      after: { value: input.value },
    });
    return { key: input.key, before, after: input.value };
  });
}
