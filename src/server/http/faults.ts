import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { processGlobal } from '~/server/process-global';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

/**
 * Server faults (5xx) and their one log line. The production server (src/server/main.ts) opens an exchange per
 * request; whichever layer fails — a page (src/pages/500.astro), the API (src/server/api/errors.ts) or the server's
 * own fallback — reports its error to the exchange, and the exchange writes one line when a 5xx answer finishes:
 * request id, method, path (never the query: it may hold a token), status and the error with its stack.
 * Without an exchange (astro dev, the API tested in-process) a report is logged at once.
 */
export interface RequestFacts {
  id: string;
  method: string;
  /** The path without the query. */
  path: string;
}

interface Exchange extends RequestFacts {
  error?: unknown;
}

const exchanges = processGlobal('mavuno.fault-exchanges', () => new AsyncLocalStorage<Exchange>());

/** The id of the request this code runs for (in the production server), for the records and lines it causes. */
export function currentRequestId(): string | undefined {
  return exchanges.getStore()?.id;
}

/** The path as it may appear in a log: without the query, control characters escaped, at most 300 characters. */
function loggablePath(path: string): string {
  const bare = path.split('?')[0];
  const printable = JSON.stringify(bare.length > 300 ? `${bare.slice(0, 300)}…` : bare);
  return printable.slice(1, -1);
}

function describeError(error: unknown): string {
  if (error === undefined) return 'no exception (the handler chose this status)';
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function logFault(facts: RequestFacts & { status: number; error?: unknown }): void {
  console.error(
    `[fault] ${facts.status} ${facts.method} ${loggablePath(facts.path)} request=${facts.id}: ${describeError(facts.error)}`,
  );
}

/** A layer answers 5xx because of `error`: logged once, with the request's facts. */
export function reportFault(error: unknown, facts: RequestFacts, status = 500): void {
  const exchange = exchanges.getStore();
  if (exchange && exchange.id === facts.id) {
    exchange.error ??= error;
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
 * request header), echoes it in the answer, and runs `handle` in an exchange that logs a 5xx answer once.
 */
export function handleWithRequestId(req: IncomingMessage, res: ServerResponse, handle: (id: string) => void): void {
  const id = requestIdFrom(req.headers['x-request-id']);
  req.headers['x-request-id'] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  const exchange: Exchange = { id, method: req.method ?? 'GET', path: req.url ?? '/' };
  // 'close' follows every answer, finished or cut off: a page that fails after its headers went out is a fault too.
  res.once('close', () => {
    if (res.statusCode >= 500 || exchange.error !== undefined) {
      logFault({ ...exchange, status: res.statusCode, error: exchange.error });
    }
  });
  exchanges.run(exchange, () => handle(id));
}
