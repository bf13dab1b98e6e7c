import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminCompaniesQuerySchema,
  adminDecideSchema,
  adminPageQuerySchema,
  adminSetVerifierSchema,
  adminUnverifySchema,
  adminVerifySchema,
} from '~/features/admin/verification';
import { parseId, requiredInt } from '~/features/validation/fields';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { staffActorOf } from '~/server/services/admin/access';
import { decideVerification } from '~/server/services/admin/decide-verification';
import { listAdminCompanies } from '~/server/services/admin/list-admin-companies';
import { listUnitVerifications } from '~/server/services/admin/list-unit-verifications';
import { listVerificationRequests } from '~/server/services/admin/list-verification-requests';
import { readAdminCompany } from '~/server/services/admin/read-admin-company';
import { unverifyUnit } from '~/server/services/admin/unverify-unit';
import { verificationActor } from '~/server/services/admin/verification-actor';
import { verifyUnit } from '~/server/services/admin/verify-unit';
import { readVerificationDocument } from '~/server/services/verification/read-verification-document';
import { setCompanyVerifier } from '~/server/services/verification/set-company-verifier';
import { verificationDocumentResponse } from './verification';

const tag = 'Back office';
const idParam = (c: ApiContext) => {
  const id = parseId(c.req.param('id'));
  if (id === undefined) throw new AppError('not_found', 'errors.not_found');
  return id;
};

/** The back office's verification queue and companies (docs/backoffice.md "Verification", "Companies"). */
export function adminVerificationRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/verification/requests',
      tag,
      summary: 'Pending verification requests, oldest first, with their documents (staff with verification)',
      auth: true,
      staff: 'verification',
      query: adminPageQuerySchema,
    },
    async (c, { user, query }) => listVerificationRequests(await getDb(), staffActorOf(user, c.get('ip')), query.page),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/verification/decide',
      tag,
      summary:
        'Approve or decline a pending verification request (`id`, `decision`, `reason` required to decline); the member is e-mailed; audited',
      auth: true,
      staff: 'verification',
      body: adminDecideSchema.and(z.object({ id: requiredInt() })),
    },
    async (c, { user, body }) => ({
      success: true as const,
      ...(await decideVerification(await getDb(), staffActorOf(user, c.get('ip')), body.id, body)),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/verification/document',
      tag,
      summary: "A document sent with a verification request (`request_id`, `id`), for the platform's verifiers",
      auth: true,
      staff: 'verification',
      query: z.object({ request_id: requiredInt(), id: requiredInt() }),
    },
    async (c, { user, query }) =>
      verificationDocumentResponse(
        await readVerificationDocument(
          await getDb(),
          verificationActor(staffActorOf(user, c.get('ip'))),
          query.request_id,
          query.id,
        ),
      ),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/verification/verify',
      tag,
      summary:
        'Verify a member or a company as the platform (`unit`, `id`, `type` fitting the unit, `note`, `step_up`); never your own account, company or its members; audited',
      auth: true,
      staff: 'verification',
      body: adminVerifySchema,
    },
    async (c, { user, body }) => ({
      success: true as const,
      ...(await verifyUnit(await getDb(), staffActorOf(user, c.get('ip')), body)),
    }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/verification/unverify',
      tag,
      summary:
        "Revoke a member's or a company's verifications of a type (`unit`, `id`, `type`, `reason`, `step_up`); audited",
      auth: true,
      staff: 'verification',
      body: adminUnverifySchema,
    },
    async (c, { user, body }) => ({
      success: true as const,
      ...(await unverifyUnit(await getDb(), staffActorOf(user, c.get('ip')), body)),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/verification/records',
      tag,
      summary: "A member's or a company's verification records, active and revoked (`unit`, `id`)",
      auth: true,
      staff: 'verification',
      query: z.object({ unit: adminUnverifySchema.shape.unit, id: requiredInt() }),
    },
    async (c, { user, query }) =>
      listUnitVerifications(await getDb(), staffActorOf(user, c.get('ip')), query.unit, query.id),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/companies',
      tag,
      summary: 'Companies, newest first, 30 a page; `q` any part of the title or registration number',
      auth: true,
      staff: 'verification',
      query: adminCompaniesQuerySchema,
    },
    async (c, { user, query }) => listAdminCompanies(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/companies/:id',
      tag,
      summary: 'A company: team, documents, verification records, pending requests, lots count',
      auth: true,
      staff: 'verification',
    },
    async (c, { user }) => readAdminCompany(await getDb(), staffActorOf(user, c.get('ip')), idParam(c)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/companies/:id/verifier',
      tag,
      summary: 'Mark a company as a verifier company or take the mark away (`is_verifier` 1|0); audited',
      auth: true,
      staff: 'verification',
      body: adminSetVerifierSchema,
    },
    async (c, { user, body }) => ({
      success: true as const,
      ...(await setCompanyVerifier(await getDb(), verificationActor(staffActorOf(user, c.get('ip'))), {
        id: idParam(c),
        isVerifier: body.is_verifier,
      })),
    }),
  );

  return app;
}
