import { Hono } from 'hono';
import { z } from 'zod';
import {
  approveSilverSchema,
  blockMemberSchema,
  changeRoleSchema,
  changeTierSchema,
  declineSilverSchema,
  memberIdSchema,
  memberSearchSchema,
  resetUssdPinSchema,
  signOutMemberSchema,
  unblockMemberSchema,
} from '~/features/admin/members';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { approveSilverRequest } from '~/server/services/admin/approve-silver-request';
import { blockAccount } from '~/server/services/admin/block-account';
import { changeMemberTier } from '~/server/services/admin/change-member-tier';
import { changeStaffRole } from '~/server/services/admin/change-staff-role';
import { declineSilverRequest } from '~/server/services/admin/decline-silver-request';
import { listSilverRequests } from '~/server/services/admin/list-silver-requests';
import { readMember } from '~/server/services/admin/read-member';
import { readMemberDocument } from '~/server/services/admin/read-member-document';
import { resendMemberConfirmation } from '~/server/services/admin/resend-member-confirmation';
import { resetMemberUssdPin } from '~/server/services/admin/reset-member-ussd-pin';
import { searchMembers } from '~/server/services/admin/search-members';
import { signMemberOut } from '~/server/services/admin/sign-member-out';
import { unblockAccount } from '~/server/services/admin/unblock-account';

const TAG = 'Back office: members';
const success = z.object({ success: z.literal(true) });

/** The back office's members area (docs/backoffice.md "Members", "Silver requests"). */
export function adminMembersRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/members',
      tag: TAG,
      summary: 'Search members by name, e-mail, phone, referral code or id (one box `q`), newest first',
      auth: true,
      staff: 'members',
      query: memberSearchSchema,
    },
    async (c, { user, query }) => searchMembers(await getDb(), staffActorOf(user, c.get('ip')), query),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/members/view',
      tag: TAG,
      summary:
        "A member's page: profile, tier, role, verification, lots, deals, wallet, reports about them, live sessions, pending request, documents",
      auth: true,
      staff: 'members',
      query: memberIdSchema,
    },
    async (c, { user, query }) => readMember(await getDb(), staffActorOf(user, c.get('ip')), query.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/tier',
      tag: TAG,
      summary: "Change a member's tier (step-up `step_up`); a pending request is decided; the member is e-mailed",
      auth: true,
      staff: 'tiers',
      body: changeTierSchema,
      response: z.object({ success: z.literal(true), previous: z.string() }),
    },
    async (c, { user, body }) => {
      const { previous } = await changeMemberTier(await getDb(), staffActorOf(user, c.get('ip')), body.id, {
        tier: body.tier,
        reason: body.reason,
        stepUp: body.step_up,
      });
      return { success: true as const, previous };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/block',
      tag: TAG,
      summary:
        'Block a member with a reason (`confirm`=1): signed out everywhere, sign-in refused, lots off the market',
      auth: true,
      staff: 'block',
      body: blockMemberSchema,
      response: success,
    },
    async (c, { user, body }) => {
      await blockAccount(await getDb(), staffActorOf(user, c.get('ip')), body.id, { reason: body.reason });
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/unblock',
      tag: TAG,
      summary: 'Unblock a member: sign-in allowed again, lots back on the market',
      auth: true,
      staff: 'block',
      body: unblockMemberSchema,
      response: success,
    },
    async (c, { user, body }) => {
      await unblockAccount(await getDb(), staffActorOf(user, c.get('ip')), body.id, { note: body.reason });
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/sign-out',
      tag: TAG,
      summary: 'Sign a member out everywhere (`confirm`=1): every session ends',
      auth: true,
      staff: 'accounts',
      body: signOutMemberSchema,
      response: z.object({ success: z.literal(true), ended: z.number() }),
    },
    async (c, { user, body }) => {
      const { ended } = await signMemberOut(await getDb(), staffActorOf(user, c.get('ip')), body.id);
      return { success: true as const, ended };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/reset-ussd-pin',
      tag: TAG,
      summary:
        "Reset a member's USSD PIN (`confirm`=1): PIN, wrong tries and lock-out cleared, audited; the member is told by SMS and sets a new PIN at their next use of the menu (409 when there is nothing to reset)",
      auth: true,
      staff: 'support',
      body: resetUssdPinSchema,
      response: z.object({ success: z.literal(true), sms: z.boolean() }),
    },
    async (c, { user, body }) => {
      const { sms } = await resetMemberUssdPin(await getDb(), staffActorOf(user, c.get('ip')), body.id);
      return { success: true as const, sms };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/resend-confirmation',
      tag: TAG,
      summary: "E-mail the member's address confirmation link again, in their language (409 when confirmed)",
      auth: true,
      staff: 'accounts',
      body: memberIdSchema,
      response: success,
    },
    async (c, { user, body }) => {
      await resendMemberConfirmation(await getDb(), staffActorOf(user, c.get('ip')), body.id);
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/role',
      tag: TAG,
      summary: "Change a member's role (administrators; step-up `step_up`, `confirm`=1)",
      auth: true,
      staff: 'roles',
      body: changeRoleSchema,
      response: z.object({ success: z.literal(true), previous: z.string() }),
    },
    async (c, { user, body }) => {
      const { previous } = await changeStaffRole(await getDb(), staffActorOf(user, c.get('ip')), body.id, {
        role: body.role,
        stepUp: body.step_up,
      });
      return { success: true as const, previous };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/members/silver-requests',
      tag: TAG,
      summary: 'Pending tier requests, oldest first, with the members and their documents',
      auth: true,
      staff: 'tiers',
    },
    async (c, { user }) => listSilverRequests(await getDb(), staffActorOf(user, c.get('ip')), c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/silver-requests/approve',
      tag: TAG,
      summary: 'Approve a pending tier request (`id` of the request; step-up `step_up`); the member is e-mailed',
      auth: true,
      staff: 'tiers',
      body: approveSilverSchema,
      response: success,
    },
    async (c, { user, body }) => {
      await approveSilverRequest(await getDb(), staffActorOf(user, c.get('ip')), body.id, { stepUp: body.step_up });
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/admin/members/silver-requests/decline',
      tag: TAG,
      summary: 'Decline a pending tier request with a reason; the member is e-mailed the reason in their language',
      auth: true,
      staff: 'tiers',
      body: declineSilverSchema,
      response: success,
    },
    async (c, { user, body }) => {
      await declineSilverRequest(await getDb(), staffActorOf(user, c.get('ip')), body.id, { reason: body.reason });
      return { success: true as const };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/admin/members/document',
      tag: TAG,
      summary: "A member's uploaded document, to review a tier request (private, never cached)",
      auth: true,
      staff: 'tiers',
      query: memberIdSchema,
    },
    async (c, { user, query }) => {
      const file = await readMemberDocument(await getDb(), staffActorOf(user, c.get('ip')), query.id);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          // Images open in the browser; a PDF is downloaded (never rendered on our origin).
          'Content-Disposition': `${file.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );

  return app;
}
