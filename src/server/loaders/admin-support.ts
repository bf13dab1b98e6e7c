import { supportAnswerSchema, supportAssignSchema, supportQuerySchema } from '~/features/admin/support';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError, isAppError } from '~/server/errors';
import { answerSupportMessage } from '~/server/services/support/answer-support-message';
import { assignSupportMessage } from '~/server/services/support/assign-support-message';
import { listSupportMessages } from '~/server/services/support/list-support-messages';
import { readSupportMessage } from '~/server/services/support/read-support-message';
import { setSupportMessageClosed } from '~/server/services/support/set-support-message-closed';
import type { AdminGate } from './admin';
import { type FormState, type PageOutcome, PRIVATE_PAGE, blankForm, handleFormPost } from './form-post';

/** /admin/support (docs/backoffice.md "Support"): the inbox, filtered by status and "assigned to me". */
export async function loadSupportInbox(gate: AdminGate) {
  const raw = Object.fromEntries(
    [...gate.request.url.searchParams.entries()].filter(([, value]) => value.trim() !== ''),
  );
  let query = parseInput(supportQuerySchema, {});
  try {
    query = parseInput(supportQuerySchema, raw);
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  return { query, page: await listSupportMessages(await getDb(), gate.actor, query) };
}

export type SupportMessageView = Awaited<ReturnType<typeof readSupportMessage>> & { form: FormState; done: boolean };

/** /admin/support/{id}: the message and its answers; posts assign, answer, close (confirmed) or reopen it. */
export async function loadSupportMessagePage(gate: AdminGate, id: number): Promise<PageOutcome<SupportMessageView>> {
  const db = await getDb();
  const action = localizePath(`/admin/support/${id}`, gate.request.locale);
  const view = async (form: FormState): Promise<SupportMessageView> => ({
    ...(await readSupportMessage(db, gate.actor, id)),
    form,
    done: gate.request.url.searchParams.get('done') === '1',
  });
  if (gate.request.request.method !== 'POST')
    return { view: await view(blankForm(gate.request, action)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost(gate.request, {
    action,
    shownFields: ['body', 'assignee_id', 'confirm'],
    run: async (fields) => {
      if (fields.action === 'assign') {
        const { assignee_id } = parseInput(supportAssignSchema, fields);
        await assignSupportMessage(db, gate.actor, id, assignee_id);
      } else if (fields.action === 'assign_me') await assignSupportMessage(db, gate.actor, id, gate.actor.id);
      else if (fields.action === 'answer') {
        const { body } = parseInput(supportAnswerSchema, fields);
        await answerSupportMessage(db, gate.actor, id, body);
      } else if (fields.action === 'close') {
        if (fields.confirm !== '1')
          throw new AppError('validation_failed', 'errors.validation_failed', {
            fields: { confirm: [{ key: 'validation.required' }] },
          });
        await setSupportMessageClosed(db, gate.actor, id, true);
      } else if (fields.action === 'reopen') await setSupportMessageClosed(db, gate.actor, id, false);
      else throw new AppError('bad_request', 'errors.bad_request');
      return `${action}?done=1`;
    },
    view: (form) => view(form),
  });
}
