import type { APIRoute } from 'astro';
import { loginUrl } from '~/server/http/guards';

/** `/login`, where the mobile apps and old links send people to sign in: the sign-in page is /signin/login. */
export const GET: APIRoute = ({ locals, url, redirect }) =>
  redirect(loginUrl(locals.locale, url.searchParams.get('redirect') ?? undefined), 302);
