import type { APIRoute } from 'astro';
import { getEnv } from '~/server/env';

/** Crawlers may read every public page; personal areas, sign-in forms and the API are not for indexing. */
export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api-v2/',
      'Disallow: /dev/',
      ...['', '/sw', '/fr'].flatMap((prefix) => [
        `Disallow: ${prefix}/user/profile/`,
        `Disallow: ${prefix}/user/offer`,
        `Disallow: ${prefix}/signin/login`,
        `Disallow: ${prefix}/signin/reset-password`,
      ]),
      `Sitemap: ${getEnv().publicUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
