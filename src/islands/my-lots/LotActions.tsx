import { useState } from 'react';
import { isInDeal, type OwnerAction, ownerLotActions, type OwnedLotState } from '~/features/lots/owner-actions';
import type { MessageKey } from '~/i18n/t';
import { reloadWithSnack, showSnack } from '~/stores/snackbar';
import ConfirmDialog from '~/islands/lib/ConfirmDialog';
import { apiPost } from '~/stores/api';
import { useHydrated } from '~/islands/lib/fields';
import { failureText } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

type Action = Exclude<OwnerAction, 'edit'>;
type Confirmed = Extract<Action, 'close-quote' | 'delete-quote'>;

interface Props {
  messages: Messages;
  /** The kind's API prefix: board-list, seeds-list… */
  apiPrefix: string;
  id: number;
  title: string;
  /** What the owner may do (features/lots/owner-actions.ts). */
  owner: OwnedLotState;
  viewHref: string;
  editHref: string;
  /** The localized edit address without the id (/sw/board/update/): a re-added copy opens there. */
  editBase: string;
}

const DONE: Record<Exclude<Action, 're-add-quote'>, MessageKey> = {
  'close-quote': 'my_lots.closed_done',
  'deactivate-quote': 'my_lots.deactivated_done',
  'activate-quote': 'my_lots.activated_done',
  'delete-quote': 'my_lots.deleted_done',
};

const CONFIRM: Record<Confirmed, { title: MessageKey; text: MessageKey; label: MessageKey }> = {
  'close-quote': { title: 'my_lots.close_title', text: 'my_lots.close_text', label: 'my_lots.close' },
  'delete-quote': { title: 'my_lots.delete_title', text: 'my_lots.delete_text', label: 'profile.delete' },
};

const LABEL: Record<Action, MessageKey> = {
  'close-quote': 'my_lots.close',
  'deactivate-quote': 'my_lots.deactivate',
  'activate-quote': 'my_lots.activate',
  're-add-quote': 'my_lots.re_add',
  'delete-quote': 'profile.delete',
};

/**
 * The links and buttons of one row of My lots. View and Edit are links (they work before hydration); each
 * button calls its endpoint, then the page reloads to show the new status. Closing and deleting ask first.
 */
export default function LotActions({ messages, apiPrefix, id, title, owner, viewHref, editHref, editBase }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  // The dialog stays mounted (closing the native <dialog> gives the focus back); it keeps the last question's text.
  const [asked, setAsked] = useState<Confirmed>('delete-quote');
  const allowed = ownerLotActions(owner);
  const edit = allowed.includes('edit');
  const buttons = allowed.filter((action): action is Action => action !== 'edit');

  async function run(action: Action) {
    setBusy(action);
    const result = await apiPost<{ id?: number }>(`/${apiPrefix}/${action}`, { id });
    if (result.ok && action === 're-add-quote' && result.data.id) {
      window.location.assign(`${editBase}${result.data.id}`);
      return;
    }
    // A lot already gone (deleted in another tab) counts as deleted.
    if (result.ok || (action === 'delete-quote' && result.status === 404)) {
      reloadWithSnack(t(DONE[action as keyof typeof DONE]));
      return;
    }
    setBusy(null);
    setConfirming(null);
    showSnack('error', failureText(result, t));
  }

  function ask(action: Confirmed) {
    setAsked(action);
    setConfirming(action);
  }

  const dialog = CONFIRM[asked];
  return (
    <fieldset aria-label={t('my_lots.actions_for', { title })} className="flex min-w-0 flex-wrap items-center gap-2">
      <a href={viewHref} className="btn btn-ghost min-h-11 px-3">
        {t('my_lots.view')}
      </a>
      {edit && (
        <a href={editHref} className="btn btn-outline btn-primary min-h-11 px-3">
          {t('my_lots.edit')}
        </a>
      )}
      {buttons.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn min-h-11 px-3 ${action === 'delete-quote' ? 'btn-ghost text-error' : action === 're-add-quote' ? 'btn-primary' : 'btn-ghost'}`}
          disabled={!hydrated || busy !== null}
          aria-busy={busy === action || undefined}
          onClick={() => (action in CONFIRM ? ask(action as Confirmed) : void run(action))}
        >
          {busy === action && !confirming && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t(LABEL[action])}
        </button>
      ))}
      {isInDeal(owner) && <p className="text-sm opacity-80">{t('my_lots.in_deal_note')}</p>}
      {buttons.some((action) => action in CONFIRM) && (
        <ConfirmDialog
          open={confirming !== null}
          title={t(dialog.title)}
          text={t(dialog.text, { title })}
          confirmLabel={t(dialog.label)}
          cancelLabel={t('profile.cancel')}
          busy={busy !== null}
          onConfirm={() => void run(asked)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </fieldset>
  );
}
