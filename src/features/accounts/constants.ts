/** Accounts vocabulary shared by the server and the islands (docs/auth.md). */
import { type StaffCapability, capabilitiesOf, holds } from '~/features/admin/capabilities';

/** Sign-up kinds: farmer or seller; trader or company; seller of inputs; cooperative representative. */
export const TRADER_STATUSES = ['farmer', 'trader', 'input_seller', 'cooperative'] as const;
export type TraderStatus = (typeof TRADER_STATUSES)[number];

/** Account tiers (user modes); silver and gold unlock agro, buy, seed and fertilizer lots and bulk price updates. */
export const TIERS = ['basic', 'bronze', 'silver', 'gold'] as const;
export type Tier = (typeof TIERS)[number];

/**
 * A member's role. `user` is every member; the others are the back office's staff (docs/backoffice.md "Roles"):
 * `admin` holds every capability, `moderator` lots, messages, reports and verifications, `editor` the editors'
 * desk, `support` reading members and deals and the contact inbox, `finance` disputes, payouts and reconciliation.
 */
export const ROLES = ['user', 'editor', 'admin', 'moderator', 'support', 'finance'] as const;
export type Role = (typeof ROLES)[number];

/** Editors and administrators may write, publish and restore content (docs/articles.md "Roles"). */
export function isEditor(user: { role: Role } | null | undefined): boolean {
  return holds(user, 'content');
}

export const GENDERS = ['male', 'female'] as const;
/** From under 16 up to over 55. */
export const AGE_RANGES = ['under_16', '16_25', '26_35', '36_45', '46_55', 'over_55'] as const;
export const ACTIVITIES = [
  'crop_farming',
  'livestock',
  'mixed_farming',
  'horticulture',
  'trading',
  'processing',
  'input_supply',
  'transport_storage',
  'other',
] as const;
export const TURNOVER_PERIODS = ['month', 'year'] as const;
export const ADDRESS_LABELS = ['home', 'work', 'farm', 'warehouse', 'other'] as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PIN_LENGTH = 4;
export const PIN_RESEND_SECONDS = 60;
export const PIN_TTL_MINUTES = 10;
export const PIN_MAX_ATTEMPTS = 5;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_CURRENCY_ID = 3;

/**
 * Permissions a user's `scope` can hold. Services check them; the scope is derived from tier and role,
 * never stored, so a tier change takes effect at once.
 */
export const PERMISSIONS = {
  /** Machinery lots: every signed-in user. */
  createTechnicLots: 'lots.create_technic',
  /** Agro sell lots, buy requests, seed and fertilizer lots: silver and gold. */
  createTradeLots: 'lots.create_trade',
  bulkPriceUpdate: 'lots.bulk_price',
  /** Articles and other content on the editors' desk: editors and administrators. */
  editContent: 'content.edit',
} as const;
/** A back-office capability as the scope names it: `admin.<capability>` (src/features/admin/capabilities.ts). */
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS] | `admin.${StaffCapability}`;

export function scopeFor(user: { tier: Tier; role: Role }): Permission[] {
  const scope: Permission[] = [PERMISSIONS.createTechnicLots];
  if (user.tier === 'silver' || user.tier === 'gold')
    scope.push(PERMISSIONS.createTradeLots, PERMISSIONS.bulkPriceUpdate);
  if (isEditor(user)) scope.push(PERMISSIONS.editContent);
  for (const capability of capabilitiesOf(user.role)) scope.push(`admin.${capability}`);
  return scope;
}
