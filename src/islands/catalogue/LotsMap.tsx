import type * as Leaflet from 'leaflet';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import clusterStylesheet from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterThemeStylesheet from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
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
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

/**
 * The map view of a catalogue page: the page's lots that have a place, as pins grouped into clusters where
 * they crowd, each with a popup linking to the lot. Loaded only when the visitor asks for the map
 * (`view=map`, `client:only`), so neither React nor Leaflet reach the cards and table views.
 *
 * Leaflet and then leaflet.markercluster (a plugin that extends the global `L` Leaflet sets) are imported when
 * the component mounts: both touch `window`. Their stylesheets are linked by URL (see ../address/map-kit.tsx).
 */
export interface MapLot {
  id: number;
  href: string;
  title: string;
  /** Formatted on the server: "3 500 TZS per 90 kg bag". */
  price: string;
  place: string;
  latitude: number;
  longitude: number;
}

export interface LotsMapProps {
  lots: MapLot[];
  /** 'catalogue.map_label', 'catalogue.map_open', 'address.map_loading', 'address.map_attribution_osm', 'address.retry'. */
  messages: Messages;
}

/** Closest zoom when fitting the pins: one lot alone should still show its surroundings. */
const MAX_FIT_ZOOM = 10;

export default function LotsMap({ lots, messages }: LotsMapProps) {
  const t = createClientTranslator(messages);
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  // The page's lots and messages as they are when the map opens: a catalogue page never changes its lots.
  const buildMap = useEffectEvent((L: LeafletModule, element: HTMLElement): Leaflet.Map => {
    const map = L.map(element, { scrollWheelZoom: false, keyboard: true });
    streetTileLayer(L, t).addTo(map);
    underlineLeafletCredit(map);
    const icon = pinIcon(L, { popupAnchor: [0, -30] });
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48 });
    for (const lot of lots) {
      const marker = L.marker([lot.latitude, lot.longitude], {
        icon,
        title: lot.title,
        alt: lot.title,
        keyboard: true,
      });
      marker.bindPopup(() => popupOf(lot, t('catalogue.map_open')));
      cluster.addLayer(marker);
    }
    map.addLayer(cluster);
    map.fitBounds(cluster.getBounds(), { padding: [40, 40], maxZoom: MAX_FIT_ZOOM });
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('catalogue.map_label'));
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
    <div className="relative isolate overflow-hidden rounded-box border border-base-300">
      <div ref={containerRef} className="h-[28rem] w-full bg-base-200 lg:h-[36rem]" />
      {state === 'loading' && <MapLoading t={t} />}
      {state === 'failed' && (
        <div className="absolute inset-0 z-[1000] flex items-center justify-center bg-base-200 p-4">
          <LoadFailure text={t('catalogue.map_failed')} onRetry={() => setAttempt((n) => n + 1)} t={t} />
        </div>
      )}
    </div>
  );
}

/** The popup, built as elements: a lot's title is the seller's text and must never be read as HTML. */
function popupOf(lot: MapLot, openLabel: string): HTMLElement {
  const box = document.createElement('div');
  // `!` classes: Leaflet's stylesheet colours every link inside the map (.leaflet-container a) blue.
  box.className = 'flex min-w-44 flex-col gap-1 font-sans text-sm text-base-content';
  const title = document.createElement('a');
  title.href = lot.href;
  title.className = 'font-semibold text-primary! underline';
  title.textContent = lot.title;
  const price = document.createElement('span');
  price.className = 'font-semibold tabular-nums';
  price.textContent = lot.price;
  const place = document.createElement('span');
  place.className = 'opacity-80';
  place.textContent = lot.place;
  const open = document.createElement('a');
  open.href = lot.href;
  open.className = 'btn btn-primary btn-sm mt-1 text-primary-content! no-underline';
  open.textContent = openLabel;
  box.append(title, price, place, open);
  return box;
}
