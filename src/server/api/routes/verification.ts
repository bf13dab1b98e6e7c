import { Hono } from 'hono';
import { z } from 'zod';
import { VERIFICATION_TYPES } from '~/features/companies/constants';
import { optionalInt, optionalText, requiredInt, toBoolean } from '~/features/validation/fields';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { verificationActor } from '~/server/services/admin/verification-actor';
import { decideVerificationRequest } from '~/server/services/verification/decide-verification-request';
import { listMyVerifications } from '~/server/services/verification/list-my-verifications';
import { listVerificationQueue } from '~/server/services/verification/list-verification-queue';
import { makeUnverifiedUnit } from '~/server/services/verification/make-unverified-unit';
import { makeVerifiedUnit } from '~/server/services/verification/make-verified-unit';
import { readVerificationDocument } from '~/server/services/verification/read-verification-document';
import { readVerifications } from '~/server/services/verification/read-verifications';
import { requestVerification } from '~/server/services/verification/request-verification';
import { setCompanyVerifier } from '~/server/services/verification/set-company-verifier';

const tag = 'Verification';
const type = z.enum(VERIFICATION_TYPES, { message: 'validation.invalid_option' });
const unit = z.enum(['user', 'company'], { message: 'validation.invalid_option' });
const unitBody = z.object({ unit, id: requiredInt(), type, note: optionalText(1000) });
const idList = z.preprocess(
  (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(requiredInt()).max(20, { message: 'validation.too_many' }),
);

/** A verification request's document as a download, private to whoever passed its access check. */
export const verificationDocumentResponse = (file: Awaited<ReturnType<typeof readVerificationDocument>>) =>
  new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  });

/** Verification as a record (docs/companies.md "Verification"). */
export function verificationRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/verified-unit/make-verified-unit',
      tag,
      summary:
        'Verify a user or a company (`unit` user|company, `id`, `type` fitting the unit, `note`): members of verifier companies, never their own account, company or its members (platform staff verify in the back office)',
      auth: true,
      body: unitBody,
    },
    async (c, { body, user }) => {
      const record = await makeVerifiedUnit(await getDb(), user, body);
      return {
        success: true as const,
        id: record.id,
        message: c.get('t')(body.unit === 'company' ? 'verification.company_verified' : 'verification.user_verified'),
      };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/set-verifier',
      tag,
      summary:
        'Mark a company as a verifier (`id`, `is_verifier` 1|0): its members may then verify other units for it. Platform staff with `verification`, past the back office’s second factor',
      auth: true,
      staff: 'verification',
      body: z.object({ id: requiredInt(), is_verifier: z.preprocess(toBoolean, z.boolean()) }),
    },
    async (c, { body, user }) => {
      const company = await setCompanyVerifier(await getDb(), verificationActor(staffActorOf(user, c.get('ip'))), {
        id: body.id,
        isVerifier: body.is_verifier,
      });
      return {
        success: true as const,
        ...company,
        message: c.get('t')(company.is_verifier ? 'verification.verifier_set' : 'verification.verifier_unset'),
      };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/verified-unit/make-unverified-unit',
      tag,
      summary:
        'Revoke the active verifications of a type (kept as history): a verifier company revokes only its own records (platform staff revoke any in the back office)',
      auth: true,
      body: unitBody,
    },
    async (c, { body, user }) => {
      const revoked = await makeUnverifiedUnit(await getDb(), user, body);
      return { success: true as const, revoked: revoked.length, message: c.get('t')('verification.unverified') };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/verification/request',
      tag,
      summary:
        "Ask to be verified (`unit` user, or company with `company_id` as its administrator), `type`, `document_ids[]` (your documents or the company's), optional `verifier_company_id`, `message`",
      auth: true,
      body: z.object({
        unit: unit.default('user'),
        company_id: optionalInt(),
        type,
        document_ids: idList,
        verifier_company_id: optionalInt(),
        message: optionalText(1000),
      }),
    },
    async (c, { body, user }) => {
      const request = await requestVerification(await getDb(), user.id, {
        unit: body.unit,
        companyId: body.company_id,
        type: body.type,
        documentIds: body.document_ids,
        verifierCompanyId: body.verifier_company_id,
        message: body.message,
      });
      return {
        success: true as const,
        id: request.id,
        status: request.status,
        message: c.get('t')('verification.request_sent'),
      };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/verification/queue',
      tag,
      summary: 'Pending requests for you to decide, with their documents (verifiers only)',
      auth: true,
      query: z.object({ page: optionalInt() }),
    },
    async (_c, { query, user }) => listVerificationQueue(await getDb(), user, query.page ?? 1),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/verification/decide',
      tag,
      summary: 'Approve (records the verification) or decline (with a `note`) a pending request addressed to you',
      auth: true,
      body: z.object({
        id: requiredInt(),
        decision: z.enum(['approve', 'decline'], { message: 'validation.invalid_option' }),
        note: optionalText(1000),
      }),
    },
    async (c, { body, user }) => {
      const request = await decideVerificationRequest(await getDb(), user, body);
      return {
        success: true as const,
        status: request.status,
        verification_id: request.verificationId,
        message: c.get('t')(
          body.decision === 'approve' ? 'verification.request_approved' : 'verification.request_declined',
        ),
      };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/verification/document',
      tag,
      summary: "A document sent with a request (`request_id`, `id`): the request's owner and its verifiers only",
      auth: true,
      query: z.object({ request_id: requiredInt(), id: requiredInt() }),
    },
    async (_c, { query, user }) =>
      verificationDocumentResponse(await readVerificationDocument(await getDb(), user, query.request_id, query.id)),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/verification/records',
      tag,
      summary: "A user's (`user_id`) or a company's (`company_id`) active verifications: type, verifier, date",
      query: z
        .object({ user_id: optionalInt(), company_id: optionalInt() })
        .refine((q) => (q.user_id === undefined) !== (q.company_id === undefined), {
          message: 'validation.required',
          path: ['user_id'],
        }),
      anonymousCache: 'public, max-age=60',
    },
    async (_c, { query }) => {
      const records = await readVerifications(await getDb(), {
        userId: query.user_id,
        companyId: query.company_id,
        activeOnly: true,
      });
      return {
        items: records.map((r) => ({
          id: r.id,
          type: r.type,
          verified_by: r.verified_by,
          from_company_id: r.from_company_id,
          from_company: r.from_company,
          created_at: r.created_at,
        })),
      };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/verification/my',
      tag,
      summary: 'Your verification records (active and revoked) and your requests with their status',
      auth: true,
    },
    async (_c, { user }) => listMyVerifications(await getDb(), user.id),
  );

  return app;
}
