import type { APIRoute } from 'astro';
import { parseId } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { buildCompanySitemap } from '~/server/services/seo/sitemap';

/** `/sitemap-companies-1.xml`…: company profiles, 15,000 a file. */
export const GET: APIRoute = async ({ params }) => {
  const page = parseId(params.page);
  const body =
    page !== undefined && page <= 100_000
      ? await buildCompanySitemap(await getDb(), getEnv().publicUrl, page)
      : undefined;
  if (!body)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
