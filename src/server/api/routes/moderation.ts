import { Hono } from 'hono';
import { z } from 'zod';
import {
  appealSchema,
  blockReportedSchema,
  decideAppealSchema,
  hideLotSchema,
  hideMessageSchema,
  moderationQueueSchema,
  reportRefSchema,
  reportSchema,
} from '~/features/admin/moderation';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { appealLot } from '~/server/services/moderation/appeal-lot';
import { blockReportedMember } from '~/server/services/moderation/block-reported-member';
import { decideAppeal } from '~/server/services/moderation/decide-appeal';
import { dismissReport } from '~/server/services/moderation/dismiss-report';
import { hideLot } from '~/server/services/moderation/hide-lot';
import { hideMessage } from '~/server/services/moderation/hide-message';
import { listModerationQueue } from '~/server/services/moderation/list-moderation-queue';
import { reportContent } from '~/server/services/moderation/report-content';

const tag = 'Moderation';

/** Members' reports and appeals, and the moderators' queue and decisions (docs/backoffice.md "Moderation"). */
export function moderationRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/moderation/report',
      tag,
      summary:
        'Report a lot (target_type lot, lot_id) or a profile (target_type profile, user_id) with a reason and an optional comment: 201 {id}. Own lot or profile, or an open report of yours already: 409',
      auth: true,
      body: reportSchema,
    },
    async (c, { body, user }) => {
      const report = await reportContent(await getDb(), user.id, {
        targetType: body.target_type,
        lotId: body.lot_id,
        userId: body.user_id,
        reason: body.reason,
        comment: body.comment,
      });
      return c.json(report, 201);
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/moderation/appeal',
      tag,
      summary: "Appeal once against the hiding of one's own lot (lot_id, text). Not hidden or appealed already: 409",
      auth: true,
      body: appealSchema,
    },
    async (_c, { body, user }) => appealLot(await getDb(), user.id, { lotId: body.lot_id, text: body.text }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/moderation',
      tag,
      summary: 'The moderation queue: open lot, profile and chat reports and waiting appeals, oldest first',
      auth: true,
      staff: 'moderation',
      query: moderationQueueSchema,
    },
    async (c, { user, query }) => listModerationQueue(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/moderation/hide-lot',
      tag,
      summary: 'Hide a lot with a reason: off the market, its open reports closed (hidden), its owner e-mailed',
      auth: true,
      staff: 'moderation',
      body: hideLotSchema,
    },
    async (c, { user, body }) =>
      hideLot(await getDb(), staffActorOf(user, c.get('ip')), { lotId: body.lot_id, reason: body.reason }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/moderation/hide-message',
      tag,
      summary: 'Hide a chat message with a reason: shown to both members as removed by moderation',
      auth: true,
      staff: 'moderation',
      body: hideMessageSchema,
    },
    async (c, { user, body }) =>
      hideMessage(await getDb(), staffActorOf(user, c.get('ip')), { messageId: body.message_id, reason: body.reason }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/moderation/dismiss',
      tag,
      summary: 'Dismiss a report (source report|chat, report_id)',
      auth: true,
      staff: 'moderation',
      body: reportRefSchema,
      response: z.object({ ok: z.boolean() }),
    },
    async (c, { user, body }) => {
      await dismissReport(await getDb(), staffActorOf(user, c.get('ip')), {
        source: body.source,
        reportId: body.report_id,
      });
      return { ok: true };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/moderation/block',
      tag,
      summary: 'Block the member a report is about, with a reason; their open reports are closed (blocked)',
      auth: true,
      staff: 'moderation',
      body: blockReportedSchema,
    },
    async (c, { user, body }) =>
      blockReportedMember(await getDb(), staffActorOf(user, c.get('ip')), {
        source: body.source,
        reportId: body.report_id,
        reason: body.reason,
      }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/moderation/appeal',
      tag,
      summary: "Decide an owner's appeal: restore the lot or uphold the hiding; the owner is e-mailed",
      auth: true,
      staff: 'moderation',
      body: decideAppealSchema,
    },
    async (c, { user, body }) =>
      decideAppeal(await getDb(), staffActorOf(user, c.get('ip')), {
        lotId: body.lot_id,
        decision: body.decision,
        note: body.note,
      }),
  );

  return app;
}
