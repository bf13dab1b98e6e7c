/**
 * Map tile servers (docs/architecture.md "Content security policy"): the street map's default, the address picker's
 * satellite layer, and the origin a tile URL template is served from — which the page's Content-Security-Policy
 * must admit (src/server/security/content-policy.ts) or every map stays grey.
 */

/** The street map's tiles: MAP_TILE_URL and MAP_TILE_ATTRIBUTION (src/server/env.ts). */
export interface TileConfig {
  url: string;
  attribution: string;
}

/** OpenStreetMap's tiles and attribution: the server's defaults, and what a page without the meta tags gets. */
export const OSM_TILE_CONFIG: TileConfig = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** The address picker's satellite layer (Esri World Imagery). */
export const SATELLITE_TILE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';

/**
 * The CSP source that admits every tile of a URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png` →
 * `https://tile.openstreetmap.org`; a placeholder as the host's first label (`https://{s}.tile.example.org/…`) →
 * `https://*.tile.example.org`, the only place a CSP wildcard may stand. Undefined for a template no single source
 * describes (not http(s), or a placeholder elsewhere in the host).
 */
export function tileSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const [, scheme, authority] = match;
  const host = authority.replace(/^\{[a-z]+\}(?=\.)/i, '*');
  if (/[{}\s@]/.test(host) || host.startsWith('.')) return undefined;
  // What is left must be a host (with a port, perhaps) a URL parser reads back unchanged.
  try {
    const parsed = new URL(`${scheme}://${host.replace(/^\*\./, 'x.')}`);
    if (parsed.pathname !== '/' || parsed.username) return undefined;
  } catch {
    return undefined;
  }
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}
