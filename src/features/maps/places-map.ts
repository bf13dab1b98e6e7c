import type { MessageKey } from '~/i18n/t';

/**
 * The two maps of places (src/islands/maps/PlacesMap.tsx): a catalogue page's lots and the public warehouses. The
 * words each shows, so the page picks exactly the messages its map needs (placesMapMessageKeys).
 */
export const PLACES_MAP_WORDS = {
  lots: { label: 'catalogue.map_label', open: 'catalogue.map_open', failed: 'catalogue.map_failed' },
  warehouses: { label: 'warehouses.map_label', open: 'warehouses.map_open', failed: 'warehouses.map_failed' },
} as const satisfies Record<string, { label: MessageKey; open: MessageKey; failed: MessageKey }>;
export type PlacesMapKind = keyof typeof PLACES_MAP_WORDS;

/** The messages a map of this kind needs: its own words and the map kit's (loading, tile credit, retry). */
export const placesMapMessageKeys = (kind: PlacesMapKind): MessageKey[] => [
  ...Object.values(PLACES_MAP_WORDS[kind]),
  'address.map_loading',
  'address.map_attribution_osm',
  'address.retry',
];
