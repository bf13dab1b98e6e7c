import { type ComponentType, useEffect, useRef, useState } from 'react';
import { apiGet } from '~/stores/api';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { GeoPoint, MapCenter } from '~/features/accounts/address-value';
import LoadFailure from './LoadFailure';
import type { MapPickerProps } from './MapPicker';
import {
  type NearestPlace,
  type PlaceIds,
  formatDistance,
  isNewProposal,
  nearestIds,
  nearestName,
} from './place-search';

export interface MapPointFieldProps {
  /** Prefix of the ids: the map button is `${idPrefix}-latitude`, where a form sends the focus for a point error. */
  idPrefix: string;
  point: GeoPoint | null;
  onChange: (point: GeoPoint | null) => void;
  /** Where the map looks without a point (the chosen village, else the region). */
  center: MapCenter | null;
  error?: string;
  /** Another message the map button is described by (a form's "village or point" error). */
  describedBy?: string;
  /** The map button's ref, for a form library that moves the focus to the first invalid field. */
  buttonRef?: (element: HTMLButtonElement | null) => void;
  t: ClientTranslate;
  disabled?: boolean;
  /**
   * When given, a point the user puts on the map is looked up (GET /geocoder/reverse) and the nearest village of
   * the lists is proposed ("Nearest village: Ahero, Kisumu (1.2 km) — Use this"); the button calls this with its
   * country, region and village. Nothing is set without the user's press.
   */
  onUsePlace?: (ids: PlaceIds) => void;
  /** The drop-downs' present values: a proposal of the village already chosen is not shown. */
  chosen?: Partial<PlaceIds>;
}

type Proposal = { at: GeoPoint; state: 'loading' } | { at: GeoPoint; state: 'ready'; nearest: NearestPlace | null };

/**
 * The point of a place: what it is now, a button that opens the MapPicker (loaded only when asked for, so
 * Leaflet stays out of the page's first download) and one that removes the point. Used by AddressFields and the
 * lot form's place fields.
 */
export default function MapPointField({
  idPrefix,
  point,
  onChange,
  center,
  error,
  describedBy,
  buttonRef,
  t,
  disabled = false,
  onUsePlace,
  chosen = {},
}: MapPointFieldProps) {
  const [map, setMap] = useState<{
    state: 'closed' | 'loading' | 'open' | 'failed';
    Picker?: ComponentType<MapPickerProps>;
  }>({ state: 'closed' });
  const locale = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const lookup = useRef<AbortController | null>(null);
  useEffect(() => () => lookup.current?.abort(), []);
  const mapAreaId = `${idPrefix}-map`;
  const errorId = `${idPrefix}-point-error`;

  /** A point the user put on the map: kept, then its nearest village asked for (a newer point cancels it). */
  async function pickOnMap(at: GeoPoint) {
    onChange(at);
    if (!onUsePlace) return;
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    setProposal({ at, state: 'loading' });
    const params = new URLSearchParams({ lat: String(at.latitude), lng: String(at.longitude) });
    const result = await apiGet<{ place: NearestPlace | null }>(`/geocoder/reverse?${params}`, {
      signal: controller.signal,
    });
    if (controller.signal.aborted) return;
    // A failed look-up proposes nothing: the point itself is kept, and the lists are still there.
    setProposal({ at, state: 'ready', nearest: result.ok ? result.data.place : null });
  }

  // Shown only while the point is the one it was asked for (not after a search, a removal or another click).
  const shownProposal =
    proposal && point && proposal.at.latitude === point.latitude && proposal.at.longitude === point.longitude
      ? proposal
      : null;
  const nearest = shownProposal?.state === 'ready' ? shownProposal.nearest : null;
  const proposedIds = nearest && isNewProposal(nearest, chosen) ? nearestIds(nearest) : null;

  async function openMap() {
    setMap({ state: 'loading' });
    try {
      const module = await import('./MapPicker');
      setMap({ state: 'open', Picker: module.default });
    } catch {
      setMap({ state: 'failed' });
    }
  }

  return (
    <section className="space-y-2" aria-labelledby={`${idPrefix}-point-title`}>
      <h3 id={`${idPrefix}-point-title`} className="font-semibold">
        {t('address.point')}
      </h3>
      <p className="text-sm" aria-live="polite" id={`${idPrefix}-point-value`}>
        {point
          ? t('address.point_value', {
              latitude: numberFormat.format(point.latitude),
              longitude: numberFormat.format(point.longitude),
            })
          : t('address.no_point')}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          id={`${idPrefix}-latitude`}
          ref={buttonRef}
          className="btn btn-secondary min-h-11"
          aria-expanded={map.state === 'open'}
          aria-controls={mapAreaId}
          aria-describedby={[error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
          disabled={disabled || map.state === 'loading'}
          onClick={() => (map.state === 'open' ? setMap({ state: 'closed' }) : openMap())}
        >
          {map.state === 'loading' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {map.state === 'open' ? t('address.close_map') : t('address.open_map')}
        </button>
        {point && (
          <button type="button" className="btn btn-ghost min-h-11" disabled={disabled} onClick={() => onChange(null)}>
            {t('address.remove_point')}
          </button>
        )}
      </div>
      <div id={mapAreaId}>
        {map.state === 'failed' && <LoadFailure text={t('address.map_failed')} onRetry={openMap} t={t} />}
        {map.state === 'open' && map.Picker && (
          <map.Picker
            value={point}
            center={center}
            label={t('address.map_label')}
            t={t}
            onChange={(at) => void pickOnMap(at)}
          />
        )}
      </div>
      <div aria-live="polite" id={`${idPrefix}-nearest`}>
        {shownProposal?.state === 'loading' && (
          <p className="flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {t('address.nearest_loading')}
          </p>
        )}
        {nearest && proposedIds && (
          <div className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-3">
            <p className="text-sm">
              {nearest.distance_km === null
                ? t('address.nearest_place', { place: nearestName(nearest) })
                : t('address.nearest_place_distance', {
                    place: nearestName(nearest),
                    distance: formatDistance(nearest.distance_km, locale),
                  })}
            </p>
            <button
              type="button"
              className="btn btn-sm btn-primary min-h-11"
              disabled={disabled}
              onClick={() => {
                onUsePlace?.(proposedIds);
                setProposal(null);
              }}
            >
              {t('address.nearest_use')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
