import { Hono } from 'hono';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { readAdminDashboard } from '~/server/services/admin/read-admin-dashboard';

/** The back office's dashboard (docs/backoffice.md "Dashboard"). */
export function adminDashboardRoutes() {
  const app = new Hono<ApiEnv>();
  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/dashboard',
      tag: 'Back office',
      summary:
        "The dashboard: members, lots on the market, deals by state, traded volume and value per currency (7 and 30 days), and the queues the caller's role holds with their counts and oldest item",
      auth: true,
      staff: 'dashboard',
    },
    async (c, { user }) => readAdminDashboard(await getDb(), staffActorOf(user, c.get('ip'))),
  );
  return app;
}
