/**
 * The geometry of the server-rendered price charts (/prices, /statistic, the home page): points placed in a box,
 * shared by the SVG the page renders and read again by nobody else — the Chart.js island draws from the data.
 */

export interface Box {
  width: number;
  height: number;
  /** Space kept free for the axis labels: left, right, top, bottom. */
  pad: { left: number; right: number; top: number; bottom: number };
}

/** Milliseconds of a YYYY-MM-DD day (UTC). */
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A linear scale from [min, max] onto [from, to]; a flat range maps to the middle. */
export function scale(min: number, max: number, from: number, to: number) {
  return (value: number) => (max === min ? (from + to) / 2 : from + ((value - min) / (max - min)) * (to - from));
}

/** The y range of a chart: its lowest and highest value with a twentieth of headroom either side. */
export function valueRange(values: readonly number[]): { min: number; max: number } | null {
  if (values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = (high - low) / 20 || Math.abs(high) / 20 || 1;
  return { min: Math.max(0, low - margin), max: high + margin };
}

/** An SVG path through points (`M x y L x y…`), coordinates rounded to a tenth of a pixel. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}

/** A sparkline's path in a `width` × `height` box (values left to right, evenly spaced); '' under two values. */
export function sparklinePath(values: readonly number[], width: number, height: number): string {
  if (values.length < 2) return '';
  const range = valueRange(values)!;
  const x = scale(0, values.length - 1, 1, width - 1);
  const y = scale(range.min, range.max, height - 1, 1);
  return linePath(values.map((value, i) => ({ x: x(i), y: y(value) })));
}
