import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage, log } from '~/server/log';
import { recordAccess, routeOf } from './access-log';
import { type RequestContext, currentRequestContext, requestContexts } from './request-context';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

export { currentRequestId } from './request-context';

/**
 * Server faults (5xx) and their one log line. The production server (src/server/main.ts) opens a request context per
 * request (src/server/http/request-context.ts); whichever layer fails — a page (src/pages/500.astro), the API
 * (src/server/api/errors.ts) or the server's own fallback — reports its error to it, and one line is written when a 5xx
 * answer finishes: request id, method, route (never the query, nor a path segment that may be a token) and the error
 * with its stack. Beside it, every answer has its access line (src/server/http/access-log.ts).
 * Without a context (astro dev, the API tested in-process) a report is logged at once.
 */
export interface RequestFacts {
  id: string;
  method: string;
  /** The path without the query. */
  path: string;
}

export function logFault(facts: RequestFacts & { status: number; error?: unknown; route?: string }): void {
  const route = facts.route ?? routeOf({ ...facts, startedAt: 0 }, facts.status);
  const fields = { requestId: facts.id, method: facts.method, route, status: facts.status };
  if (facts.error === undefined) log.error(fields, 'server fault: no exception (the handler chose this status)');
  else if (facts.error instanceof Error)
    log.error({ ...fields, err: facts.error }, `server fault: ${errorMessage(facts.error)}`);
  else log.error(fields, `server fault: ${String(facts.error)}`);
}

/** A layer answers 5xx because of `error`: logged once, with the request's facts. */
export function reportFault(error: unknown, facts: RequestFacts, status = 500): void {
  const context = currentRequestContext();
  if (context && context.id === facts.id) {
    context.error ??= error;
    return;
  }
  logFault({ ...facts, status, error });
}

/** The facts of a Fetch API request as the pages and the API see it (the id was set by the server, or is new). */
export function factsOf(request: Request): RequestFacts {
  let path = '/';
  try {
    path = new URL(request.url).pathname;
  } catch {
    /* an unreadable URL is logged as "/" */
  }
  return { id: requestIdFrom(request.headers.get(REQUEST_ID_HEADER)), method: request.method, path };
}

/**
 * Gives the request its id (a sane incoming X-Request-Id, else a new one; the pages and the API read it from the
 * request header), echoes it in the answer, and runs `handle` in a request context that logs the access line, and a
 * 5xx answer once, when the answer ends.
 */
export function handleWithRequestId(req: IncomingMessage, res: ServerResponse, handle: (id: string) => void): void {
  const id = requestIdFrom(req.headers['x-request-id']);
  req.headers['x-request-id'] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const context: RequestContext = {
    id,
    method: req.method ?? 'GET',
    path: query < 0 ? url : url.slice(0, query),
    startedAt: performance.now(),
  };
  // 'close' follows every answer, finished or cut off: a page that fails after its headers went out is a fault too.
  res.once('close', () => {
    recordAccess(context, res);
    if (res.statusCode >= 500 || context.error !== undefined) {
      logFault({ ...context, status: res.statusCode, error: context.error, route: routeOf(context, res.statusCode) });
    }
  });
  requestContexts.run(context, () => handle(id));
}
