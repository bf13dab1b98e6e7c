import type { Hono } from 'hono';
import qs from 'qs';
import type { z } from 'zod';
import { readBody } from './body';
import type { ApiContext, ApiEnv } from './context';
import { type EndpointDoc, registerEndpoint } from './openapi';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { parseInput } from './validate';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointOptions<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends boolean | undefined = undefined,
> extends EndpointDoc {
  query?: Q;
  body?: B;
  /** Needs a signed-in user: an anonymous call is a 401 before anything else, and the handler's `user` is set. */
  auth?: A;
  /** `Cache-Control` of a successful answer; API answers are `no-store` unless an endpoint says otherwise. */
  cache?: string;
  /** Status a validation failure answers with (422 unless the mobile apps expect 400: sign-up, profile update). */
  invalidStatus?: number;
}

/** No form or JSON body of this API nests deeper than a few levels. */
const MAX_INPUT_DEPTH = 16;

/**
 * PostgreSQL text cannot hold NUL characters, and stores a lone UTF-16 surrogate (half an emoji) as U+FFFD, so
 * what was checked or hashed would differ from what is stored: such input is malformed, answered 400 first.
 */
function rejectMalformed<T>(value: T): T {
  // Walked with a stack, not recursion: a JSON body nested 20,000 deep must be a 400, not a stack overflow.
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (typeof item === 'string' && (item.includes('\u0000') || !item.isWellFormed()))
      throw new AppError('bad_request', 'errors.malformed_body');
    if (item && typeof item === 'object' && !(item instanceof Blob)) {
      if (depth >= MAX_INPUT_DEPTH) throw new AppError('bad_request', 'errors.malformed_body');
      for (const child of Object.values(item)) pending.push({ item: child, depth: depth + 1 });
    }
  }
  return value;
}

export { requireUser };
/** The signed-in user, or a 401 'You must be logged in to perform this action'. */
function requireUser(c: ApiContext): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', 'errors.unauthorized');
  return user;
}

/** The handler's user: always set on an `auth: true` endpoint, else whoever is signed in, if anyone. */
export type EndpointUser<A extends boolean | undefined> = A extends true ? SessionUser : SessionUser | null;

/**
 * Declares one API endpoint: the same zod schemas validate the query and the body and describe them in the
 * OpenAPI document. The handler gets parsed input and returns data (sent as JSON) or a Response.
 */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends boolean | undefined = undefined,
>(
  app: Hono<ApiEnv>,
  options: EndpointOptions<Q, B, A>,
  handler: (
    c: ApiContext,
    input: { query: Infer<Q>; body: Infer<B>; user: EndpointUser<A>; raw: Record<string, unknown> },
  ) => unknown | Promise<unknown>,
): void {
  registerEndpoint(options);
  app.on(options.method.toUpperCase(), options.path, async (c) => {
    // Who may call comes before what they sent: an anonymous call to a members' endpoint is a 401.
    const user = (options.auth ? requireUser(c) : c.get('user')) as EndpointUser<A>;
    const status = options.invalidStatus;
    const rawQuery = rejectMalformed(
      qs.parse(new URL(c.req.url).search.slice(1), { depth: 5, arrayLimit: 200, parameterLimit: 500 }),
    );
    const query = options.query ? parseInput(options.query, rawQuery, { status }) : undefined;
    let body: unknown;
    let raw: Record<string, unknown> = {};
    if (options.body) {
      raw = rejectMalformed(await readBody(c));
      const wrapped =
        options.bodyWrapper && typeof raw[options.bodyWrapper] === 'object' ? raw[options.bodyWrapper] : raw;
      body = parseInput(options.body, wrapped, { status });
    }
    const result = await handler(c, { query: query as Infer<Q>, body: body as Infer<B>, user, raw });
    if (result instanceof Response) return result;
    c.header('Cache-Control', options.cache ?? 'no-store');
    return c.json(result as object);
  });
}
