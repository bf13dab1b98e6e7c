import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processGlobal } from '~/server/process-global';

/**
 * The process's Prometheus metrics (docs/operations.md "Metrics"), served at /metrics
 * (src/server/http/operator-endpoints.ts). Each metric is made where it is measured (the access log, the render cache,
 * the job runner, the webhooks) through the functions below, which answer the one already registered under that name:
 * modules that the dev server reloads, or that a test suite loads once for many files, find their metric instead of
 * registering it twice.
 */
export const metricsRegistry = processGlobal('mavuno.metrics-registry', () => {
  const registry = new Registry();
  // The process's CPU, memory, event-loop lag, garbage collection, handles (prom-client's defaults).
  collectDefaultMetrics({ register: registry });
  return registry;
});

type Config<T extends string> = { name: string; help: string; labelNames?: readonly T[] };

export function counter<T extends string>(config: Config<T>): Counter<T> {
  return (
    (metricsRegistry.getSingleMetric(config.name) as Counter<T> | undefined) ??
    new Counter({ ...config, registers: [metricsRegistry] })
  );
}

export function gauge<T extends string>(config: Config<T>): Gauge<T> {
  return (
    (metricsRegistry.getSingleMetric(config.name) as Gauge<T> | undefined) ??
    new Gauge({ ...config, registers: [metricsRegistry] })
  );
}

export function histogram<T extends string>(config: Config<T> & { buckets: number[] }): Histogram<T> {
  return (
    (metricsRegistry.getSingleMetric(config.name) as Histogram<T> | undefined) ??
    new Histogram({ ...config, registers: [metricsRegistry] })
  );
}
