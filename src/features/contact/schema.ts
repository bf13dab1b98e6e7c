import { z } from 'zod';
import { CONTROL, emailField, phoneField, plainLine } from '~/features/accounts/schemas';

/**
 * The contact form (docs/contact.md): shared by the /contact-us page and `POST /api-v2/contact/send`.
 * Custom messages are dictionary keys, translated on both sides.
 */

/** What a message is about: the support inbox sorts by it. The order is the order of the form's list. */
export const CONTACT_TOPICS = [
  'general',
  'account',
  'lots_and_deals',
  'payments_and_wallet',
  'companies_and_verification',
  'technical',
  'other',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Where a message stands in the support inbox. */
export const CONTACT_STATUSES = ['new', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

export const contactSchema = z
  .object({
    name: plainLine(CONTACT_NAME_MAX).pipe(z.string().min(1, { message: 'validation.required' })),
    email: z.preprocess(blankToUndefined, emailField.optional()),
    phone: z.preprocess(blankToUndefined, phoneField.optional()),
    topic: z.enum(CONTACT_TOPICS, { message: 'contact.choose_topic' }),
    message: z
      .string()
      .trim()
      .min(CONTACT_MESSAGE_MIN)
      .max(CONTACT_MESSAGE_MAX)
      // Line breaks and tabs are the message's own; any other control character is refused (mail, terminal).
      .refine((value) => !CONTROL.test(value.replace(/[\n\r\t]/g, '')), { message: 'validation.invalid' }),
    captcha_token: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
  })
  .refine((s) => s.email !== undefined || s.phone !== undefined, {
    message: 'accounts.email_or_phone',
    path: ['email'],
    when: () => true,
  });
export type ContactInput = z.infer<typeof contactSchema>;
