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
