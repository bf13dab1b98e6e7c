import type { SeriesName } from '~/features/statistics/query';

/** What /prices embeds for its Chart.js island: the lines as the server drew them, prices in minor units. */
export interface IslandChartData {
  locale: string;
  currency: { code: string; decimals: number };
  /** Accessible name of the canvas. */
  label: string;
  /** The word for a point on few observations, shown in its tooltip. */
  thin: string;
  lines: {
    label: string;
    colour: string;
    series: SeriesName;
    points: { date: string; price: number; n: number; thin: boolean }[];
  }[];
}
