import type { MessageKey } from '~/i18n/t';

/**
 * Dictionary keys of the editors' desk (docs/articles.md "Desk"), written out as literals so the i18n checker
 * sees each key used.
 */
export const REVISION_ACTION_LABEL: Record<string, MessageKey> = {
  create: 'desk.revision_action_create',
  update: 'desk.revision_action_update',
  state: 'desk.revision_action_state',
  restore: 'desk.revision_action_restore',
  publish_due: 'desk.revision_action_publish_due',
};

/** The buttons of the article form (src/server/loaders/desk.ts ARTICLE_FORM_ACTIONS). */
export const DESK_ACTION_LABEL: Record<string, MessageKey> = {
  save: 'desk.action_save',
  schedule: 'desk.action_schedule',
  publish: 'desk.action_publish',
  unpublish: 'desk.action_unpublish',
  draft: 'desk.action_draft',
};
