import { useState } from 'react';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { failureText } from '~/islands/lib/form-problem';
import type { ClientTranslate } from '~/islands/lib/i18n';

interface Options<T> {
  /** The API path that deletes an item by `id`. */
  path: string;
  t: ClientTranslate;
  /** The snack shown once the item is gone. */
  deletedText: string;
  onDeleted: (item: T) => void;
}

/**
 * Deleting an item of a profile list after a confirmation: `ask(item)` opens the dialog, `dialog` holds the
 * ConfirmDialog props besides its title and text. An item the server no longer has (404) counts as deleted.
 */
export function useConfirmedDelete<T extends { id: number }>({ path, t, deletedText, onDeleted }: Options<T>) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!deleting) return;
    setBusy(true);
    const result = await apiPost(path, { id: deleting.id });
    setBusy(false);
    if (result.ok || result.status === 404) {
      onDeleted(deleting);
      showSnack('success', deletedText);
    } else showSnack('error', failureText(result, t));
    setDeleting(null);
  }

  return {
    deleting,
    ask: setDeleting,
    dialog: {
      open: deleting !== null,
      confirmLabel: t('profile.delete'),
      cancelLabel: t('profile.cancel'),
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => setDeleting(null),
    },
  };
}
