import type * as Leaflet from 'leaflet';
import leafletStylesheet from 'leaflet/dist/leaflet.css?url';
import clusterStylesheet from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import clusterThemeStylesheet from 'leaflet.markercluster/dist/MarkerCluster.Default.css?url';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import LoadFailure from '~/islands/address/LoadFailure';
import {
  type LeafletModule,
  MapLoading,
  type TileSource,
  addTiles,
  importLeaflet,
  linkStylesheet,
  pinIcon,
} from '~/islands/address/map-kit';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

/**
 * The warehouse map (/world-warehouse?view=map and /warehouse/map): public warehouses as pins grouped into
 * clusters where they crowd, each with a popup linking to the warehouse's page, on the configured tile server.
 * Loaded only in the map view (`client:only`), so the list view ships no JavaScript; Leaflet and the cluster
 * plugin are imported when it mounts (both touch `window`), as in ../catalogue/LotsMap.tsx.
 */
export interface MapWarehouse {
  id: number;
  href: string;
  title: string;
  /** Kind, in the page's language. */
  kind: string;
  place: string;
  latitude: number;
  longitude: number;
}

export interface WarehousesMapProps {
  warehouses: MapWarehouse[];
  tiles: TileSource;
  /** 'warehouses.map_label', 'warehouses.map_open', 'warehouses.map_failed', 'address.map_loading', 'address.retry'. */
  messages: Messages;
}

/** Closest zoom when fitting the pins: one warehouse alone should still show its surroundings. */
const MAX_FIT_ZOOM = 10;

export default function WarehousesMap({ warehouses, tiles, messages }: WarehousesMapProps) {
  const t = createClientTranslator(messages);
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  const buildMap = useEffectEvent((L: LeafletModule, element: HTMLElement): Leaflet.Map => {
    const map = L.map(element, { scrollWheelZoom: false, keyboard: true });
    addTiles(L, map, t, tiles);
    const icon = pinIcon(L, { popupAnchor: [0, -30] });
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48 });
    for (const warehouse of warehouses) {
      const marker = L.marker([warehouse.latitude, warehouse.longitude], {
        icon,
        title: warehouse.title,
        alt: warehouse.title,
        keyboard: true,
      });
      marker.bindPopup(() => popupOf(warehouse, t('warehouses.map_open')));
      cluster.addLayer(marker);
    }
    map.addLayer(cluster);
    map.fitBounds(cluster.getBounds(), { padding: [40, 40], maxZoom: MAX_FIT_ZOOM });
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('warehouses.map_label'));
    return map;
  });

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
    <div className="relative isolate overflow-hidden rounded-box border border-base-300" data-testid="warehouses-map">
      <div ref={containerRef} className="h-[28rem] w-full bg-base-200 lg:h-[36rem]" />
      {state === 'loading' && <MapLoading t={t} />}
      {state === 'failed' && (
        <div className="absolute inset-0 z-[1000] flex items-center justify-center bg-base-200 p-4">
          <LoadFailure text={t('warehouses.map_failed')} onRetry={() => setAttempt((n) => n + 1)} t={t} />
        </div>
      )}
    </div>
  );
}

/** The popup, built as elements: names are data and must never be read as HTML. */
function popupOf(warehouse: MapWarehouse, openLabel: string): HTMLElement {
  const box = document.createElement('div');
  // `!` classes: Leaflet's stylesheet colours every link inside the map (.leaflet-container a) blue.
  box.className = 'flex min-w-44 flex-col gap-1 font-sans text-sm text-base-content';
  const title = document.createElement('a');
  title.href = warehouse.href;
  title.className = 'font-semibold text-primary! underline';
  title.textContent = warehouse.title;
  const kind = document.createElement('span');
  kind.textContent = warehouse.kind;
  const place = document.createElement('span');
  place.className = 'opacity-80';
  place.textContent = warehouse.place;
  const open = document.createElement('a');
  open.href = warehouse.href;
  open.className = 'btn btn-primary btn-sm mt-1 text-primary-content! no-underline';
  open.textContent = openLabel;
  box.append(title, kind, place, open);
  return box;
}
