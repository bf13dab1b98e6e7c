import type { ServerResponse } from 'node:http';

/**
 * Cache rules for files in dist/client: hashed build assets never change (a year, immutable); the service
 * worker must always be revalidated so a new release reaches users; other public files for an hour.
 */
export function setStaticCacheHeaders(res: ServerResponse, pathname: string): void {
  if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (pathname === '/sw.js' || pathname.startsWith('/workbox-')) res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}
