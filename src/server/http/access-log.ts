import type { ServerResponse } from 'node:http';
import { accessLog, log } from '~/server/log';
import { counter, histogram } from '~/server/metrics';
import type { RequestContext } from './request-context';
import { STATIC_ROUTE, UNMATCHED_ROUTE, pathRoute } from './route-label';

/**
 * The access line and the request metrics (docs/operations.md "Logs", "Metrics"): one line per request when its answer
 * ends — finished, cut off, or a live stream closed — with its id, method, route pattern, status, duration and the
 * signed-in member's id. Never the query, a header or a body. Static files and the balancer's and Prometheus's polls
 * are logged at `debug` only: at `info` they would outnumber every other line.
 */
const QUIET_ROUTES = new Set([STATIC_ROUTE, '/healthz', '/readyz', '/metrics']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const requestDuration = histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer ending, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});
const requestsTotal = counter({
  name: 'http_requests_total',
  help: 'Requests answered, by status',
  labelNames: ['status'],
});

/** The route an answer is counted and logged under: the router's pattern, else its path made low-cardinality. */
export function routeOf(context: RequestContext, status: number): string {
  if (context.route) return context.route;
  return status === 404 ? UNMATCHED_ROUTE : pathRoute(context.path);
}

export function recordAccess(context: RequestContext, res: ServerResponse): void {
  const durationMs = performance.now() - context.startedAt;
  const status = res.statusCode;
  const route = routeOf(context, status);
  const method = METHODS.has(context.method) ? context.method : 'OTHER';
  requestDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, durationMs / 1000);
  requestsTotal.inc({ status: String(status) });
  const level = QUIET_ROUTES.has(route) ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const fields = {
    requestId: context.id,
    method,
    route,
    status,
    durationMs: Math.round(durationMs * 10) / 10,
    memberId: context.memberId ?? null,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
  accessLog[level](fields, 'request');
}
