import type * as Leaflet from 'leaflet';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import clusterStylesheet from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterThemeStylesheet from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
import { useEffect, useRef, useState } from 'react';
import { useEffectEvent } from '~/islands/lib/use-effect-event';
import LoadFailure from '~/islands/address/LoadFailure';
import {
  type LeafletModule,
  MapLoading,
  importLeaflet,
  linkStylesheet,
  streetTileLayer,
  underlineLeafletCredit,
  pinIcon,
} from '~/islands/address/map-kit';
import { PLACES_MAP_WORDS, type PlacesMapKind } from '~/features/maps/places-map';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

/**
 * The site's map of places (docs/lots.md, docs/warehouses.md "Pages"): a catalogue page's lots, or the public
 * warehouses, as pins grouped into clusters where they crowd, each with a popup linking to its page. Loaded only in
 * a page's map view (`view=map`, `client:only`), so neither React nor Leaflet reach the other views.
 *
 * Leaflet and then leaflet.markercluster (a plugin that extends the global `L` Leaflet sets) are imported when
 * the component mounts: both touch `window`. Their stylesheets are linked by URL (see ../address/map-kit.tsx).
 */
export interface MapPin {
  id: number;
  href: string;
  title: string;
  /** The pin's fact below its title, formatted on the server: a lot's price ("3 500 TZS per 90 kg bag"), a
   * warehouse's kind in the page's language. */
  detail: string;
  place: string;
  latitude: number;
  longitude: number;
}

/** The pin's detail of a lot is a price: set in bold, with digits of even width. */
const DETAIL_CLASS: Record<PlacesMapKind, string> = { lots: 'font-semibold tabular-nums', warehouses: '' };

export interface PlacesMapProps {
  kind: PlacesMapKind;
  pins: MapPin[];
  /** The messages of placesMapMessageKeys(kind) (src/features/maps/places-map.ts). */
  messages: Messages;
}

/** Closest zoom when fitting the pins: one place alone should still show its surroundings. */
const MAX_FIT_ZOOM = 10;

export default function PlacesMap({ kind, pins, messages }: PlacesMapProps) {
  const t = createClientTranslator(messages);
  const words = PLACES_MAP_WORDS[kind];
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // The page's pins and messages as they are when the map opens: a page never changes its pins.
  const buildMap = useEffectEvent((L: LeafletModule, element: HTMLElement): Leaflet.Map => {
    const map = L.map(element, { scrollWheelZoom: false, keyboard: true });
    streetTileLayer(L, t).addTo(map);
    underlineLeafletCredit(map);
    const icon = pinIcon(L, { popupAnchor: [0, -30] });
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48 });
    for (const pin of pins) {
      const marker = L.marker([pin.latitude, pin.longitude], {
        icon,
        title: pin.title,
        alt: pin.title,
        keyboard: true,
      });
      marker.bindPopup(() => popupOf(pin, t(words.open), DETAIL_CLASS[kind]));
      cluster.addLayer(marker);
    }
    map.addLayer(cluster);
    map.fitBounds(cluster.getBounds(), { padding: [40, 40], maxZoom: MAX_FIT_ZOOM });
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t(words.label));
    return map;
  });

  // Built once per page, and again after a failed load when the visitor retries (attempt).
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry's trigger, not a value the effect reads.
  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    setState('loading');
    (async () => {
      const [L] = await Promise.all([
        importLeaflet(),
        linkStylesheet(leafletStylesheet),
        linkStylesheet(clusterStylesheet),
        linkStylesheet(clusterThemeStylesheet),
      ]);
      // The plugin adds markerClusterGroup to the global L; a bundled Leaflet may not have set it.
      (window as unknown as { L: LeafletModule }).L = L;
      await import('leaflet.markercluster');
      if (cancelled || !containerRef.current) return;
      map = buildMap(L, containerRef.current);
      setState('ready');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [attempt]);

  return (
    <div className="relative isolate overflow-hidden rounded-box border border-base-300" data-testid={`${kind}-map`}>
      <div ref={containerRef} className="h-[28rem] w-full bg-base-200 lg:h-[36rem]" />
      {state === 'loading' && <MapLoading t={t} />}
      {state === 'failed' && (
        <div className="absolute inset-0 z-[1000] flex items-center justify-center bg-base-200 p-4">
          <LoadFailure text={t(words.failed)} onRetry={() => setAttempt((n) => n + 1)} t={t} />
        </div>
      )}
    </div>
  );
}

/** The popup, built as elements: a title is a member's text and must never be read as HTML. */
function popupOf(pin: MapPin, openLabel: string, detailClass: string): HTMLElement {
  const box = document.createElement('div');
  // `!` classes: Leaflet's stylesheet colours every link inside the map (.leaflet-container a) blue.
  box.className = 'flex min-w-44 flex-col gap-1 font-sans text-sm text-base-content';
  const title = document.createElement('a');
  title.href = pin.href;
  title.className = 'font-semibold text-primary! underline';
  title.textContent = pin.title;
  const detail = document.createElement('span');
  if (detailClass) detail.className = detailClass;
  detail.textContent = pin.detail;
  const place = document.createElement('span');
  place.className = 'opacity-80';
  place.textContent = pin.place;
  const open = document.createElement('a');
  open.href = pin.href;
  open.className = 'btn btn-primary btn-sm mt-1 text-primary-content! no-underline';
  open.textContent = openLabel;
  box.append(title, detail, place, open);
  return box;
}
