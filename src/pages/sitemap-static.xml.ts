import type { APIRoute } from 'astro';
import { getEnv } from '~/server/env';
import { buildStaticSitemap } from '~/server/services/seo/sitemap';

export const GET: APIRoute = () =>
  new Response(buildStaticSitemap(getEnv().publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
