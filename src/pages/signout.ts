import type { APIRoute } from 'astro';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { sessionCookie } from '~/server/http/session-cookie';
import { logOut } from '~/server/services/accounts/authenticate';

/**
 * "Log out" of the header's user menu: a same-origin form POST (the middleware refuses cross-site ones), so it
 * works without JavaScript. The session ends on the server, not only in this browser.
 */
export const POST: APIRoute = async ({ locals, cookies }) => {
  if (locals.user) await logOut(await getDb(), locals.user);
  const { name, options } = sessionCookie();
  // A __Host- cookie is only replaced (here: expired) when the same Secure and Path=/ attributes are sent.
  cookies.delete(name, { path: options.path, secure: options.secure, httpOnly: true, sameSite: 'lax' });
  return new Response(null, {
    status: 303,
    headers: { Location: localizePath('/', locals.locale), 'Cache-Control': 'no-store' },
  });
};

/** A link or a prefetch must never end a session: GET only leads home. */
export const GET: APIRoute = ({ locals }) =>
  new Response(null, {
    status: 302,
    headers: { Location: localizePath('/', locals.locale), 'Cache-Control': 'no-store' },
  });
