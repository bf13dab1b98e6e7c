import type * as Leaflet from 'leaflet';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import { useEffect, useId, useRef, useState } from 'react';
import { useEffectEvent } from '~/islands/lib/use-effect-event';
import { SATELLITE_TILE_URL } from '~/features/maps/tiles';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { type GeoPoint, type MapCenter, roundCoordinate } from '~/features/accounts/address-value';
import {
  type LeafletModule,
  MapLoading,
  importLeaflet,
  linkStylesheet,
  streetTileLayer,
  pinIcon,
  underlineLeafletCredit,
} from './map-kit';

/**
 * A map to pick one point: street map and satellite layers, click (or tap) to place or move the pin, drag the
 * pin, "use my location", and — for the keyboard — arrow keys to move the map and a button that puts the pin
 * at the centre cross. Props are documented in AddressFields.tsx. This module is loaded only when a user opens
 * the map, and Leaflet itself (with its stylesheet, see map-kit.tsx) only once the component mounts.
 */
export interface MapPickerProps {
  value: GeoPoint | null;
  onChange: (point: GeoPoint) => void;
  /** Where to look when there is no point yet, or when the chosen village or region changes. */
  center?: MapCenter | null;
  /** Accessible name of the map ("Map: pick the place of this address"). */
  label: string;
  t: ClientTranslate;
}

/** East and West Africa, where Mavuno's members are, when nothing is chosen yet. */
const AFRICA: MapCenter = { latitude: 2, longitude: 20, zoom: 3 };
const POINT_ZOOM = 16;

export default function MapPicker({ value, onChange, center, label, t }: MapPickerProps) {
  const hintId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const leafletRef = useRef<LeafletModule | null>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const markerRef = useRef<Leaflet.Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const centerKey = center ? `${center.latitude},${center.longitude},${center.zoom}` : '';
  const shownCenterRef = useRef(centerKey);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState('');
  const [locating, setLocating] = useState(false);

  // Builds the map with the props of the moment it opens; later changes of value and centre are applied below.
  const buildMap = useEffectEvent((L: LeafletModule, element: HTMLElement): Leaflet.Map => {
    const start = value ? { ...value, zoom: POINT_ZOOM } : (center ?? AFRICA);
    const map = L.map(element, { scrollWheelZoom: false, keyboard: true }).setView(
      [start.latitude, start.longitude],
      start.zoom,
    );
    const streets = streetTileLayer(L, t).addTo(map);
    underlineLeafletCredit(map);
    const satellite = L.tileLayer(SATELLITE_TILE_URL, {
      maxZoom: 19,
      attribution: t('address.map_attribution_satellite'),
    });
    L.control
      .layers({ [t('address.map_layer_map')]: streets, [t('address.map_layer_satellite')]: satellite }, undefined, {
        collapsed: false,
      })
      .addTo(map);
    map.on('click', (event: Leaflet.LeafletMouseEvent) => onChangeRef.current(toPoint(event.latlng)));
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', hintId);
    shownCenterRef.current = centerKey;
    return map;
  });

  // The map is built once per opening, and again after a failed load when the user retries (attempt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger, not a value the effect reads.
  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    setState('loading');
    Promise.all([importLeaflet(), linkStylesheet(leafletStylesheet)])
      .then(([L]) => {
        if (cancelled || !containerRef.current) return;
        leafletRef.current = L;
        map = buildMap(L, containerRef.current);
        mapRef.current = map;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [attempt]);

  // The pin follows the chosen point: moved when its coordinates change, removed when there is none.
  const latitude = value?.latitude;
  const longitude = value?.longitude;
  const markerTitle = t('address.map_marker');
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    if (state !== 'ready' || !L || !map) return;
    if (latitude === undefined || longitude === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at: Leaflet.LatLngExpression = [latitude, longitude];
    if (markerRef.current) {
      markerRef.current.setLatLng(at);
    } else {
      const marker = L.marker(at, {
        icon: pinIcon(L),
        draggable: true,
        keyboard: true,
        title: markerTitle,
        alt: markerTitle,
      }).addTo(map);
      marker.on('dragend', () => onChangeRef.current(toPoint(marker.getLatLng())));
      markerRef.current = marker;
    }
  }, [state, latitude, longitude, markerTitle]);

  // A new centre (another village or region chosen) moves the view once; the user's own panning is kept.
  const showCenter = useEffectEvent((key: string) => {
    const map = mapRef.current;
    if (!map || !center || key === shownCenterRef.current) return;
    shownCenterRef.current = key;
    map.setView([center.latitude, center.longitude], center.zoom);
  });
  useEffect(() => {
    if (state === 'ready') showCenter(centerKey);
  }, [state, centerKey]);

  function pinAtCentre() {
    const map = mapRef.current;
    if (map) onChange(toPoint(map.getCenter()));
  }

  function showMyLocation() {
    setNotice('');
    if (!('geolocation' in navigator)) {
      setNotice(t('address.geolocation_unsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const point = toPoint({ lat: position.coords.latitude, lng: position.coords.longitude });
        onChange(point);
        mapRef.current?.setView([point.latitude, point.longitude], POINT_ZOOM);
      },
      () => {
        setLocating(false);
        setNotice(t('address.geolocation_failed'));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <div className="mt-3 space-y-2">
      <p id={hintId} className="text-sm opacity-80">
        {t('address.map_hint')}
      </p>
      <div className="relative isolate overflow-hidden rounded-box border border-base-300">
        <div ref={containerRef} className="h-72 w-full bg-base-200 sm:h-96" />
        {state === 'ready' && (
          // The centre cross: where "Put the pin at the centre" drops the pin.
          <div
            className="pointer-events-none absolute left-1/2 top-1/2 z-[500] size-6 -translate-x-1/2 -translate-y-1/2"
            aria-hidden="true"
          >
            <span className="absolute left-1/2 top-0 h-full w-0.5 -translate-x-1/2 bg-neutral/70" />
            <span className="absolute left-0 top-1/2 h-0.5 w-full -translate-y-1/2 bg-neutral/70" />
          </div>
        )}
        {state === 'loading' && <MapLoading t={t} />}
        {state === 'failed' && (
          <div
            className="absolute inset-0 z-[1000] flex flex-col items-center justify-center gap-3 bg-base-200 p-4 text-center"
            role="alert"
          >
            <p>{t('address.map_failed')}</p>
            <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('address.retry')}
            </button>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline min-h-11" onClick={pinAtCentre} disabled={state !== 'ready'}>
          {t('address.pin_at_centre')}
        </button>
        <button
          type="button"
          className="btn btn-outline min-h-11"
          onClick={showMyLocation}
          disabled={locating}
          aria-busy={locating}
        >
          {locating && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {locating ? t('address.locating') : t('address.use_my_location')}
        </button>
      </div>
      {notice && (
        <p className="text-sm text-error" role="alert">
          {notice}
        </p>
      )}
    </div>
  );
}

function toPoint(latlng: { lat: number; lng: number }): GeoPoint {
  return { latitude: roundCoordinate(latlng.lat), longitude: roundCoordinate(wrapLongitude(latlng.lng)) };
}

/** Leaflet lets the world repeat sideways; a click on the copy east of Japan must still be a valid longitude. */
function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}
