import { useState } from 'react';
import { KINDS, type LotKind } from '~/features/lots/constants';
import { LOT_STATUS_BADGE, LOT_STATUS_LABEL } from '~/features/lots/labels';
import { isOnMarket } from '~/features/lots/constants';
import { type OwnedLotState, ownerLotActions } from '~/features/lots/owner-actions';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { useHydrated } from '~/islands/lib/fields';
import { failureText } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import ConfirmDialog from '~/islands/lib/ConfirmDialog';

interface Props {
  kind: LotKind;
  lotId: number;
  /** The lot's state when the page was drawn; closing it here changes the status, and with it the buttons. */
  initial: OwnedLotState;
  /** The localized edit address without the id (/sw/board/update/): this lot's edit page, and a re-added copy's. */
  editBase: string;
  messages: Messages;
}

/**
 * The owner's part of the lot page: the lot's status, and what the owner can do in it — edit or close an open
 * lot, re-add a closed one (an active copy, which then opens). Both ask first in a modal.
 */
export default function OwnerPanel({ kind, lotId, initial, editBase, messages }: Props) {
  const t = createClientTranslator(messages);
  const hydrated = useHydrated();
  const [status, setStatus] = useState(initial.status);
  const allowed = ownerLotActions({ ...initial, status });
  // The action stays set while the dialog closes, so its text does not change under the closing animation.
  const [action, setAction] = useState<'close' | 're_add'>('close');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const prefix = KINDS[kind].apiPrefix;

  function ask(next: 'close' | 're_add') {
    setAction(next);
    setAsking(true);
  }

  async function confirm() {
    if (action === 'close') {
      setBusy(true);
      const result = await apiPost(`/${prefix}/close-quote`, { id: lotId });
      setBusy(false);
      setAsking(false);
      if (!result.ok) return showSnack('error', failureText(result, t));
      setStatus('closed');
      showSnack('success', t('lot_page.closed'));
    } else {
      setBusy(true);
      const result = await apiPost<{ id: number }>(`/${prefix}/re-add-quote`, { id: lotId });
      if (!result.ok) {
        setBusy(false);
        setAsking(false);
        return showSnack('error', failureText(result, t));
      }
      // The copy is a new lot: the owner lands on its edit form, as from My lots.
      window.location.assign(`${editBase}${result.data.id}`);
    }
  }

  return (
    <section className="rounded-box bg-base-200 p-4" aria-labelledby="lot-owner-title">
      <h3 id="lot-owner-title" className="font-semibold">
        {t('lot_page.owner_actions')}
      </h3>
      <p className="mt-1">
        <span className={`badge ${LOT_STATUS_BADGE[status]}`} data-testid="lot-status">
          {t('lot_page.status_label', { status: t(LOT_STATUS_LABEL[status]) })}
        </span>
      </p>
      {!isOnMarket(status) && <p className="mt-2 text-sm">{t('lot_page.hidden_notice')}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {allowed.includes('edit') && (
          <a href={`${editBase}${lotId}`} className="btn btn-outline min-h-12 flex-1">
            {t('lot_page.edit')}
          </a>
        )}
        {allowed.includes('close-quote') && (
          <button
            type="button"
            className="btn btn-outline btn-error min-h-12 flex-1"
            disabled={!hydrated}
            onClick={() => ask('close')}
          >
            {t('lot_page.close')}
          </button>
        )}
        {allowed.includes('re-add-quote') && (
          <button
            type="button"
            className="btn btn-primary min-h-12 flex-1"
            disabled={!hydrated}
            onClick={() => ask('re_add')}
          >
            {t('lot_page.re_add')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={t(action === 're_add' ? 'lot_page.re_add_title' : 'lot_page.close_title')}
        text={t(action === 're_add' ? 'lot_page.re_add_text' : 'lot_page.close_text')}
        confirmLabel={t(action === 're_add' ? 'lot_page.re_add' : 'lot_page.close')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        tone={action === 're_add' ? 'primary' : 'danger'}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
