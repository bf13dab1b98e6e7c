import { getDb } from '~/server/db';
import { contentTypeOf, getStorage, isPublicStorageKey } from '~/server/storage';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { isChatPhotoFile, mayReadChatPhoto } from '~/server/services/chat/may-read-chat-photo';

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * Answers `/uploads/<key>` (src/pages/uploads/[...key].ts). Public folders (avatars, lot photos) to anyone,
 * cached for a year (keys are unique per upload). A chat photo only to a member of its room, signed in by the
 * session cookie or a Bearer token, and never to a shared cache; to anyone else it does not exist (404), like
 * every other private file.
 */
export async function serveUpload(
  key: string,
  credentials: { cookie?: string | null; bearer?: string | null },
): Promise<Response> {
  let cacheControl = 'public, max-age=31536000, immutable';
  if (!isPublicStorageKey(key)) {
    if (!isChatPhotoFile(key) || (!credentials.cookie && !credentials.bearer)) return notFound();
    const db = await getDb();
    const user = await resolveUser(db, credentials);
    if (!user || !(await mayReadChatPhoto(db, user.id, key))) return notFound();
    cacheControl = 'private, max-age=86400';
  }
  const file = await getStorage().get(key);
  if (!file) return notFound();
  return new Response(file.body, {
    headers: {
      'Content-Type': contentTypeOf(key),
      'Content-Length': String(file.size),
      'Cache-Control': cacheControl,
      'Content-Disposition': contentTypeOf(key) === 'application/pdf' ? 'attachment' : 'inline',
      ...(cacheControl.startsWith('private') ? { Vary: 'Cookie, Authorization' } : {}),
    },
  });
}
