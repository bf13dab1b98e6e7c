import type { z } from 'zod';
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
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { AppError, isAppError } from '~/server/errors';
import { approveSilverRequest } from '~/server/services/admin/approve-silver-request';
import { blockAccount } from '~/server/services/admin/block-account';
import { changeMemberTier } from '~/server/services/admin/change-member-tier';
import { changeStaffRole } from '~/server/services/admin/change-staff-role';
import { declineSilverRequest } from '~/server/services/admin/decline-silver-request';
import { type SilverRequestItem, listSilverRequests } from '~/server/services/admin/list-silver-requests';
import { type MemberView, readMember } from '~/server/services/admin/read-member';
import { resendMemberConfirmation } from '~/server/services/admin/resend-member-confirmation';
import { resetMemberUssdPin } from '~/server/services/admin/reset-member-ussd-pin';
import { type MemberListItem, searchMembers } from '~/server/services/admin/search-members';
import { signMemberOut } from '~/server/services/admin/sign-member-out';
import { unblockAccount } from '~/server/services/admin/unblock-account';
import type { AdminGate } from './admin';
import { type FormState, PRIVATE_PAGE, type PageOutcome, blankForm, handleFormPost } from './form-post';

/**
 * The members area of the back office (docs/backoffice.md "Members", "Silver requests"): the search, a member's page
 * with its action forms, and the silver requests. Each form posts to its page with `do` naming the action; a
 * refusal shows the page again with the problem beside that form; success is a 303 back with `?done=`.
 */

export interface MembersListView {
  page: Page<MemberListItem>;
  q: string;
  invalid: boolean;
}

export async function loadMembersPage(gate: AdminGate): Promise<MembersListView> {
  const raw = Object.fromEntries(
    [...gate.request.url.searchParams.entries()].filter(([, value]) => value.trim() !== ''),
  );
  let query = parseInput(memberSearchSchema, {});
  let invalid = false;
  try {
    query = parseInput(memberSearchSchema, raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
    invalid = true;
  }
  return { page: await searchMembers(await getDb(), gate.actor, query), q: query.q ?? '', invalid };
}

type MemberAction = 'tier' | 'block' | 'unblock' | 'sign_out' | 'resend' | 'role' | 'reset_ussd_pin';
const MEMBER_ACTIONS: readonly MemberAction[] = [
  'tier',
  'block',
  'unblock',
  'sign_out',
  'resend',
  'role',
  'reset_ussd_pin',
];
const MEMBER_FIELDS = ['tier', 'reason', 'step_up', 'confirm', 'role'] as const;
type MemberField = (typeof MEMBER_FIELDS)[number];

export interface MemberPageView {
  member: MemberView;
  form: FormState<MemberField>;
  /** The action whose form was refused (its problem is shown beside it). */
  failed: MemberAction | null;
  done: string | null;
}

const parse = <S extends z.ZodType>(schema: S, fields: Record<string, string>, id: number) =>
  parseInput(schema, { ...fields, id: String(id) }) as z.infer<S>;

export async function loadMemberPage(gate: AdminGate, rawId: string | undefined): Promise<PageOutcome<MemberPageView>> {
  const { request, actor } = gate;
  const db = await getDb();
  const idParse = memberIdSchema.safeParse({ id: rawId });
  if (!idParse.success) throw new AppError('not_found', 'errors.not_found');
  const id = idParse.data.id;
  const action = localizePath(`/admin/members/${id}`, request.locale);
  const member = await readMember(db, actor, id, request.locale);
  const done = request.url.searchParams.get('done');
  if (request.request.method !== 'POST')
    return {
      view: { member, form: blankForm(request, action), failed: null, done },
      status: 200,
      headers: PRIVATE_PAGE,
    };
  let failed: MemberAction | null = null;
  return handleFormPost<MemberField, MemberPageView>(request, {
    action,
    shownFields: MEMBER_FIELDS,
    keep: (fields) => ({ tier: fields.tier, role: fields.role, reason: fields.reason }),
    run: async (fields) => {
      const what = MEMBER_ACTIONS.find((a) => a === fields.do);
      if (!what) throw new AppError('bad_request', 'errors.bad_request');
      failed = what;
      if (what === 'tier') {
        const input = parse(changeTierSchema, fields, id);
        await changeMemberTier(db, actor, id, { tier: input.tier, reason: input.reason, stepUp: input.step_up });
      } else if (what === 'block') {
        const input = parse(blockMemberSchema, fields, id);
        await blockAccount(db, actor, id, { reason: input.reason });
      } else if (what === 'unblock') {
        const input = parse(unblockMemberSchema, fields, id);
        await unblockAccount(db, actor, id, { note: input.reason });
      } else if (what === 'sign_out') {
        parse(signOutMemberSchema, fields, id);
        await signMemberOut(db, actor, id);
      } else if (what === 'resend') {
        await resendMemberConfirmation(db, actor, id);
      } else if (what === 'reset_ussd_pin') {
        parse(resetUssdPinSchema, fields, id);
        await resetMemberUssdPin(db, actor, id);
      } else {
        const input = parse(changeRoleSchema, fields, id);
        await changeStaffRole(db, actor, id, { role: input.role, stepUp: input.step_up });
      }
      return `${action}?done=${what}`;
    },
    view: async (form) => ({
      member: await readMember(db, actor, id, request.locale),
      form,
      failed,
      done: null,
    }),
  });
}

export interface SilverRequestsView {
  items: SilverRequestItem[];
  form: FormState<'step_up' | 'reason'>;
  /** The request whose form was refused. */
  failedId: number | null;
  done: string | null;
}

export async function loadSilverRequestsPage(gate: AdminGate): Promise<PageOutcome<SilverRequestsView>> {
  const { request, actor } = gate;
  const db = await getDb();
  const action = localizePath('/admin/members/silver-requests', request.locale);
  const list = () => listSilverRequests(db, actor, request.locale);
  if (request.request.method !== 'POST')
    return {
      view: {
        items: (await list()).items,
        form: blankForm(request, action),
        failedId: null,
        done: request.url.searchParams.get('done'),
      },
      status: 200,
      headers: PRIVATE_PAGE,
    };
  let failedId: number | null = null;
  return handleFormPost<'step_up' | 'reason', SilverRequestsView>(request, {
    action,
    shownFields: ['step_up', 'reason'],
    keep: (fields) => ({ reason: fields.reason }),
    run: async (fields) => {
      failedId = Number(fields.id) || null;
      if (fields.do === 'approve') {
        const input = parseInput(approveSilverSchema, fields);
        await approveSilverRequest(db, actor, input.id, { stepUp: input.step_up });
      } else if (fields.do === 'decline') {
        const input = parseInput(declineSilverSchema, fields);
        await declineSilverRequest(db, actor, input.id, { reason: input.reason });
      } else throw new AppError('bad_request', 'errors.bad_request');
      return `${action}?done=${fields.do}`;
    },
    view: async (form) => ({ items: (await list()).items, form, failedId, done: null }),
  });
}
