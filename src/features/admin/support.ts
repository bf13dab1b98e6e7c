import { z } from 'zod';
import { CONTACT_STATUSES } from '~/features/contact/schema';
import { optionalInt } from '~/features/validation/fields';

/** The support inbox's filters (`GET /api-v2/admin/support/messages`, `/admin/support`; docs/backoffice.md "Support"). */
export const supportQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTACT_STATUSES).default('new')),
  mine: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(25),
});
export type SupportQuery = z.infer<typeof supportQuerySchema>;

/** Assign a message: to a support member by id, or to nobody (blank). */
export const supportAssignSchema = z.object({ assignee_id: optionalInt() });

/** An answer sent by e-mail to the person who wrote. */
export const supportAnswerSchema = z.object({
  body: z
    .string()
    .trim()
    .min(2)
    .max(10_000)
    .refine((v) => !v.includes('\u0000') && v.isWellFormed(), { message: 'validation.invalid' }),
});
