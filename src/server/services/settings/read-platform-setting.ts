import { eq } from 'drizzle-orm';
import { PLATFORM_SETTINGS, type PlatformSettingKey } from '~/features/admin/settings';
import type { Executor } from '~/server/db';
import { platformSettings } from '~/server/db/schema';
import { getEnv } from '~/server/env';

/** What a setting is while nobody has set it in the back office: the environment's value. */
export function envDefaultOf(key: PlatformSettingKey): number {
  const env = getEnv();
  return key === 'platform_fee_bps' ? env.platformFeeBps : env.PAYOUT_APPROVAL_ABOVE_USD;
}

/**
 * One platform setting (docs/backoffice.md "Money"): the value set in the back office (`platform_settings`), or the
 * environment's while none is set (or the stored one is not a whole number within the setting's bounds).
 */
export async function readPlatformSetting(db: Executor, key: PlatformSettingKey): Promise<number> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key));
  const { min, max } = PLATFORM_SETTINGS[key];
  const value = row?.value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) return value;
  return envDefaultOf(key);
}
