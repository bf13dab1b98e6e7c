import { Hono } from 'hono';
import { z } from 'zod';
import { resetUssdPinSchema } from '~/features/admin/members';
import { parseId } from '~/features/validation/fields';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { staffActorOf } from '~/server/services/admin/access';
import { readChannelsOverview } from '~/server/services/admin/read-channels-overview';
import { resetMemberUssdPin } from '~/server/services/admin/reset-member-ussd-pin';

const TAG = 'Back office: feature phones';

/**
 * The back office's feature-phone calls (docs/backoffice.md "Feature phones"), capability `support`: the USSD and
 * SMS traffic per day with the members by channel and the lock-outs, and support's reset of a member's USSD PIN.
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

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/:id/reset-ussd-pin',
      tag: TAG,
      summary:
        "Reset a member's USSD PIN (`confirm`=1): PIN, wrong tries and lock-out cleared, audited; the member is told by SMS and sets a new PIN at their next use of the menu (409 when there is nothing to reset)",
      auth: true,
      staff: 'support',
      body: resetUssdPinSchema,
      response: z.object({ success: z.literal(true), sms: z.boolean() }),
    },
    async (c, { user }) => {
      const id = parseId(c.req.param('id'));
      if (id === undefined) throw new AppError('not_found', 'errors.not_found');
      const { sms } = await resetMemberUssdPin(await getDb(), staffActorOf(user, c.get('ip')), id);
      return { success: true as const, sms };
    },
  );

  return app;
}
