import type { APIRoute } from 'astro';
import { getEnv } from '../server/env';

/** Crawlers may read every public page; personal areas and the API are not for indexing. */
export const GET: APIRoute = () =>
  new Response(
    ['User-agent: *', 'Allow: /', 'Disallow: /api-v2/', 'Disallow: /user/', 'Disallow: /sw/user/', 'Disallow: /fr/user/', `Sitemap: ${getEnv().publicUrl}/sitemap.xml`, ''].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
