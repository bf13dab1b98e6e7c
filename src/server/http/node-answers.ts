import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitLocale } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { reportFault } from './faults';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * What the production server (src/server/main.ts) answers itself, before or after Astro: the methods pages take,
 * the offline page's addresses, and the answer when no page handled a request (docs/architecture.md "Statuses,
 * errors and request ids").
 */

/** Pages and their form posts; anything else (PUT, DELETE, TRACE…) is refused before a page runs. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0];
const translatorFor = (req: IncomingMessage) => createTranslator(splitLocale(pathOf(req)).locale);

function answerText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** A page asked with a method pages do not take: 405 naming the ones they do. Returns whether it answered. */
export function refuseUnsupportedMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if ((PAGE_METHODS as readonly string[]).includes(req.method ?? 'GET')) return false;
  answerText(res, 405, translatorFor(req)('errors.method_not_allowed'), { Allow: PAGE_METHODS.join(', ') });
  return true;
}

/**
 * A path that does not even decode (`/%FF`, `/sw/%E0%A4%A`) names no page: 404 here, before Astro, which would log
 * it as an error while answering the same. Returns whether it answered.
 */
export function refuseUnreadablePath(req: IncomingMessage, res: ServerResponse): boolean {
  try {
    decodeURI(pathOf(req));
    return false;
  } catch {
    answerText(res, 404, translatorFor(req)('errors.page_not_found'));
    return true;
  }
}

/**
 * The static file server (sirv) reads a Range header naively: `bytes=9-1` threw out of the request handler and
 * stopped the process. Only one plain range (`bytes=0-99`, `bytes=100-`) with its start not after its end is
 * passed on; any other is dropped, and the whole file is sent (a server may always ignore Range).
 */
export function dropUnservableRange(req: IncomingMessage): void {
  const range = req.headers.range;
  if (range === undefined) return;
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(range.trim());
  if (!match || (match[2] !== '' && Number(match[1]) > Number(match[2]))) delete req.headers.range;
}

/** `/offline`, `/sw/offline`, `/fr/offline` (with or without a final slash). */
const OFFLINE_ADDRESS = /^(?:\/(?:sw|fr))?\/offline\/?$/;

/**
 * The offline page is built once, in all three languages, as /offline.html (the file the service worker keeps);
 * its addresses without the extension, in each language, are that same file.
 */
export function rewriteOfflineAddress(req: IncomingMessage): void {
  const [path, query] = (req.url ?? '/').split(/\?(.*)$/s);
  if (OFFLINE_ADDRESS.test(path)) req.url = query === undefined ? '/offline.html' : `/offline.html?${query}`;
}

/**
 * No page answered: with an error, a server fault (logged once with the request id; the body gives the id, never
 * the error); without one, no page has this address.
 */
export function answerWithoutPage(req: IncomingMessage, res: ServerResponse, error?: unknown): void {
  const t = translatorFor(req);
  if (error === undefined) {
    answerText(res, 404, t('errors.page_not_found'));
    return;
  }
  const id = String(res.getHeader(REQUEST_ID_HEADER) ?? req.headers['x-request-id'] ?? '');
  reportFault(error, { id, method: req.method ?? 'GET', path: pathOf(req) });
  answerText(res, 500, `${t('errors.something_went_wrong')}. ${t('errors.request_reference', { id })}`);
}
