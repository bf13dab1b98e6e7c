import { inArray } from 'drizzle-orm';
import { PLATFORM_SETTING_KEYS, PLATFORM_SETTINGS, type PlatformSettingKey } from '~/features/admin/settings';
import type { Executor } from '~/server/db';
import { platformSettings } from '~/server/db/schema';
import { envDefaultOf, readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { type StaffActor, requireCapability } from './access';

export interface PlatformSettingItem {
  key: PlatformSettingKey;
  value: number;
  /** Where the value comes from: set in the back office, or the environment's while nobody set it. */
  source: 'set' | 'env';
  env_value: number;
  min: number;
  max: number;
  updated_by: number | null;
  updated_at: string | null;
}

/** The fee settings (docs/backoffice.md "Money"): each value in force and where it comes from. Capability `money`. */
export async function listPlatformSettings(db: Executor, actor: StaffActor): Promise<PlatformSettingItem[]> {
  requireCapability(actor, 'money');
  const rows = await db.select().from(platformSettings).where(inArray(platformSettings.key, PLATFORM_SETTING_KEYS));
  const stored = new Map(rows.map((row) => [row.key, row]));
  return Promise.all(
    PLATFORM_SETTING_KEYS.map(async (key) => {
      const row = stored.get(key);
      const value = await readPlatformSetting(db, key);
      return {
        key,
        value,
        source: row && row.value === value ? ('set' as const) : ('env' as const),
        env_value: envDefaultOf(key),
        ...PLATFORM_SETTINGS[key],
        updated_by: row?.updatedBy ?? null,
        updated_at: row?.updatedAt.toISOString() ?? null,
      };
    }),
  );
}
