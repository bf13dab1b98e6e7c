/** A point on the map. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

const coordinates = (point: MapPoint) => `${point.latitude}%2C${point.longitude}`;

/**
 * OpenStreetMap's route planner from `from` to `to` (`from` omitted: the visitor fills the start in there).
 * Coordinates as OpenStreetMap writes them: `route=LAT1,LNG1;LAT2,LNG2`, encoded.
 */
export function osmDirectionsUrl(to: MapPoint, from?: MapPoint): string {
  return `https://www.openstreetmap.org/directions?route=${from ? coordinates(from) : ''}%3B${coordinates(to)}`;
}

/** OpenStreetMap at a point, with a marker. */
export function osmPointUrl(point: MapPoint, zoom = 15): string {
  return `https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=${zoom}/${point.latitude}/${point.longitude}`;
}

/** OpenStreetMap showing every point, a little padded (for a browser that cannot draw the map itself). */
export function osmAreaUrl(points: MapPoint[], pad = 0.1): string {
  if (points.length === 0) return 'https://www.openstreetmap.org/';
  const lats = points.map((p) => p.latitude);
  const lons = points.map((p) => p.longitude);
  const edge = (values: number[], pick: (...n: number[]) => number, by: number) => (pick(...values) + by).toFixed(4);
  return `https://www.openstreetmap.org/?minlon=${edge(lons, Math.min, -pad)}&minlat=${edge(lats, Math.min, -pad)}&maxlon=${edge(lons, Math.max, pad)}&maxlat=${edge(lats, Math.max, pad)}`;
}
