import { formatCurrencyWith, formatDateWith } from '~/i18n/format';
import {
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { IslandChartData } from './price-chart-data';

/**
 * The /prices island: reads the JSON the page embedded (#price-chart-data), draws it with Chart.js (only the line
 * chart's parts are registered, so the rest of the library is shaken out) and hides the server's SVG it replaces.
 * Crops keep their colours, series their strokes, thin points stay hollow; tooltips give price and observations.
 */
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const DASH = { traded: [], asked: [6, 4], reference: [2, 3] } as const;

export function mountPriceChart() {
  const source = document.getElementById('price-chart-data');
  const holder = document.querySelector<HTMLElement>('[data-price-chart-canvas]');
  const svg = document.querySelector<HTMLElement>('[data-price-chart-svg]');
  if (!source?.textContent || !holder) return;
  const data = JSON.parse(source.textContent) as IslandChartData;
  if (data.lines.length === 0) return;
  const money = new Intl.NumberFormat(data.locale, {
    style: 'currency',
    currency: data.currency.code,
    maximumFractionDigits: data.currency.decimals,
  });
  const dates = [...new Set(data.lines.flatMap((line) => line.points.map((p) => p.date)))].sort();
  const day = new Intl.DateTimeFormat(data.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const canvas = document.createElement('canvas');
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', data.label);
  canvas.dataset.testid = 'price-chart-canvas';
  holder.append(canvas);
  holder.hidden = false;
  if (svg) svg.hidden = true;
  const scale = 10 ** data.currency.decimals;
  new Chart(canvas, {
    type: 'line',
    data: {
      labels: dates.map((date) => formatDateWith(day, new Date(`${date}T00:00:00Z`))),
      datasets: data.lines.map((line) => {
        const byDate = new Map(line.points.map((p) => [p.date, p]));
        const points = dates.map((date) => byDate.get(date));
        return {
          label: line.label,
          data: points.map((p) => (p ? p.price / scale : null)),
          borderColor: line.colour,
          backgroundColor: points.map((p) => (p?.thin ? '#ffffff' : line.colour)),
          pointBorderColor: line.colour,
          pointRadius: 3,
          borderDash: [...DASH[line.series]],
          spanGaps: true,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'nearest', intersect: false },
      scales: { y: { ticks: { callback: (value) => formatCurrencyWith(money, Number(value)) } } },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item) => {
              const line = data.lines[item.datasetIndex];
              const point = line.points.find((p) => p.date === dates[item.dataIndex]);
              const price = formatCurrencyWith(money, Number(item.raw));
              return `${line.label}: ${price} (n = ${point?.n ?? 0}${point?.thin ? `, ${data.thin}` : ''})`;
            },
          },
        },
      },
    },
  });
}
