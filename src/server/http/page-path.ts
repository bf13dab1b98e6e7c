/**
 * Whether a page path (percent-encoded, as in the URL) names something a page could answer: it must decode, and
 * decode to itself a second time (no "%" left, no double encoding). `/sw/%FF` or `/fr/%25` name no page: they
 * answer 404 like any unknown address (docs/decisions.md), instead of reaching Astro's rewrite, which throws on them.
 */
export function isReadablePagePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return !decoded.includes('%');
}
