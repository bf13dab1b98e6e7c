import {
  blockReportedSchema,
  decideAppealSchema,
  hideLotSchema,
  hideMessageSchema,
  moderationQueueSchema,
  reportRefSchema,
} from '~/features/admin/moderation';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { AppError, isAppError } from '~/server/errors';
import { blockReportedMember } from '~/server/services/moderation/block-reported-member';
import { decideAppeal } from '~/server/services/moderation/decide-appeal';
import { dismissReport } from '~/server/services/moderation/dismiss-report';
import { hideLot } from '~/server/services/moderation/hide-lot';
import { hideMessage } from '~/server/services/moderation/hide-message';
import { type ModerationQueueItem, listModerationQueue } from '~/server/services/moderation/list-moderation-queue';
import type { AdminGate } from './admin';
import { type FormState, type PageOutcome, blankForm, handleFormPost } from './form-post';

type ActionField = 'reason' | 'note' | 'confirm';

export interface ModerationPageView {
  page: Page<ModerationQueueItem>;
  form: FormState<ActionField>;
  /** The queue item the refused form belongs to (`source:id`), to show its problem beside it. */
  failedItem: string | null;
  done: boolean;
}

/** The moderation actions a queue item's forms post, by their `op`. */
const ACTIONS: Record<string, (gate: AdminGate, fields: Record<string, string>) => Promise<unknown>> = {
  'hide-lot': async (gate, fields) => {
    const input = parseInput(hideLotSchema, fields);
    return hideLot(await getDb(), gate.actor, { lotId: input.lot_id, reason: input.reason });
  },
  'hide-message': async (gate, fields) => {
    const input = parseInput(hideMessageSchema, fields);
    return hideMessage(await getDb(), gate.actor, { messageId: input.message_id, reason: input.reason });
  },
  dismiss: async (gate, fields) => {
    const input = parseInput(reportRefSchema, fields);
    return dismissReport(await getDb(), gate.actor, { source: input.source, reportId: input.report_id });
  },
  block: async (gate, fields) => {
    // Blocking signs the member out and takes their lots off the market: the form's checkbox confirms it.
    if (fields.confirm !== '1')
      throw new AppError('validation_failed', 'validation.required', {
        fields: { confirm: [{ key: 'validation.required' }] },
      });
    const input = parseInput(blockReportedSchema, fields);
    return blockReportedMember(await getDb(), gate.actor, {
      source: input.source,
      reportId: input.report_id,
      reason: input.reason,
    });
  },
  appeal: async (gate, fields) => {
    const input = parseInput(decideAppealSchema, fields);
    return decideAppeal(await getDb(), gate.actor, { lotId: input.lot_id, decision: input.decision, note: input.note });
  },
};

/**
 * /admin/moderation (docs/backoffice.md "Moderation"): the queue, oldest first, 20 a page; each item's forms post
 * here (`op`: hide-lot, hide-message, dismiss, block, appeal) and run the API's services; 303 back to the page.
 */
export async function loadModerationPage(gate: AdminGate): Promise<PageOutcome<ModerationPageView>> {
  const db = await getDb();
  const { request } = gate;
  const action = localizePath('/admin/moderation', request.locale);
  let query = parseInput(moderationQueueSchema, {});
  try {
    query = parseInput(moderationQueueSchema, { page: request.url.searchParams.get('page') ?? undefined });
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  const view = async (form: FormState<ActionField>, failedItem: string | null = null, done = false) => ({
    page: await listModerationQueue(db, gate.actor, query),
    form,
    failedItem,
    done,
  });
  if (request.request.method !== 'POST')
    return {
      view: await view(blankForm(request, action), null, request.url.searchParams.get('done') === '1'),
      status: 200,
      headers: { 'Cache-Control': 'private, no-store' },
    };
  return handleFormPost<ActionField, ModerationPageView>(request, {
    action,
    shownFields: ['reason', 'note', 'confirm'],
    run: async (fields) => {
      const run = Object.hasOwn(ACTIONS, fields.op ?? '') ? ACTIONS[fields.op] : undefined;
      if (!run) throw new AppError('bad_request', 'errors.bad_request');
      await run(gate, fields);
      return `${action}?done=1${query.page > 1 ? `&page=${query.page}` : ''}`;
    },
    view: (form, _error, fields) => view(form, fields.item ?? null),
  });
}
