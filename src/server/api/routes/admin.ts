import { Hono } from 'hono';
import { z } from 'zod';
import { auditQuerySchema } from '~/features/admin/audit';
import { staffCodeSchema } from '~/features/admin/two-factor';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { confirmTwoFactorSetup } from '~/server/services/admin/confirm-two-factor-setup';
import { listAuditEntries } from '~/server/services/admin/list-audit-entries';
import { startTwoFactorSetup } from '~/server/services/admin/start-two-factor-setup';
import { verifyAuditChain } from '~/server/services/admin/verify-audit-chain';
import { verifyStaffCode } from '~/server/services/admin/verify-staff-code';

/**
 * The back office's own calls (docs/backoffice.md): the staff second factor and the audit trail. Each area of the
 * back office adds its calls in a routes module of its own (`admin-*.ts`), every one declared with `staff`.
 */
export function adminRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/two-factor/setup',
      tag: 'Back office',
      summary:
        'Start setting up the staff second factor: the authenticator secret and its otpauth:// link (staff only; 409 once set up)',
      auth: true,
      response: z.object({ secret: z.string(), uri: z.string() }),
    },
    async (_c, { user }) => startTwoFactorSetup(await getDb(), user),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/two-factor/confirm',
      tag: 'Back office',
      summary:
        'Confirm the authenticator with its first code: opens the back office to this session and answers the recovery codes, shown once',
      auth: true,
      body: staffCodeSchema,
      response: z.object({ recovery_codes: z.array(z.string()) }),
    },
    async (c, { user, body }) => {
      const { recoveryCodes } = await confirmTwoFactorSetup(await getDb(), staffActorOf(user, c.get('ip')), body.code);
      return { recovery_codes: recoveryCodes };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/two-factor/verify',
      tag: 'Back office',
      summary:
        'Enter the back office: a code from the authenticator or a recovery code (spent). Needed again after 30 idle minutes',
      auth: true,
      body: staffCodeSchema,
      response: z.object({ method: z.enum(['totp', 'recovery_code']), recovery_codes_left: z.number().optional() }),
    },
    async (c, { user, body }) => {
      const result = await verifyStaffCode(await getDb(), staffActorOf(user, c.get('ip')), body.code);
      return { method: result.method, recovery_codes_left: result.recoveryCodesLeft };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/audit',
      tag: 'Back office',
      summary: 'The audit trail, newest first, filtered by actor, action, object and dates (administrators)',
      auth: true,
      staff: 'audit',
      query: auditQuerySchema,
    },
    async (c, { user, query }) => listAuditEntries(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/audit/verify',
      tag: 'Back office',
      summary: "Recompute the audit trail's hash chain: valid, or the first row that does not verify (administrators)",
      auth: true,
      staff: 'audit',
      response: z.object({
        valid: z.boolean(),
        broken_at: z.number().nullable(),
        count: z.number(),
        head_hash: z.string(),
      }),
    },
    async (c, { user }) => verifyAuditChain(await getDb(), staffActorOf(user, c.get('ip'))),
  );

  return app;
}
