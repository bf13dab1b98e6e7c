import type { APIRoute } from 'astro';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { buildArticleFeed } from '~/server/services/seo/article-feed';

/** `/article/feed.xml`, `/sw/article/feed.xml`, `/fr/article/feed.xml`: the Atom feed of the address's language. */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await buildArticleFeed(await getDb(), getEnv().publicUrl, locals.locale), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
