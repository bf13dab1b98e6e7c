import type { ClientTranslate } from '~/islands/lib/i18n';

/** Said where something could not be loaded (a list of places, the map), with a button to load it again. */
export default function LoadFailure({ text, onRetry, t }: { text: string; onRetry: () => void; t: ClientTranslate }) {
  return (
    <div className="alert alert-warning" role="alert">
      <span>{text}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('address.retry')}
      </button>
    </div>
  );
}
