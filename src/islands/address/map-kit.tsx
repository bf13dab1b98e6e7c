import type * as Leaflet from 'leaflet';
import { OSM_TILE_CONFIG, type TileConfig } from '~/features/maps/tiles';
import type { ClientTranslate } from '~/islands/lib/i18n';

/**
 * What the site's Leaflet maps share (the address MapPicker and the PlacesMap of lots and warehouses,
 * src/islands/maps/PlacesMap.tsx). Leaflet itself is only imported when a map mounts: it touches `window`, so never
 * during SSR.
 */
export type LeafletModule = typeof Leaflet;

/** Underlined like Leaflet's credit below: in the attribution's grey text a colour alone does not mark a link. */
export const osmAttribution = (t: ClientTranslate) =>
  t('address.map_attribution_osm', {
    osm: '<a href="https://www.openstreetmap.org/copyright" class="underline!">OpenStreetMap</a>',
  });

/**
 * The configured tiles, as BaseLayout.astro writes them into every page
 * (`<meta name="mavuno:map-tile-url">` and `<meta name="mavuno:map-tile-attribution">`).
 */
export function pageTileConfig(): TileConfig {
  const meta = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="mavuno:map-tile-${name}"]`)?.content || undefined;
  return { url: meta('url') ?? OSM_TILE_CONFIG.url, attribution: meta('attribution') ?? OSM_TILE_CONFIG.attribution };
}

/**
 * The street map layer for `tiles` (default: the page's configured ones). The attribution is configured as text
 * and shown as text; OpenStreetMap's own keeps its translated line with the link its licence asks for.
 */
export function streetTileLayer(
  L: LeafletModule,
  t: ClientTranslate,
  tiles: TileConfig = pageTileConfig(),
): Leaflet.TileLayer {
  const attribution =
    tiles.attribution === OSM_TILE_CONFIG.attribution ? osmAttribution(t) : escapeHtml(tiles.attribution);
  return L.tileLayer(tiles.url, { maxZoom: 19, attribution });
}

/** Leaflet's own credit, underlined: in the attribution's grey text a colour alone does not mark it as a link. */
export function underlineLeafletCredit(map: Leaflet.Map): void {
  map.attributionControl?.setPrefix('<a href="https://leafletjs.com" class="underline!">Leaflet</a>');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Leaflet, whichever way the bundler hands over its CommonJS module. */
export async function importLeaflet(): Promise<LeafletModule> {
  const module = await import('leaflet');
  return ((module as unknown as { default?: LeafletModule }).default ?? module) as LeafletModule;
}

/*
 * The pin is a divIcon drawn with CSS: Leaflet's default icon images are found by a path bundlers break.
 * `mavuno-map-pin` replaces the class `leaflet-div-icon`, whose white box would frame the pin.
 */
const PIN_HTML =
  '<span class="block size-7 -rotate-45 rounded-[50%_50%_50%_0] border-[3px] border-base-100 bg-primary shadow-md"><span class="m-1.5 block size-2.5 rounded-full bg-accent"></span></span>';

export function pinIcon(L: LeafletModule, options: Partial<Leaflet.DivIconOptions> = {}): Leaflet.DivIcon {
  return L.divIcon({
    className: 'mavuno-map-pin',
    html: PIN_HTML,
    iconSize: [28, 28],
    iconAnchor: [14, 34],
    ...options,
  });
}

/**
 * Adds a stylesheet once per page, resolving when it is usable (or failed: the map then only looks plain).
 * Linked by URL when a map opens: imported as CSS, Astro would add it to every page that may show a map (it
 * follows dynamic imports when it gathers a page's CSS).
 */
export function linkStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** Covers the map while Leaflet and the first tiles load. */
export function MapLoading({ t }: { t: ClientTranslate }) {
  return (
    <div className="absolute inset-0 z-[1000] flex items-center justify-center gap-2 bg-base-200" role="status">
      <span className="loading loading-spinner" aria-hidden="true" />
      {t('address.map_loading')}
    </div>
  );
}
