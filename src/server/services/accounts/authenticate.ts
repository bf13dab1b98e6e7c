import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit, refundLimit, resetLimit } from '~/server/security/rate-limit';
import { normalizePhone } from '~/features/accounts/phone';
import { sessionCache } from '~/server/cache/session-cache';
import { hasPassword, hashToken, verifyAgainstDummy, verifyPassword } from './secrets';
import { type IssuedTokens, createSession, findLiveSession, revokeSession, rotateSession } from './sessions';
import { type SessionUser, toSessionUser } from './users';

export interface LoginInput {
  email: string;
  password: string;
  remember_me: boolean;
}
export interface RequestContext {
  ip: string;
  userAgent?: string | null;
  /** The web site asked (its session lives in the HttpOnly cookie; no tokens are handed to the page). */
  web?: boolean;
}

const wrongCredentials = () => new AppError('unauthorized', 'accounts.wrong_credentials');

/**
 * Signs a user in with e-mail (or phone) and password. The answer is the same whether or not the account
 * exists, and takes as long. Failed attempts count per account and per IP; a success clears the account's count.
 */
export async function logIn(
  db: Executor,
  input: LoginInput,
  context: RequestContext,
): Promise<{ tokens: IssuedTokens; user: SessionUser }> {
  const identifier = input.email.includes('@')
    ? input.email.trim().toLowerCase()
    : (normalizePhone(input.email) ?? input.email.trim());
  const accountKey = `account:${identifier}`;
  // Every attempt counts before the password is checked, so parallel guesses cannot outrun the limit;
  // a success clears the account's count and gives its attempt back to the client address, so many members
  // behind one address (a cooperative's office, a mobile operator's NAT) sign in all day while guesses still count.
  await consumeLimit('loginAccount', accountKey);
  await consumeLimit('loginIp', context.ip);

  const [user] = await db
    .select()
    .from(users)
    .where(identifier.includes('@') ? eq(users.email, identifier) : eq(users.phone, identifier));
  // An account without a password (made on a feature phone) costs the same time as an unknown one.
  const valid =
    user && hasPassword(user.passwordHash)
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password).then(() => false);
  if (!user || !valid) throw wrongCredentials();
  // A blocked member (docs/backoffice.md "Members") is told so, once the password proved it is them.
  if (user.blockedAt) throw new AppError('forbidden', 'accounts.blocked');
  await resetLimit('loginAccount', accountKey);
  await refundLimit('loginIp', context.ip);
  const tokens = await createSession(db, user.id, {
    remember: input.remember_me,
    userAgent: context.userAgent,
    web: context.web,
  });
  return { tokens, user: toSessionUser(user, tokens.sessionId) };
}

/** Exchanges a refresh token; an unknown, expired or replayed one is a 401. */
export async function refreshTokens(db: Executor, refreshToken: string): Promise<IssuedTokens> {
  const result = await rotateSession(db, refreshToken);
  if (!result.ok)
    throw new AppError(
      'unauthorized',
      result.reason === 'reused' ? 'accounts.refresh_reused' : 'accounts.session_expired',
    );
  return result.tokens;
}

export async function logOut(db: Executor, user: SessionUser): Promise<void> {
  await revokeSession(db, user.sessionId);
}

/**
 * The user of a Bearer access token or of the web session cookie, or null. Looked up in one statement, or taken from
 * the process's session cache (src/server/cache/session-cache.ts), which every change to a session or a member
 * empties for that member in every process.
 */
export async function resolveUser(
  db: Executor,
  credentials: { bearer?: string | null; cookie?: string | null },
): Promise<SessionUser | null> {
  const credential: { bearer: string } | { cookie: string } | undefined = credentials.bearer
    ? { bearer: credentials.bearer }
    : credentials.cookie
      ? { cookie: credentials.cookie }
      : undefined;
  if (!credential) return null;
  const cache = sessionCache();
  const key =
    'bearer' in credential ? `bearer:${hashToken(credential.bearer)}` : `cookie:${hashToken(credential.cookie)}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  const stamp = cache?.stamp() ?? 0;
  const found = await findLiveSession(db, credential);
  // Blocking revokes every session; a request racing it still finds no signed-in blocked member.
  if (!found || found.user.blockedAt) return null;
  const user = toSessionUser(found.user, found.session.id);
  const { session } = found;
  const until = Math.min(
    session.idleExpiresAt.getTime(),
    session.absoluteExpiresAt.getTime(),
    'bearer' in credential ? session.accessExpiresAt.getTime() : Number.POSITIVE_INFINITY,
  );
  cache?.set(key, user, new Date(until), stamp);
  return user;
}
