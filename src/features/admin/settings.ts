/**
 * The platform's settings an administrator may change in the back office (docs/backoffice.md "Money"), stored in
 * `platform_settings` (key → JSON value). Each has its bounds and the environment variable it falls back to while
 * nobody has set it (src/server/services/settings/read-platform-setting.ts).
 */
export const PLATFORM_SETTINGS = {
  /** The platform's fee on released deal money, in basis points (250 = 2.5 %); env PLATFORM_FEE_PERCENT. */
  platform_fee_bps: { min: 0, max: 10_000 },
  /** Payouts worth more than this many US dollars wait for approval; env PAYOUT_APPROVAL_ABOVE_USD. */
  payout_approval_above_usd: { min: 0, max: 1_000_000_000 },
} as const satisfies Record<string, { min: number; max: number }>;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTINGS;
export const PLATFORM_SETTING_KEYS = Object.keys(PLATFORM_SETTINGS) as PlatformSettingKey[];
