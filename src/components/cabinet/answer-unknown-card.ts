import type { AstroGlobal } from 'astro';
import type { MessageKey } from '~/i18n/t';

/**
 * The answer's status and caching for a card address that is no page of this issue: a planned card says
 * "coming soon", the same for everyone (briefly cacheable); anything else is a 404, private because its
 * Go-back link depends on the Referer. Answers the planned card's area, for <UnknownCard area={…} />.
 */
export function answerUnknownCard(
  Astro: AstroGlobal,
  planned: Record<string, MessageKey>,
  view: string,
): MessageKey | undefined {
  const area = Object.hasOwn(planned, view) ? planned[view] : undefined;
  Astro.response.headers.set('Cache-Control', area ? 'public, max-age=60' : 'private, no-cache');
  if (!area) Astro.response.status = 404;
  return area;
}
