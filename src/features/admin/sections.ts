import type { MessageKey } from '~/i18n/t';
import type { StaffCapability } from './capabilities';

/** The back office's areas, in the shell's order: where each lives and the capability that opens it. */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', path: '/admin', capability: 'dashboard', label: 'admin.nav_dashboard' },
  { id: 'members', path: '/admin/members', capability: 'members', label: 'admin.nav_members' },
  { id: 'moderation', path: '/admin/moderation', capability: 'moderation', label: 'admin.nav_moderation' },
  { id: 'verification', path: '/admin/verification', capability: 'verification', label: 'admin.nav_verification' },
  { id: 'deals', path: '/admin/deals', capability: 'deals', label: 'admin.nav_deals' },
  { id: 'money', path: '/admin/money', capability: 'money', label: 'admin.nav_money' },
  { id: 'support', path: '/admin/support', capability: 'support', label: 'admin.nav_support' },
  { id: 'channels', path: '/admin/channels', capability: 'support', label: 'admin.channels_title' },
  { id: 'reference', path: '/admin/reference', capability: 'reference', label: 'admin.nav_reference' },
  { id: 'content', path: '/desk', capability: 'content', label: 'admin.nav_content' },
  { id: 'audit', path: '/admin/audit', capability: 'audit', label: 'admin.nav_audit' },
  { id: 'operations', path: '/admin/operations', capability: 'operations', label: 'admin.nav_operations' },
] as const satisfies readonly { id: string; path: string; capability: StaffCapability; label: MessageKey }[];
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];
