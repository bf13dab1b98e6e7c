import { useEffect, useId, useRef, useState } from 'react';
import { apiGet } from '~/stores/api';
import { TextField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { type FoundPlace, moveHighlight, searchable } from './place-search';

/**
 * Address search: type a place, pick it from the list (docs/warehouses.md "Address search in forms").
 *
 *   <PlaceSearch id="warehouse-search" onPick={(place) => …} t={t} />
 *
 * - `id: string` — the text box's id (its label points at it).
 * - `onPick(place: FoundPlace)` — the chosen item of GET /geocoder/search; `placePick(place)` (./place-search.ts)
 *   says which drop-downs it fills, which point it sets and where the map goes.
 * - `t: ClientTranslate` — messages with the prefix `address.` (keys `address.search_*`).
 * - `label?: string` — the box's label (default "Find a place"); `disabled?: boolean` — while the form is sent.
 * - `limit?: number` — how many places to list (default 8).
 *
 * A WAI-ARIA combobox with a listbox: typing searches (from 2 letters, 250 ms after the last key, a newer search
 * cancelling the older one) in the page's language; arrow keys, Home and End move through the places, Enter picks,
 * Escape closes the list (and, pressed again, clears the box). It is only an enhancement: it is not rendered on
 * the server, so a page without JavaScript shows only the drop-downs, and it sends no form field.
 */
export interface PlaceSearchProps {
  id: string;
  onPick: (place: FoundPlace) => void;
  t: ClientTranslate;
  label?: string;
  disabled?: boolean;
  limit?: number;
}

const DEBOUNCE_MS = 250;

const TYPE_KEYS: Record<FoundPlace['type'], string> = {
  country: 'address.search_type_country',
  region: 'address.search_type_region',
  village: 'address.search_type_village',
  warehouse: 'address.search_type_warehouse',
  external: 'address.search_type_external',
};

type SearchState = 'idle' | 'loading' | 'ready' | 'failed';

export default function PlaceSearch({ id, onPick, t, label, disabled = false, limit = 8 }: PlaceSearchProps) {
  const listId = useId();
  const [mounted, setMounted] = useState(false);
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<FoundPlace[]>([]);
  const [state, setState] = useState<SearchState>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [attempt, setAttempt] = useState(0);
  /** The text a pick put in the box: it is not searched again. */
  const picked = useRef<string | null>(null);

  useEffect(() => setMounted(true), []);

  // Searches the text once the user stops typing; a newer text (or leaving) cancels the request in flight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger, not a value the effect reads.
  useEffect(() => {
    const query = text.trim();
    if (!searchable(query) || query === picked.current) {
      setPlaces([]);
      setState('idle');
      return;
    }
    const controller = new AbortController();
    setState('loading');
    const timer = window.setTimeout(async () => {
      const params = new URLSearchParams({ q: query, limit: String(limit) });
      const result = await apiGet<{ items: FoundPlace[] }>(`/geocoder/search?${params}`, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setPlaces(result.ok ? result.data.items : []);
      setState(result.ok ? 'ready' : 'failed');
      setActive(-1);
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, limit, attempt]);

  if (!mounted) return null;

  function pick(place: FoundPlace) {
    picked.current = place.label;
    setText(place.label);
    setOpen(false);
    setActive(-1);
    onPick(place);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveHighlight(current, places.length, event.key));
    } else if ((event.key === 'Home' || event.key === 'End') && open && places.length > 0) {
      event.preventDefault();
      setActive(moveHighlight(active, places.length, event.key));
    } else if (event.key === 'Enter') {
      // Never sends the form the box sits in: Enter here picks a place, or does nothing.
      event.preventDefault();
      const place = places[active] ?? (places.length === 1 ? places[0] : undefined);
      if (open && place) pick(place);
    } else if (event.key === 'Escape') {
      if (open && (places.length > 0 || state !== 'idle')) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
        picked.current = null;
      }
    }
  }

  const showList = open && state !== 'idle';
  const activeId = active >= 0 ? `${listId}-${active}` : undefined;
  const status =
    state === 'loading'
      ? t('address.search_loading')
      : state === 'failed'
        ? t('address.search_failed')
        : state === 'ready' && places.length === 0
          ? t('address.search_empty')
          : state === 'ready'
            ? t('address.search_count', { count: places.length })
            : '';

  return (
    <div className="relative">
      <TextField
        id={id}
        label={label ?? t('address.search_label')}
        hint={t('address.search_hint')}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList && places.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList ? activeId : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={t('address.search_placeholder')}
        value={text}
        disabled={disabled}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          picked.current = null;
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => places.length > 0 && setOpen(true)}
        // A click in the list comes after blur: closing a moment later lets it land.
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {open ? status : ''}
      </p>
      {showList && (
        <div className="absolute left-0 right-0 top-full z-[1100] mt-1 rounded-box border border-base-300 bg-base-100 shadow-lg">
          {state === 'loading' && places.length === 0 && (
            <p className="flex items-center gap-2 p-3 text-sm" aria-hidden="true">
              <span className="loading loading-spinner loading-sm" />
              {t('address.search_loading')}
            </p>
          )}
          {state === 'ready' && places.length === 0 && (
            <p className="p-3 text-sm" aria-hidden="true">
              {t('address.search_empty')}
            </p>
          )}
          {state === 'failed' && (
            <div className="flex flex-wrap items-center gap-2 p-3 text-sm text-error">
              <span aria-hidden="true">{t('address.search_failed')}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setAttempt((n) => n + 1)}
              >
                {t('address.retry')}
              </button>
            </div>
          )}
          <div
            id={listId}
            role="listbox"
            aria-label={label ?? t('address.search_label')}
            className="max-h-72 overflow-auto"
          >
            {places.map((place, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox (aria-activedescendant).
              <div
                key={`${place.type}-${place.id ?? ''}-${place.label}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Focus stays in the text box (aria-activedescendant); -1 keeps the options out of the Tab order.
                tabIndex={-1}
                className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-2 ${
                  index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
                }`}
                // Keeps the focus in the box, so the list is still there when the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(place)}
              >
                <span>{place.label}</span>
                <span className="text-xs opacity-75">{t(TYPE_KEYS[place.type])}</span>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
