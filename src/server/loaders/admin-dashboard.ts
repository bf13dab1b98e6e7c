import { getDb } from '~/server/db';
import { type AdminDashboard, readAdminDashboard } from '~/server/services/admin/read-admin-dashboard';
import type { AdminGate } from './admin';

/** /admin (docs/backoffice.md "Dashboard"): the figures and the queues the visitor's role holds. */
export async function loadAdminDashboard(gate: AdminGate): Promise<AdminDashboard> {
  return readAdminDashboard(await getDb(), gate.actor);
}
