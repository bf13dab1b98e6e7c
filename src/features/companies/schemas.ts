import { z } from 'zod';
import { emailField, phoneField, plainLine } from '~/features/accounts/schemas';
import { readMachineField } from '~/features/numbers/schema';
import { MAX_INT, optionalInt, requiredInt } from '~/features/validation/fields';
import { COMPANY_PERMISSIONS, COMPANY_TYPE_IDS, INTEREST_KINDS } from './constants';

/**
 * Zod schemas of the company and team forms, shared by the API and the forms (docs/companies.md). Custom messages
 * are dictionary keys; both sides translate them.
 */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
const coordinate = (limit: number) =>
  z.preprocess((v) => readMachineField(blankToUndefined(v)), z.number().min(-limit).max(limit).optional());

/** The lot kinds whose categories a company's interest may name (categories are numbered per kind). */
export const INTEREST_CATEGORY_KINDS = ['board', 'seed', 'fertilizer', 'technic'] as const;

/** A company's registration number: letters, digits and the usual separators. */
const entityNumber = plainLine(40)
  .pipe(z.string().min(1, { message: 'validation.required' }))
  .refine((v) => /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u.test(v), { message: 'validation.invalid' });

const companyFields = {
  title: plainLine(120).pipe(z.string().min(2, { message: 'validation.too_short' })),
  entity_number: entityNumber,
  type_id: z.preprocess(
    readMachineField,
    z
      .number()
      .int()
      .refine((id) => (COMPANY_TYPE_IDS as number[]).includes(id), { message: 'validation.invalid_option' }),
  ),
  country_id: requiredInt(),
  region_id: optionalInt(),
  phone: optional(phoneField),
  email: optional(emailField),
  website: optional(
    z
      .string()
      .trim()
      .max(200)
      .pipe(z.url({ protocol: /^https?$/, message: 'validation.url' })),
  ),
  description: optional(z.string().trim().max(5000)),
  latitude: coordinate(90),
  longitude: coordinate(180),
};

/** Create a company: the caller becomes its administrator. */
export const companyCreateSchema = z.object(companyFields);
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;

/** Update the caller's company: the fields sent change, the others stay. */
export const companyUpdateSchema = z.object(companyFields).partial();
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

/** Ask to join a company by its code. */
export const joinRequestSchema = z.object({
  code: z.string().trim().min(1, { message: 'validation.required' }).max(40),
});

/** Invite a member by their referral code. */
export const inviteSchema = z.object({
  referral_code: z.string().trim().min(1, { message: 'validation.required' }).max(40),
});

/** A join request or invitation, by id. */
export const joinRequestIdSchema = z.object({ id: requiredInt() });

export const changePermissionSchema = z.object({
  user_id: requiredInt(),
  permission: z.enum(COMPANY_PERMISSIONS, { message: 'validation.invalid_option' }),
});

export const memberSchema = z.object({ user_id: requiredInt() });

export const companyDocumentSchema = z.object({ document_type_id: requiredInt() });

export const interestSchema = z.object({
  kind: z.enum(INTEREST_KINDS, { message: 'validation.invalid_option' }),
  category_kind: z.enum(INTEREST_CATEGORY_KINDS, { message: 'validation.invalid_option' }),
  category_id: z.preprocess(readMachineField, z.number().int().min(1).max(MAX_INT)),
});
export type InterestInput = z.infer<typeof interestSchema>;
