import { AsyncLocalStorage } from 'node:async_hooks';
import { processGlobal } from '~/server/process-global';

/**
 * What the production server knows of the request some code runs for (src/server/http/faults.ts opens it per
 * request): its id, what the access line says of it (src/server/http/access-log.ts), and the fault it answered
 * with. The log (src/server/log.ts) stamps every line written inside it with the id and the member. Outside the
 * production server (astro dev, the API tested in-process) there is none, and these functions do nothing.
 */
export interface RequestContext {
  id: string;
  method: string;
  /** The path without the query. */
  path: string;
  /** performance.now() when the request came in. */
  startedAt: number;
  /** The route pattern that answered (`/board/:id`, `/api-v2/lot/:id`), once a router said. */
  route?: string;
  /** The signed-in member's numeric id, once the session is resolved. */
  memberId?: number;
  /** The error a layer answered 5xx for (src/server/http/faults.ts reportFault). */
  error?: unknown;
}

export const requestContexts = processGlobal('mavuno.request-contexts', () => new AsyncLocalStorage<RequestContext>());

export function currentRequestContext(): RequestContext | undefined {
  return requestContexts.getStore();
}

/** The id of the request this code runs for (in the production server), for the records and lines it causes. */
export function currentRequestId(): string | undefined {
  return requestContexts.getStore()?.id;
}

/** The router's pattern for this request (low-cardinality: the metrics' `route` label and the access line's). */
export function noteRoute(route: string | undefined): void {
  const context = requestContexts.getStore();
  if (context) context.route = route;
}

/** The signed-in member of this request: only the numeric id is kept, never a credential. */
export function noteMember(memberId: number | null | undefined): void {
  const context = requestContexts.getStore();
  if (context && typeof memberId === 'number') context.memberId = memberId;
}
