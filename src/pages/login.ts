import type { APIRoute } from 'astro';
import { loginUrl } from '~/server/http/guards';

/** `/login` is the spec's authentication redirect target; the sign-in page lives at /signin/login. */
export const GET: APIRoute = ({ locals, url, redirect }) =>
  redirect(loginUrl(locals.locale, url.searchParams.get('redirect') ?? undefined), 302);
