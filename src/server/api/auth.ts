import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { forgetAfterWrite } from '~/server/cache/session-cache';
import { getDb } from '~/server/db';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { clientIp } from '~/server/http/client-ip';
import { isCrossSiteUnsafeRequest } from '~/server/http/csrf';
import { stampAfterWrite } from '~/server/http/write-stamp';
import { noteMember } from '~/server/http/request-context';
import { sessionCookie } from '~/server/http/session-cookie';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { ApiContext, ApiEnv } from './context';

/** What the caller presents: a Bearer access token, else the web session cookie (either may be absent). */
export function callerCredentials(c: ApiContext): { bearer?: string; cookie?: string } {
  const authorization = c.req.header('authorization');
  const bearer = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  return { bearer, cookie: bearer ? undefined : getCookie(c, sessionCookie().name) };
}

/**
 * Identifies the caller: `Authorization: Bearer <access token>` (mobile apps, integrations) or the web session
 * cookie. An unsafe request without a Bearer token from another origin is refused (CSRF, login CSRF included);
 * Bearer requests need no Origin. An unknown or expired credential leaves the caller anonymous; endpoints that need a user say 401.
 */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  c.set('ip', clientIp(c.req.raw.headers, c.env?.incoming?.socket?.remoteAddress ?? c.env?.clientAddress));
  const { bearer, cookie } = callerCredentials(c);
  // Without a Bearer token a request may set or use the session cookie (login, sign-up, any member action):
  // from another site it is refused, so no page elsewhere can sign a visitor in or act for them.
  if (!bearer && isCrossSiteUnsafeRequest(c.req.raw, getEnv().publicUrl))
    throw new AppError('forbidden', 'errors.cross_site');
  const user = bearer || cookie ? await resolveUser(await getDb(), { bearer, cookie }) : null;
  c.set('user', user);
  noteMember(user?.id);
  c.set('authVia', user ? (bearer ? 'bearer' : 'cookie') : null);
  await next();
  forgetAfterWrite(c.req.method, c.res.status, user?.id);
  // A browser's write (the web session's cookie) renews its stamp: its next page is rendered afresh everywhere.
  if (user && !bearer) stampAfterWrite(c.req.method, c.res.status, user.id, c.res.headers);
};
