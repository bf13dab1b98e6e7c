import { Hono } from 'hono';
import { supportAnswerSchema, supportAssignSchema, supportQuerySchema } from '~/features/admin/support';
import { requiredInt } from '~/features/validation/fields';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { answerSupportMessage } from '~/server/services/support/answer-support-message';
import { assignSupportMessage } from '~/server/services/support/assign-support-message';
import { listSupportMessages } from '~/server/services/support/list-support-messages';
import { readSupportMessage } from '~/server/services/support/read-support-message';
import { setSupportMessageClosed } from '~/server/services/support/set-support-message-closed';
import { z } from 'zod';

/** The support inbox's calls (docs/backoffice.md "Support"): capability `support`. */
export function adminSupportRoutes() {
  const app = new Hono<ApiEnv>();
  const idParam = z.object({ id: requiredInt() });
  const base = { tag: 'Back office', auth: true, staff: 'support' } as const;

  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/support/messages',
      summary: 'Contact messages of one status (new by default), optionally assigned to me, oldest first, with counts',
      query: supportQuerySchema,
    },
    async (c, { user, query }) => listSupportMessages(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/support/messages/view',
      summary: 'One contact message with the answers sent and the support members it may be assigned to',
      query: idParam,
    },
    async (c, { user, query }) => readSupportMessage(await getDb(), staffActorOf(user, c.get('ip')), query.id),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/support/messages/assign',
      summary: 'Assign a message to a support member (assignee_id), or to nobody (blank)',
      body: supportAssignSchema.extend({ id: requiredInt() }),
    },
    async (c, { user, body }) =>
      assignSupportMessage(await getDb(), staffActorOf(user, c.get('ip')), body.id, body.assignee_id),
  );

  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/support/messages/answer',
      summary: "Answer by e-mail in the sender's language; the message becomes answered (409 if closed or phone only)",
      body: supportAnswerSchema.extend({ id: requiredInt() }),
    },
    async (c, { user, body }) =>
      answerSupportMessage(await getDb(), staffActorOf(user, c.get('ip')), body.id, body.body),
  );

  for (const [path, closed, summary] of [
    ['/admin/support/messages/close', true, 'Close a message (409 if closed already)'],
    ['/admin/support/messages/reopen', false, 'Reopen a closed message: answered if it was answered, else new'],
  ] as const)
    endpoint(app, { ...base, method: 'post', path, summary, body: idParam }, async (c, { user, body }) =>
      setSupportMessageClosed(await getDb(), staffActorOf(user, c.get('ip')), body.id, closed),
    );

  return app;
}
