import type { APIRoute } from 'astro';
import { contentTypeOf, getStorage, isPublicStorageKey } from '~/server/storage';

/** Serves public uploads (photos). Keys are unique per upload, so an answer may be cached for a year. Private files 404 here. */
export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  const file = isPublicStorageKey(key) ? await getStorage().get(key) : undefined;
  if (!file)
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  return new Response(file.body, {
    headers: {
      'Content-Type': contentTypeOf(key),
      'Content-Length': String(file.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': contentTypeOf(key) === 'application/pdf' ? 'attachment' : 'inline',
    },
  });
};
