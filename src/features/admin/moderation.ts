import { z } from 'zod';
import { optionalInt, requiredInt } from '~/features/validation/fields';
import type { MessageKey } from '~/i18n/t';

/** Bidirectional controls that would disguise a text. */
const HIDDEN_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** The moderation vocabulary shared by the back office's pages, the API and the report forms (docs/backoffice.md). */

/** What a report is about. Chat messages are reported through the chat (`POST /chat/report`). */
export const REPORT_TARGETS = ['lot', 'message', 'profile'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Why a member reports a lot or a profile. */
export const REPORT_REASONS = [
  'fraud',
  'wrong_category',
  'prohibited',
  'offensive',
  'spam',
  'duplicate',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a moderator decided about a report. */
export const MODERATION_OUTCOMES = ['hidden', 'dismissed', 'blocked'] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

/** What an owner's appeal against a hidden lot came to. */
export const APPEAL_OUTCOMES = ['restored', 'upheld'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** Where an item of the moderation queue comes from: a lot or profile report, a chat report, an owner's appeal. */
export const QUEUE_SOURCES = ['report', 'chat', 'appeal'] as const;
export type QueueSource = (typeof QUEUE_SOURCES)[number];

export const REPORT_COMMENT_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
export const APPEAL_TEXT_MAX = 2000;

const textField = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .max(max, 'validation.too_long')
    .refine((v) => !HIDDEN_CONTROL.test(v), { message: 'validation.invalid' });
const requiredText = (max: number) => textField(max).refine((v) => v.length > 0, { message: 'validation.required' });
const optionalText = (max: number) => textField(max).optional();

/** `POST /api-v2/moderation/report` and the "Report this lot / profile" forms. */
export const reportSchema = z
  .object({
    target_type: z.enum(['lot', 'profile'], { message: 'validation.invalid' }),
    lot_id: optionalInt(),
    user_id: optionalInt(),
    reason: z.enum(REPORT_REASONS, { message: 'validation.required' }),
    comment: optionalText(REPORT_COMMENT_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.target_type === 'lot' && value.lot_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['lot_id'], message: 'validation.required' });
    if (value.target_type === 'profile' && value.user_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'validation.required' });
  });
export type ReportInput = z.infer<typeof reportSchema>;

/** `POST /api-v2/moderation/appeal`: the owner's one appeal against the hiding of their lot. */
export const appealSchema = z.object({ lot_id: requiredInt(), text: requiredText(APPEAL_TEXT_MAX) });

/** The moderator's reason, shown to the owner (hiding a lot) or to both members (hiding a message). */
const reasonField = requiredText(MODERATION_REASON_MAX);

export const hideLotSchema = z.object({ lot_id: requiredInt(), reason: reasonField });
export const hideMessageSchema = z.object({ message_id: requiredInt(), reason: reasonField });
/** A report of either table: `report` (moderation_reports) or `chat` (chat_reports). */
export const reportRefSchema = z.object({
  source: z.enum(['report', 'chat'], { message: 'validation.invalid' }),
  report_id: requiredInt(),
});
export const blockReportedSchema = reportRefSchema.extend({ reason: reasonField });
export const decideAppealSchema = z.object({
  lot_id: requiredInt(),
  decision: z.enum(['restore', 'uphold'], { message: 'validation.invalid' }),
  note: optionalText(MODERATION_REASON_MAX),
});
export const moderationQueueSchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(20),
});

/** The words of each report reason, for the forms and the queue. */
export const REPORT_REASON_LABELS = {
  fraud: 'moderation.reason_fraud',
  wrong_category: 'moderation.reason_wrong_category',
  prohibited: 'moderation.reason_prohibited',
  offensive: 'moderation.reason_offensive',
  spam: 'moderation.reason_spam',
  duplicate: 'moderation.reason_duplicate',
  other: 'moderation.reason_other',
} as const satisfies Record<ReportReason, MessageKey>;
