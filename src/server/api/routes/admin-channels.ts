import { Hono } from 'hono';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { readChannelsOverview } from '~/server/services/admin/read-channels-overview';

const TAG = 'Back office: feature phones';

/**
 * The back office's feature-phone calls (docs/backoffice.md "Feature phones"), capability `support`: the USSD and
 * SMS traffic per day with the members by channel and the lock-outs (support's reset of a member's USSD PIN is a member
 * action: src/server/api/routes/admin-members.ts).
 */
export function adminChannelsRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/channels',
      tag: TAG,
      summary:
        'USSD and SMS traffic per UTC day over the last 30 days (newest first) with totals, members by channel, members whose USSD is locked now',
      auth: true,
      staff: 'support',
    },
    async (c, { user }) => readChannelsOverview(await getDb(), staffActorOf(user, c.get('ip'))),
  );

  return app;
}
