import type { APIRoute } from 'astro';
import { parseId } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { buildArticleSitemap } from '~/server/services/seo/sitemap';

/** `/sitemap-articles-1.xml`…: published articles in the languages each exists in, 15,000 a file. */
export const GET: APIRoute = async ({ params }) => {
  const page = parseId(params.page);
  const body =
    page !== undefined && page <= 100_000
      ? await buildArticleSitemap(await getDb(), getEnv().publicUrl, page)
      : undefined;
  if (!body)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
