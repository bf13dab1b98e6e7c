import { randomUUID } from 'node:crypto';

/** The header that carries a request's id, in both directions (docs/architecture.md "Statuses, errors and request ids"). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or client may choose: short, printable, nothing a log line or a header could be tricked with. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:@+=-]{0,127}$/;

/** The id of a request: the incoming `X-Request-Id` when it is sane (a proxy's trace id), else a new UUID. */
export function requestIdFrom(incoming: string | string[] | null | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_ID.test(value) ? value : randomUUID();
}
