import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** The confirm button's colour: 'danger' (red) for what removes or ends something, 'primary' for the rest. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  /** More to say or ask between the text and the buttons (a deal step's comment and attachments). */
  children?: ReactNode;
}

/**
 * A daisyUI modal on the native <dialog>: it traps focus, closes with Escape and gives focus back to the
 * button that opened it. Focus starts on "cancel" so a stray Enter never deletes anything.
 */
export default function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  tone = 'danger',
  onConfirm,
  onCancel,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Set here, not with autoFocus: React writes the autofocus attribute only into server-rendered HTML, and a
      // dialog drawn in the browser would otherwise focus its first field (a deal step's comment).
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <p id={textId} className="py-4">
          {text}
        </p>
        {children}
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn btn-ghost min-h-12" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn min-h-12 ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
