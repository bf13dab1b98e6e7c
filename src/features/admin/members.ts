import { z } from 'zod';
import { stepUpField } from './two-factor';
import { ROLES, TIERS } from '~/features/accounts/constants';

/** The members' search (`GET /api-v2/admin/members`, `/admin/members`): one box for name, e-mail, phone, referral code. */
export const memberSearchSchema = z.object({
  q: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(25),
});
export type MemberSearch = z.infer<typeof memberSearchSchema>;

export const memberIdSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

const reason = z.string().trim().min(1).max(500);
const optionalReason = z.string().trim().max(500).optional();
/** A destructive action's confirmation checkbox (no JavaScript needed): must be ticked. */
const confirmed = z.union([z.literal('1'), z.literal('on'), z.literal(true), z.literal('true')]);

export const changeTierSchema = z.object({
  id: memberIdSchema.shape.id,
  tier: z.enum(TIERS),
  reason: optionalReason,
  step_up: stepUpField,
});
export const blockMemberSchema = z.object({ id: memberIdSchema.shape.id, reason, confirm: confirmed });
export const unblockMemberSchema = z.object({ id: memberIdSchema.shape.id, reason: optionalReason });
/** A member action that needs only the member and the box ticked: sign out everywhere, reset the USSD PIN. */
export const confirmedMemberSchema = z.object({ id: memberIdSchema.shape.id, confirm: confirmed });
export const signOutMemberSchema = confirmedMemberSchema;
export const resetUssdPinSchema = confirmedMemberSchema;
export const changeRoleSchema = z.object({
  id: memberIdSchema.shape.id,
  role: z.enum(ROLES),
  step_up: stepUpField,
  confirm: confirmed,
});
export const approveSilverSchema = z.object({ id: memberIdSchema.shape.id, step_up: stepUpField });
export const declineSilverSchema = z.object({ id: memberIdSchema.shape.id, reason });
