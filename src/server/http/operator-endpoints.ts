import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { type Env, getEnv } from '~/server/env';
import { errorMessage, log } from '~/server/log';
import { metricsRegistry } from '~/server/metrics';
import { checkReadiness } from '~/server/services/health/check-readiness';
import { refreshScrapeGauges } from '~/server/services/health/scrape-gauges';
import { noteRoute } from './request-context';

/**
 * What the server answers for its operators before any page (docs/operations.md "Metrics", "Health"): `/readyz`, and
 * `/metrics` when METRICS_TOKEN is set. Plain text in English, never cached; the access log writes their lines at
 * `debug` (src/server/http/access-log.ts).
 */

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (both sides hashed to one length first). */
export function hasMetricsToken(req: IncomingMessage, token: string): boolean {
  const presented = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function answerText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

/** The metrics in Prometheus's text format, the scrape-time gauges brought up to date first. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await refreshScrapeGauges();
    const body = await metricsRegistry.metrics();
    res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (error) {
    log.error({ component: 'metrics', err: error }, `metrics not collected: ${errorMessage(error)}`);
    if (!res.headersSent) answerText(res, 500, 'metrics not collected\n');
  }
}

/** 200 `ok` when this process should get requests, else 503 naming why (src/server/services/health/check-readiness.ts). */
export async function answerReadiness(res: ServerResponse): Promise<void> {
  const readiness = await checkReadiness();
  if (readiness.ready) answerText(res, 200, 'ok\n');
  else answerText(res, 503, `not ready: ${readiness.reasons.join(', ')}\n`);
}

/**
 * Answers /readyz and /metrics on the site's port and says whether it did. /metrics is there only with METRICS_TOKEN
 * (404 without; 401 to a missing or wrong token); METRICS_PORT serves it on a listener of its own (answerMetricsPort).
 */
export function answerOperatorPath(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path === '/readyz') {
    noteRoute('/readyz');
    void answerReadiness(res);
    return true;
  }
  if (path === '/metrics') {
    const token = getEnv().METRICS_TOKEN;
    noteRoute('/metrics');
    if (!token) answerText(res, 404, 'not found\n');
    else if (!hasMetricsToken(req, token)) answerText(res, 401, 'unauthorized\n', { 'WWW-Authenticate': 'Bearer' });
    else void answerMetrics(req, res);
    return true;
  }
  return false;
}

/** The METRICS_PORT listener's requests: /metrics (with a token, only to that token), 404 for anything else. */
export function answerMetricsPort(req: IncomingMessage, res: ServerResponse, token: string | undefined): void {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics') answerText(res, 404, 'not found\n');
  else if (token && !hasMetricsToken(req, token))
    answerText(res, 401, 'unauthorized\n', { 'WWW-Authenticate': 'Bearer' });
  else void answerMetrics(req, res);
}

/**
 * Where the METRICS_PORT listener binds (docs/operations.md "Metrics"): HOST when METRICS_TOKEN guards it, else the
 * loopback interface only — without a token, /metrics there is for a scraper on the same machine (or in the same
 * network namespace: a sidecar), never for whoever reaches HOST (0.0.0.0 in a container).
 */
export function metricsListenHost(env: Pick<Env, 'HOST' | 'METRICS_TOKEN'>): string {
  return env.METRICS_TOKEN ? env.HOST : '127.0.0.1';
}

/** The METRICS_PORT listener (src/server/main.ts), listening on `port` at metricsListenHost. */
export function startMetricsListener(env: Pick<Env, 'HOST' | 'METRICS_TOKEN'>, port: number): http.Server {
  const host = metricsListenHost(env);
  const token = env.METRICS_TOKEN;
  return http
    .createServer((req, res) => answerMetricsPort(req, res, token))
    .listen(port, host, () =>
      log.info(
        { host, port },
        `metrics on ${host}:${port}/metrics${token ? ' (METRICS_TOKEN required)' : ' (loopback only: no METRICS_TOKEN)'}`,
      ),
    );
}
