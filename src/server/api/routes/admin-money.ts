import { Hono } from 'hono';
import {
  dealListQuerySchema,
  disputeDecisionSchema,
  payoutDecisionSchema,
  platformSettingSchema,
  reconcileRepairSchema,
} from '~/features/admin/money';
import { parseId } from '~/features/validation/fields';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { staffActorOf } from '~/server/services/admin/access';
import { decideDispute } from '~/server/services/admin/decide-dispute';
import { decideStaffPayout } from '~/server/services/admin/decide-staff-payout';
import { listOpenDisputes } from '~/server/services/admin/list-open-disputes';
import { listPlatformSettings } from '~/server/services/admin/list-platform-settings';
import { listStaffDeals } from '~/server/services/admin/list-staff-deals';
import { listStaffPayouts } from '~/server/services/admin/list-staff-payouts';
import { readDisputeCase } from '~/server/services/admin/read-dispute-case';
import { readStaffDeal } from '~/server/services/admin/read-staff-deal';
import { runReconciliation } from '~/server/services/admin/run-reconciliation';
import { updatePlatformSetting } from '~/server/services/admin/update-platform-setting';

const idParam = (raw: string | undefined) => {
  const id = parseId(raw);
  if (id === undefined) throw new AppError('not_found', 'errors.not_found');
  return id;
};

/**
 * The back office's Money (capability `money`) and Deals (capability `deals`) calls (docs/backoffice.md "Money",
 * "Deals"): disputes, payouts, the reconciliation, fee settings; the deals list and one deal.
 */
export function adminMoneyRoutes() {
  const app = new Hono<ApiEnv>();
  const tag = 'Back office';

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/money/disputes',
      tag,
      summary: 'Open disputes of deals with frozen money, oldest first, with their count',
      auth: true,
      staff: 'money',
    },
    async (c, { user }) => {
      const items = await listOpenDisputes(await getDb(), staffActorOf(user, c.get('ip')));
      return { items, count: items.length };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/money/disputes/:id',
      tag,
      summary:
        "A deal's dispute: the deal, its frozen money, both parties' evidence, the history with its chain check, the chat",
      auth: true,
      staff: 'money',
    },
    async (c, { user }) => readDisputeCase(await getDb(), staffActorOf(user, c.get('ip')), idParam(c.req.param('id'))),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/money/disputes/:id/decide',
      tag,
      summary:
        'Decide an open dispute: release, refund or split (seller_amount typed in the deal currency); refund and split need step_up',
      auth: true,
      staff: 'money',
      body: disputeDecisionSchema,
    },
    async (c, { user, body }) => {
      const done = await decideDispute(
        await getDb(),
        staffActorOf(user, c.get('ip')),
        idParam(c.req.param('id')),
        body,
      );
      return {
        dispute_id: done.disputeId,
        decision: done.decision,
        held: done.held,
        seller_amount: done.sellerAmount,
        fee: done.fee,
        buyer_amount: done.buyerAmount,
        transfer_id: done.transferId,
      };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/money/payouts',
      tag,
      summary: 'Payouts awaiting approval or not yet settled, oldest first',
      auth: true,
      staff: 'money',
    },
    async (c, { user }) => ({ items: await listStaffPayouts(await getDb(), staffActorOf(user, c.get('ip'))) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/money/payouts/:reference/decide',
      tag,
      summary: 'Approve (step_up) or decline (reason; the money returns to the member) a payout awaiting approval',
      auth: true,
      staff: 'money',
      body: payoutDecisionSchema,
    },
    async (c, { user, body }) => {
      const payout = await decideStaffPayout(
        await getDb(),
        staffActorOf(user, c.get('ip')),
        c.req.param('reference') ?? '',
        body,
      );
      return { reference: payout.reference, status: payout.status, failure: payout.failure };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/money/reconciliation',
      tag,
      summary:
        'Reconciliation report: payments and payouts against their providers and the ledger, and the ledger check',
      auth: true,
      staff: 'money',
    },
    async (c, { user }) => runReconciliation(await getDb(), staffActorOf(user, c.get('ip'))),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/money/reconciliation/repair',
      tag,
      summary: 'Run the reconciliation with repairs (as the CLI reconcile --repair), each once; needs step_up',
      auth: true,
      staff: 'money',
      body: reconcileRepairSchema,
    },
    async (c, { user, body }) =>
      runReconciliation(await getDb(), staffActorOf(user, c.get('ip')), { repair: true, stepUp: body.step_up }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/money/settings',
      tag,
      summary:
        'Fee settings in force (platform fee in basis points, payout approval threshold in USD) and their source',
      auth: true,
      staff: 'money',
    },
    async (c, { user }) => ({ items: await listPlatformSettings(await getDb(), staffActorOf(user, c.get('ip'))) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/money/settings',
      tag,
      summary: 'Change a fee setting (a whole number typed by a person); applies from the next release or payout',
      auth: true,
      staff: 'money',
      body: platformSettingSchema,
    },
    async (c, { user, body }) => updatePlatformSetting(await getDb(), staffActorOf(user, c.get('ip')), body),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/deals',
      tag,
      summary: 'Deals, newest first: search by id or member e-mail, filter by status or open dispute',
      auth: true,
      staff: 'deals',
      query: dealListQuerySchema,
    },
    async (c, { user, query }) => listStaffDeals(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/deals/:id',
      tag,
      summary: 'One deal, read-only: parties, lot, amounts, state, disputes, history with its chain check',
      auth: true,
      staff: 'deals',
    },
    async (c, { user }) => readStaffDeal(await getDb(), staffActorOf(user, c.get('ip')), idParam(c.req.param('id'))),
  );

  return app;
}
