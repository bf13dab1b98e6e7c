/**
 * Who may do what in the back office (docs/backoffice.md "Roles"). Each back-office page, API call and service
 * names one capability; a role holds the capabilities listed here, administrators all of them. The access matrix
 * test (tests/api/admin-access.test.ts) checks every route against this table.
 */
export const STAFF_ROLES = ['admin', 'moderator', 'editor', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_CAPABILITIES = {
  /** The dashboard (each role sees the queues it holds). */
  dashboard: ['admin', 'moderator', 'editor', 'support', 'finance'],
  /** Search members and read a member's page (profile, lots, deals, wallet summary, reports, sessions). */
  members: ['admin', 'moderator', 'support'],
  /** Block and unblock a member. */
  block: ['admin', 'moderator'],
  /** Sign a member out everywhere and resend their confirmations. */
  accounts: ['admin', 'moderator', 'support'],
  /** Change a member's tier; review silver requests. */
  tiers: ['admin', 'moderator'],
  /** Reported lots, messages and profiles: hide, dismiss, appeals. */
  moderation: ['admin', 'moderator'],
  /** Company and member verification queue, company management. */
  verification: ['admin', 'moderator'],
  /** Read deals (and their histories). */
  deals: ['admin', 'support', 'finance'],
  /** Disputes, payouts, reconciliation, fee settings. */
  money: ['admin', 'finance'],
  /** The contact messages inbox; feature phones: USSD/SMS traffic, lock-outs, a member's USSD PIN reset. */
  support: ['admin', 'support'],
  /** Categories, units, currencies and rates, regions and villages, public warehouses, loan products. */
  reference: ['admin'],
  /** The editors' desk (articles, pages, loan products' texts). */
  content: ['admin', 'editor'],
  /** Staff roles. */
  roles: ['admin'],
  /** The audit trail. */
  audit: ['admin'],
  /** The outbox's dead letters (and sending them again) and the scheduled jobs' runs (docs/backoffice.md "Operations"). */
  operations: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffCapability = keyof typeof STAFF_CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(STAFF_CAPABILITIES) as StaffCapability[];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** The capabilities a role holds (none for a member). */
export function capabilitiesOf(role: string): StaffCapability[] {
  return CAPABILITY_NAMES.filter((name) => (STAFF_CAPABILITIES[name] as readonly string[]).includes(role));
}

export function holds(user: { role: string } | null | undefined, capability: StaffCapability): boolean {
  return !!user && (STAFF_CAPABILITIES[capability] as readonly string[]).includes(user.role);
}

/** Idle minutes after which the back office asks for the second factor again. */
export const STAFF_IDLE_MINUTES = 30;
/** Recovery codes made at set-up (each works once). */
export const RECOVERY_CODE_COUNT = 10;
