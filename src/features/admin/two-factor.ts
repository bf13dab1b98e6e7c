import { z } from 'zod';

/** A code typed into the back office's second-factor forms: six digits from the app, or a recovery code. */
export const staffCodeSchema = z.object({
  code: z.string().trim().min(6, { message: 'admin.code_wrong' }).max(40, { message: 'admin.code_wrong' }),
});

/** The field every sensitive action carries: the password or a fresh authenticator code. */
export const stepUpField = z.string().max(200).optional();
