import { type ComponentType, useState } from 'react';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { GeoPoint, MapCenter } from './address-value';
import LoadFailure from './LoadFailure';
import type { MapPickerProps } from './MapPicker';

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
}

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
}: MapPointFieldProps) {
  const [map, setMap] = useState<{
    state: 'closed' | 'loading' | 'open' | 'failed';
    Picker?: ComponentType<MapPickerProps>;
  }>({ state: 'closed' });
  const numberFormat = new Intl.NumberFormat(
    typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en',
    { maximumFractionDigits: 6 },
  );
  const mapAreaId = `${idPrefix}-map`;
  const errorId = `${idPrefix}-point-error`;

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
          <map.Picker value={point} center={center} label={t('address.map_label')} t={t} onChange={onChange} />
        )}
      </div>
    </section>
  );
}
