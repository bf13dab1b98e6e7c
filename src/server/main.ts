/**
 * The production server (`npm start`): one Node process serving pages, /api-v2 and /uploads.
 * Built by Astro as the server entry (see src/server/integration.mjs), so it shares modules with the pages.
 */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { handler as astroHandler, options as adapterOptions } from '@astrojs/node/server.js';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import sirv from 'sirv';
import { getApiApp } from './api/app';
import { startMemberPageCache, startPageCache } from './cache/pages';
import { startSessionCache } from './cache/session-cache';
import { prepareDatabase } from './db/prepare-database';
import { type Env, EnvError, getEnv, missingSharedSecrets } from './env';
import { handleWithRequestId } from './http/faults';
import { answerOperatorPath, startMetricsListener } from './http/operator-endpoints';
import { noteRoute } from './http/request-context';
import { STATIC_ROUTE } from './http/route-label';
import {
  answerWithoutPage,
  dropUnservableRange,
  refuseUnreadablePath,
  refuseUnsupportedMethod,
  rewriteOfflineAddress,
} from './http/node-answers';
import { setSecurityHeaders } from './http/security-headers';
import { sessionCookie } from './http/session-cookie';
import { setStaticCacheHeaders } from './http/static-cache';
import { startJobRunner } from './jobs/runner';
import { getMailSender } from './mail';
import { scheduledJobs } from './jobs/schedule';
import { resolveUser } from './services/accounts/authenticate';
import { markShuttingDown, runShutdownBeginHooks, runShutdownHooks } from './lifecycle';
import { errorMessage, flushLogs, log } from './log';
import { getChatHub } from './realtime/chat-hub';

type Next = (error?: unknown) => void;

const isEventStream = (type: unknown) => typeof type === 'string' && type.startsWith('text/event-stream');

async function start() {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      log.fatal(error.message);
      flushLogs();
      process.exit(1);
    }
    throw error;
  }
  // Processes on one PostgreSQL database share their secrets, or a checkout opened on one fails on another.
  const missing = missingSharedSecrets(env);
  if (missing.length > 0) {
    log.fatal(`Configuration that more than one process must share is missing:\n  ${missing.join('\n  ')}`);
    flushLogs();
    process.exit(1);
  }
  // The test suites' setting, whose password hashes are the cheapest (src/server/services/accounts/secrets.ts), never
  // serves a public site.
  if (env.NODE_ENV === 'test' && env.isHttps) {
    log.fatal('NODE_ENV: "test" is for the test suites; a site at an https:// PUBLIC_URL runs as "production".');
    flushLogs();
    process.exit(1);
  }

  const database = await prepareDatabase();
  const api = getRequestListener(getApiApp().fetch);
  // Anonymous pages come from the render cache when they may (docs/architecture.md "How the render cache stays correct").
  const pages = await startPageCache(database, env.PAGE_CACHE_ENTRIES);
  // A member's pages come from the members' render cache while nothing they show has changed (docs/architecture.md
  // "What a signed-in page costs"); before a kept page is served its session is resolved again.
  const memberPages = await startMemberPageCache(database, {
    maxEntries: env.MEMBER_PAGE_CACHE_ENTRIES,
    cookieName: sessionCookie().name,
    identify: async (token) => {
      const user = await resolveUser(database.db, { cookie: token });
      return user ? { memberId: user.id, sessionId: user.sessionId } : null;
    },
  });
  // Who a session token belongs to, kept a few seconds and forgotten on any change to the member (docs/auth.md).
  await startSessionCache(database);
  // The chat hub listens from start-up, so a process without its listening connection fails fast.
  await getChatHub();
  const compress = compression({
    threshold: 512,
    // A live stream (text/event-stream) is never compressed: the compressor would hold its events back.
    filter: (req, res) =>
      pages.mayCompress(res as never) &&
      memberPages.mayCompress(res as never) &&
      !isEventStream(res.getHeader('Content-Type')) &&
      compression.filter(req, res),
  });
  const clientDir = fileURLToPath(adapterOptions.client);
  // Precompressed .br/.gz siblings are written after each build (scripts/postbuild.mjs).
  const serveStatic = sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    extensions: [],
    setHeaders: setStaticCacheHeaders,
  });

  let shuttingDown = false;
  // Every request gets an id, a deliberate status and its access line; a 5xx is logged once (src/server/http/faults.ts).
  const server = http.createServer((req, res) =>
    handleWithRequestId(req, res, () => {
      const withoutPage = ((error?: unknown) => answerWithoutPage(req, res, error)) satisfies Next;
      try {
        const path = (req.url ?? '/').split('?')[0];
        setSecurityHeaders(res, { isHttps: env.isHttps, path });
        if (shuttingDown) res.setHeader('Connection', 'close');
        // /readyz, and /metrics with METRICS_TOKEN: before the render cache, compression and Astro.
        if (answerOperatorPath(req, res, path)) return;
        pages.watchWrites(req, res, () => memberPages.store.invalidate());
        compress(req as never, res as never, () => {
          if (path === '/api-v2' || path.startsWith('/api-v2/')) {
            // Only answers an endpoint marks public (anonymous catalogue lists) are stored.
            pages.serve(req, res, () => void api(req, res));
            return;
          }
          if (refuseUnsupportedMethod(req, res) || refuseUnreadablePath(req, res)) return;
          rewriteOfflineAddress(req);
          dropUnservableRange(req);
          // A file of dist/client is counted and logged as `static`; anything else is named by its router.
          noteRoute(STATIC_ROUTE);
          serveStatic(req, res, () => {
            noteRoute(undefined);
            pages.serve(req, res, () =>
              memberPages.serve(req, res, () => {
                Promise.resolve(astroHandler(req, res, withoutPage)).catch(withoutPage);
              }),
            );
          });
        });
      } catch (error) {
        // Thrown out of a handler, an error would stop the whole process: it is one request's fault.
        withoutPage(error);
      }
    }),
  );
  server.keepAliveTimeout = 5_000;

  // METRICS_PORT: /metrics on a listener of its own, on HOST with METRICS_TOKEN, else on the loopback interface only
  // (docs/operations.md "Metrics").
  const metricsServer = env.METRICS_PORT ? startMetricsListener(env, env.METRICS_PORT) : undefined;
  metricsServer?.on('error', (error) => {
    log.fatal({ err: error }, `metrics listener failed: ${error.message}`);
    flushLogs();
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // From now on /readyz answers 503 and no job starts; the site keeps serving for SHUTDOWN_DELAY_SECONDS, the time a
    // balancer takes to see it and stop sending (docs/operations.md "Running a fleet"), then the listener closes.
    markShuttingDown();
    const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
    log.info(
      { signal, delayMs },
      `${signal}: not ready; in ${env.SHUTDOWN_DELAY_SECONDS} s ending live streams, finishing open requests, then closing the database`,
    );
    setTimeout(() => {
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      force.unref();
      server.close(async () => {
        metricsServer?.close();
        await runShutdownHooks();
        log.info('stopped');
        flushLogs();
        process.exit(0);
      });
      server.closeIdleConnections();
      // Live streams never finish by themselves: they end now, and their connections close once idle.
      void runShutdownBeginHooks().then(() => setImmediate(() => server.closeIdleConnections()));
    }, delayMs);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  // The scheduled jobs and the outbox, each run once across the worker processes (src/server/jobs/schedule.ts;
  // WORKERS=0: a web-only process). Shutdown waits for a running job before the database closes.
  if (env.WORKERS) {
    // The mail transport first: shutdown closes it after the runner (hooks run last-registered first).
    getMailSender();
    await startJobRunner(database.db, scheduledJobs(database));
  }

  server.listen(env.PORT, env.HOST, () => {
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
    // One address to open: the site's own (PUBLIC_URL, by default the address listened on, src/server/env.ts).
    // Two would invite opening the one whose cookies and links the site does not use.
    const bound = env.PUBLIC_URL ? `bound to ${env.HOST}, port ${env.PORT}; ` : '';
    log.info(
      { publicUrl: env.publicUrl, host: env.HOST, port: env.PORT, database: database.kind, workers: env.WORKERS },
      `serving ${env.publicUrl} (${bound}database: ${where}${env.WORKERS ? '' : '; web only: WORKERS=0'})`,
    );
  });
}

start().catch((error) => {
  log.fatal({ err: error }, `failed to start: ${errorMessage(error)}`);
  flushLogs();
  process.exit(1);
});
