import type { APIRoute } from 'astro';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { buildWarehouseSitemap } from '~/server/services/seo/sitemap';

/** `/sitemap-warehouses.xml`: the live public warehouses' pages. */
export const GET: APIRoute = async () =>
  new Response(await buildWarehouseSitemap(await getDb(), getEnv().publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
