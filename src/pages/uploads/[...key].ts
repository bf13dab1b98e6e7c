import type { APIRoute } from 'astro';
import { serveUpload } from '~/server/http/serve-upload';
import { sessionCookie } from '~/server/http/session-cookie';

/**
 * Serves uploads: public photos to anyone, chat photos only to the members of their room; private files (deal
 * documents) 404 here and are served by access-checked endpoints (src/server/http/serve-upload.ts).
 */
export const GET: APIRoute = async ({ params, cookies, request }) =>
  serveUpload(params.key ?? '', {
    cookie: cookies.get(sessionCookie().name)?.value,
    bearer: request.headers.get('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1],
  });
