import { useEffect, useRef } from 'react';
import { MAX_LOT_PHOTOS } from '~/features/lots/constants';
import { FieldError, FieldHint, fieldAria, useHydrated } from '~/islands/lib/fields';
import Icon from '~/islands/lib/Icon';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { type LotPhotos, PHOTO_MAX_MB } from './use-lot-photos';

interface Props {
  photos: LotPhotos;
  t: ClientTranslate;
  /** An error for photos[] from the form or the server. */
  error?: string;
  disabled?: boolean;
  /** Lets the form move the focus here when photos[] has an error (react-hook-form's field ref). */
  inputRef?: (element: HTMLInputElement | null) => void;
}

export const PHOTO_INPUT_ID = 'lot-photos';

/**
 * Picks, previews and orders the lot's photos. Reordering uses buttons (earlier / later), which work with a
 * keyboard, a screen reader and a thumb alike; the focus follows the moved photo. Before the island runs (and
 * without JavaScript) the browser's own file input is shown and named `photo_files`, and the photos the lot keeps
 * are posted as `photos` (docs/lots.md "The lot form without JavaScript").
 */
export default function PhotoPicker({ photos, t, error, disabled, inputRef }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ localId: string; direction: -1 | 1 } | null>(null);
  const { items } = photos;
  const full = items.length >= MAX_LOT_PHOTOS;
  const pickError = photos.pickErrors.length > 0 ? photos.pickErrors.join(' ') : undefined;
  const shownError = [error, pickError].filter(Boolean).join(' ') || undefined;
  const hydrated = useHydrated();

  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    pendingFocus.current = null;
    const index = items.findIndex((item) => item.localId === wanted.localId);
    // At either end the pressed button is disabled: its partner keeps the focus on the same photo.
    const atEdge = (wanted.direction === -1 && index === 0) || (wanted.direction === 1 && index === items.length - 1);
    const direction = atEdge ? -wanted.direction : wanted.direction;
    buttons.current.get(`${wanted.localId}:${direction}`)?.focus();
  }, [items]);

  function move(localId: string, direction: -1 | 1) {
    pendingFocus.current = { localId, direction };
    photos.move(localId, direction);
  }

  function remove(localId: string) {
    photos.remove(localId);
    input.current?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        {/* The input is hidden behind a button-like label: the browser's own file control speaks the browser's
            language, not the page's, and is a small target on a phone. It still takes the keyboard focus. */}
        {!hydrated && (
          <label htmlFor={PHOTO_INPUT_ID} className="font-semibold">
            {t('lot_form.photo_add')}
          </label>
        )}
        <input
          ref={(element) => {
            input.current = element;
            inputRef?.(element);
          }}
          id={PHOTO_INPUT_ID}
          type="file"
          accept="image/*"
          multiple
          name={hydrated ? undefined : 'photo_files'}
          className={hydrated ? 'peer sr-only' : 'file-input file-input-lg w-full'}
          disabled={disabled || full}
          {...fieldAria(PHOTO_INPUT_ID, { hint: true, error: shownError })}
          onChange={(event) => {
            if (event.target.files?.length) photos.add(event.target.files);
            event.target.value = '';
          }}
        />
        {hydrated && (
          <label
            htmlFor={PHOTO_INPUT_ID}
            className={`btn btn-outline btn-lg self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:pointer-events-none peer-disabled:opacity-50 ${shownError ? 'btn-error' : ''}`}
          >
            <Icon name="plus" />
            {t('lot_form.photo_add')}
          </label>
        )}
        <FieldHint
          id={PHOTO_INPUT_ID}
          hint={`${t('lot_form.photos_hint', { max: MAX_LOT_PHOTOS, mb: PHOTO_MAX_MB })} ${t('lot_form.photo_count', { count: items.length, max: MAX_LOT_PHOTOS })}`}
        />
        <FieldError id={PHOTO_INPUT_ID} message={shownError} />
      </div>

      {items.map((item) =>
        item.key && item.status === 'done' ? (
          <input key={item.localId} type="hidden" name="photos" value={item.key} />
        ) : null,
      )}
      <p className="sr-only" aria-live="polite">
        {photos.announcement}
      </p>

      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {items.map((item, index) => {
            const n = index + 1;
            return (
              <li
                key={item.localId}
                className="flex flex-col gap-1 rounded-box border border-base-300 p-1.5"
                data-photo-status={item.status}
              >
                <div className="relative aspect-square overflow-hidden rounded-field bg-base-200">
                  <img
                    src={item.preview}
                    srcSet={item.file ? undefined : item.srcset}
                    sizes="(min-width: 1024px) 12rem, 45vw"
                    width={320}
                    height={320}
                    alt={t('lot_form.photo_alt', { position: n })}
                    className={`h-full w-full object-cover ${item.status === 'done' ? '' : 'opacity-60'}`}
                  />
                  {index === 0 && (
                    <span className="badge badge-primary badge-sm absolute left-1 top-1">
                      {t('lot_form.photo_main')}
                    </span>
                  )}
                </div>
                {item.status === 'uploading' && (
                  <div className="flex flex-col gap-0.5 text-xs">
                    <span>{t('lot_form.photo_uploading', { percent: item.progress })}</span>
                    <progress
                      className="progress progress-primary w-full"
                      value={item.progress}
                      max={100}
                      aria-label={t('lot_form.photo_alt', { position: n })}
                    />
                  </div>
                )}
                {item.status === 'failed' && (
                  <div className="flex flex-col gap-1 text-xs text-error">
                    <span className="font-medium">{t('lot_form.photo_failed')}</span>
                    {item.error && <span>{item.error}</span>}
                    {item.file && (
                      <button
                        type="button"
                        className="btn btn-xs btn-outline min-h-9"
                        onClick={() => photos.retry(item.localId)}
                        disabled={disabled}
                      >
                        {t('address.retry')}
                      </button>
                    )}
                  </div>
                )}
                <div className="mt-auto flex justify-between gap-1">
                  <button
                    type="button"
                    ref={(el) =>
                      void (el
                        ? buttons.current.set(`${item.localId}:-1`, el)
                        : buttons.current.delete(`${item.localId}:-1`))
                    }
                    className="btn btn-ghost btn-square min-h-11 min-w-11"
                    aria-label={t('lot_form.photo_earlier', { position: n })}
                    title={t('lot_form.photo_earlier', { position: n })}
                    disabled={disabled || index === 0}
                    onClick={() => move(item.localId, -1)}
                  >
                    <Icon name="back" />
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-square min-h-11 min-w-11 text-error"
                    aria-label={t('lot_form.photo_remove', { position: n })}
                    title={t('lot_form.photo_remove', { position: n })}
                    disabled={disabled}
                    onClick={() => remove(item.localId)}
                  >
                    <Icon name="close" />
                  </button>
                  <button
                    type="button"
                    ref={(el) =>
                      void (el
                        ? buttons.current.set(`${item.localId}:1`, el)
                        : buttons.current.delete(`${item.localId}:1`))
                    }
                    className="btn btn-ghost btn-square min-h-11 min-w-11"
                    aria-label={t('lot_form.photo_later', { position: n })}
                    title={t('lot_form.photo_later', { position: n })}
                    disabled={disabled || index === items.length - 1}
                    onClick={() => move(item.localId, 1)}
                  >
                    <Icon name="forward" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
