import type { APIRoute } from 'astro';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { buildSitemapIndex } from '~/server/services/seo/sitemap';

/** The sitemap index (robots.txt points here): static pages and every active lot, in three languages. */
export const GET: APIRoute = async () =>
  new Response(await buildSitemapIndex(await getDb(), getEnv().publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
