import { z } from 'zod';
import { stepUpField } from './two-factor';
import { VERIFICATION_TYPES } from '~/features/companies/constants';
import { optionalText, requiredInt, toBoolean } from '~/features/validation/fields';

/**
 * The back office's verification and company forms and calls (docs/backoffice.md "Verification", "Companies"),
 * shared by the pages and `/api-v2/admin/verification/…`, `/api-v2/admin/companies/…`.
 */
const reason = (max = 1000) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string()
      .trim()
      .min(1, { message: 'validation.required' })
      .max(max)
      .refine((v) => !v.includes('\u0000') && v.isWellFormed(), { message: 'validation.invalid' }),
  );

export const adminPageQuerySchema = z.object({
  page: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(100000)),
});

/** Approve (a note optional) or decline (a reason required, shown to the member). */
export const adminDecideSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { message: 'validation.invalid_option' }),
    reason: optionalText(1000),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'decline' && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  });
export type AdminDecideInput = z.infer<typeof adminDecideSchema>;

/** Unverify a user or a company's verification of one type: a reason and the step-up (password or code). */
export const adminUnverifySchema = z.object({
  unit: z.enum(['user', 'company'], { message: 'validation.invalid_option' }),
  id: requiredInt(),
  type: z.enum(VERIFICATION_TYPES, { message: 'validation.invalid_option' }),
  reason: reason(),
  step_up: stepUpField,
});
export type AdminUnverifyInput = z.infer<typeof adminUnverifySchema>;

/**
 * Verify a user or a company directly (no member's request): the type, a note optional (kept on the record), and the
 * step-up, as for unverifying.
 */
export const adminVerifySchema = z.object({
  unit: adminUnverifySchema.shape.unit,
  id: requiredInt(),
  type: adminUnverifySchema.shape.type,
  note: optionalText(1000),
  step_up: stepUpField,
});
export type AdminVerifyInput = z.infer<typeof adminVerifySchema>;

/** The companies list: `q` a part of the title or of the registration number, any case. */
export const adminCompaniesQuerySchema = z.object({
  q: optionalText(120),
  page: adminPageQuerySchema.shape.page,
});
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuerySchema>;

export const adminSetVerifierSchema = z.object({
  is_verifier: z.preprocess(toBoolean, z.boolean({ message: 'validation.invalid_option' })),
});
