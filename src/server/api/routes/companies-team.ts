import { Hono } from 'hono';
import { z } from 'zod';
import {
  changePermissionSchema,
  companyCreateSchema,
  companyDocumentSchema,
  companyUpdateSchema,
  interestSchema,
  inviteSchema,
  joinRequestIdSchema,
  joinRequestSchema,
  memberSchema,
} from '~/features/companies/schemas';
import { requiredInt } from '~/features/validation/fields';
import type { MessageKey } from '~/i18n/t';
import { getDb } from '~/server/db';
import { addInterest } from '~/server/services/companies/add-interest';
import { answerInvite } from '~/server/services/companies/answer-invite';
import { changePermission } from '~/server/services/companies/change-permission';
import { createCompany } from '~/server/services/companies/create-company';
import { decideJoinRequest } from '~/server/services/companies/decide-join-request';
import { deleteCompany } from '~/server/services/companies/delete-company';
import { deleteCompanyDocument } from '~/server/services/companies/delete-company-document';
import { inviteMember } from '~/server/services/companies/invite-member';
import { leaveCompany } from '~/server/services/companies/leave-company';
import {
  listCompanyDocumentTypes,
  listCompanyDocumentTypesByCategory,
} from '~/server/services/companies/list-company-document-types';
import { listMyJoinRequests } from '~/server/services/companies/list-my-join-requests';
import { readCompanyDocument } from '~/server/services/companies/read-company-document';
import { readMyCompany } from '~/server/services/companies/read-my-company';
import { removeInterest } from '~/server/services/companies/remove-interest';
import { removeMember } from '~/server/services/companies/remove-member';
import { requestToJoin } from '~/server/services/companies/request-to-join';
import { updateCompany } from '~/server/services/companies/update-company';
import { uploadCompanyDocument } from '~/server/services/companies/upload-company-document';
import { uploadCompanyLogo } from '~/server/services/companies/upload-company-logo';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';

const TAG = 'Companies';
const done = (c: ApiContext, key: MessageKey, extra: Record<string, unknown> = {}) => ({
  success: true,
  message: c.get('t')(key),
  ...extra,
});

/**
 * The write side of companies and teams (docs/companies.md "Companies", "Teams"): the caller's company, its team,
 * join requests and invitations, documents, logo and interests. A member belongs to at most one company, so the
 * calls act on the caller's company.
 */
export function companyTeamRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/create',
      tag: TAG,
      summary:
        'Create a company; you become its administrator. 409 when you are in a company or the entity number is taken in the country',
      auth: true,
      body: companyCreateSchema,
    },
    async (c, { body, user }) => done(c, 'companies.created', await createCompany(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/update',
      tag: TAG,
      summary: 'Change the fields sent of your company (administrators)',
      auth: true,
      body: companyUpdateSchema,
    },
    async (c, { body, user }) => done(c, 'companies.updated', await updateCompany(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/delete',
      tag: TAG,
      summary: 'Delete your company (administrators); 409 while any of its lots is in a running deal',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (c, { user }) => {
      await deleteCompany(await getDb(), user.id);
      return done(c, 'companies.deleted');
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/my-company',
      tag: TAG,
      summary:
        'Your company with its team, pending requests and invitations, documents and interests (company: null when you are in none)',
      auth: true,
    },
    async (c, { user }) => readMyCompany(await getDb(), user.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/join-request',
      tag: TAG,
      summary: "Ask to join a company by its code; its administrators decide. 404 'no companies found by this number'",
      auth: true,
      body: joinRequestSchema,
    },
    async (c, { body, user }) =>
      done(c, 'companies.join_request_sent', await requestToJoin(await getDb(), user.id, body.code)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/company-join-request-for-user',
      tag: TAG,
      summary: 'Your own pending invitations (to accept or decline) and requests to join',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (_c, { user }) => listMyJoinRequests(await getDb(), user.id),
  );

  for (const [path, accept, summary] of [
    ['/company/accept-invite', true, 'Accept an invitation: you join the company as a manager'],
    ['/company/decline-invite', false, 'Decline an invitation'],
  ] as const) {
    endpoint(
      app,
      { method: 'post', path, tag: TAG, summary, auth: true, body: joinRequestIdSchema },
      async (c, { body, user }) => {
        await answerInvite(await getDb(), user.id, body.id, accept);
        return done(c, accept ? 'companies.approved' : 'companies.declined');
      },
    );
  }

  for (const [path, approve, summary] of [
    ['/company/approve-request', true, 'Approve a request to join your company (administrators)'],
    ['/company/decline-request', false, 'Decline a request to join your company (administrators)'],
  ] as const) {
    endpoint(
      app,
      { method: 'post', path, tag: TAG, summary, auth: true, body: joinRequestIdSchema },
      async (c, { body, user }) => {
        await decideJoinRequest(await getDb(), user.id, body.id, approve);
        return done(c, approve ? 'companies.approved' : 'companies.declined');
      },
    );
  }

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/invite',
      tag: TAG,
      summary:
        "Invite a member by their referral code (administrators). 'cannot add user': unknown code (422), already in a company (409)",
      auth: true,
      body: inviteSchema,
    },
    async (c, { body, user }) =>
      done(c, 'companies.invitation_sent', await inviteMember(await getDb(), user.id, body.referral_code)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/change-permission',
      tag: TAG,
      summary: 'Change a team member’s permission (administrators); the last administrator cannot be demoted',
      auth: true,
      body: changePermissionSchema,
    },
    async (c, { body, user }) => {
      await changePermission(await getDb(), user.id, body.user_id, body.permission);
      return done(c, 'companies.permission_changed');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/remove-member',
      tag: TAG,
      summary: 'Remove a member from your company (administrators); the last administrator cannot be removed',
      auth: true,
      body: memberSchema,
    },
    async (c, { body, user }) => {
      await removeMember(await getDb(), user.id, body.user_id);
      return done(c, 'companies.member_removed');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/leave',
      tag: TAG,
      summary: 'Leave your company; the last administrator cannot',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (c, { user }) => {
      await leaveCompany(await getDb(), user.id);
      return done(c, 'companies.left');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/company-document-type-list',
      tag: TAG,
      summary: 'Kinds of company documents, each with its type category',
      body: z.object({}).passthrough(),
    },
    async (c) => ({ items: await listCompanyDocumentTypes(await getDb(), c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/company-document-type-with-cat',
      tag: TAG,
      summary: 'Kinds of company documents grouped by type category (identity, business, land and farm, trade)',
      body: z.object({}).passthrough(),
    },
    async (c) => ({ items: await listCompanyDocumentTypesByCategory(await getDb(), c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/upload-document',
      tag: TAG,
      summary: 'Upload a document of your company (multipart: document_type_id, file — PDF or image, at most 20 MB)',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (c, { raw, user }) => {
      const { document_type_id } = parseInput(companyDocumentSchema, raw);
      return done(
        c,
        'companies.document_uploaded',
        await uploadCompanyDocument(await getDb(), user.id, document_type_id, raw.file),
      );
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/delete-document',
      tag: TAG,
      summary: 'Delete a document of your company (administrators)',
      auth: true,
      body: z.object({ id: requiredInt() }),
    },
    async (c, { body, user }) => {
      await deleteCompanyDocument(await getDb(), user.id, body.id);
      return done(c, 'companies.document_deleted');
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/company/document',
      tag: TAG,
      summary: 'The file of a company document: for its team and verifiers only (anyone else: 404)',
      auth: true,
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => {
      const file = await readCompanyDocument(await getDb(), user, query.id);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          'Content-Disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/upload-logo',
      tag: TAG,
      summary: 'Replace your company’s logo (administrators; multipart: logo — an image of at most 10 MB)',
      auth: true,
      body: z.object({}).passthrough(),
    },
    async (c, { raw, user }) =>
      done(c, 'companies.logo_updated', await uploadCompanyLogo(await getDb(), user.id, raw.logo)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/add-interest',
      tag: TAG,
      summary: 'Add what your company sells or buys (administrators): kind sell|buy, category_kind and category_id',
      auth: true,
      body: interestSchema,
    },
    async (c, { body, user }) => done(c, 'companies.interest_added', await addInterest(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/company/remove-interest',
      tag: TAG,
      summary: 'Remove one of your company’s interests (administrators)',
      auth: true,
      body: z.object({ id: requiredInt() }),
    },
    async (c, { body, user }) => {
      await removeInterest(await getDb(), user.id, body.id);
      return done(c, 'companies.interest_removed');
    },
  );

  return app;
}
