import { useStore } from '@nanostores/react';
import { $snacks } from '../../stores/snackbar';

/** Announces results politely to screen readers and shows them at the bottom of the screen. */
export default function Snackbar() {
  const snacks = useStore($snacks);
  return (
    <div className="toast toast-center z-50" role="status" aria-live="polite">
      {snacks.map((snack) => (
        <div key={snack.id} className={`alert ${snack.kind === 'success' ? 'alert-success' : snack.kind === 'error' ? 'alert-error' : 'alert-info'}`}>
          <span>{snack.text}</span>
        </div>
      ))}
    </div>
  );
}
