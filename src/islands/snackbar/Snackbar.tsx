import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $snacks, showPendingSnack } from '~/stores/snackbar';

/**
 * Announces results politely to screen readers and shows them at the bottom of the screen. Snacks shown before
 * it hydrated appear once it has (the server rendered none), and so does a result carried across a reload.
 */
export default function Snackbar() {
  const snacks = useStore($snacks);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    // A result carried across a reload (reloadWithSnack): shown now that the snack list is hydrated.
    showPendingSnack();
  }, []);
  return (
    <div className="toast toast-center z-50" role="status" aria-live="polite">
      {mounted &&
        snacks.map((snack) => (
          <div
            key={snack.id}
            className={`alert ${snack.kind === 'success' ? 'alert-success' : snack.kind === 'error' ? 'alert-error' : 'alert-info'}`}
          >
            <span>{snack.text}</span>
          </div>
        ))}
    </div>
  );
}
