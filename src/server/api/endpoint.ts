import type { Hono } from 'hono';
import qs from 'qs';
import type { z } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '~/i18n/config';
import { readBody } from './body';
import type { ApiContext, ApiEnv } from './context';
import { type EndpointDoc, registerEndpoint } from './openapi';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { parseInput } from './validate';
import type { StaffCapability } from '~/features/admin/capabilities';
import { getDb } from '~/server/db';
import { requireCapability } from '~/server/services/admin/access';
import { openStaffSession } from '~/server/services/admin/open-staff-session';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * A schema, or the schema for a language: input with numbers people type (prices, volumes) is read as the
 * request's Accept-Language writes them (src/features/numbers/parse.ts), so such schemas are built per language.
 */
type SchemaFor<S> = S | ((locale: Locale) => S);

export interface EndpointOptions<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends Auth = undefined,
> extends Omit<EndpointDoc, 'query' | 'body' | 'auth'> {
  query?: SchemaFor<Q>;
  body?: SchemaFor<B>;
  /**
   * `true`: needs a signed-in user — an anonymous call is a 401 before anything else, and the handler's `user` is set.
   * `'optional'`: the handler's `user` is whoever is signed in, or null. Unset: the handler gets no `user` at all,
   * so the OpenAPI document can say the endpoint takes no credential (openapi.ts securityOf).
   */
  auth?: A;
  /** `Cache-Control` of a successful answer; API answers are `no-store` unless an endpoint says otherwise. */
  cache?: string;
  /**
   * `Cache-Control` of a successful answer to an anonymous caller (a signed-in one gets `private, no-store`): a
   * public list, the same for every anonymous caller, which the server's render cache and CDNs may keep.
   */
  anonymousCache?: string;
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

/**
 * A back-office call's user (docs/backoffice.md "Roles"): signed in (401), holding the capability (403 `forbidden`),
 * with the back office open to their session (401 `admin.second_factor_required`: set up or enter the second factor).
 */
async function requireStaffCall(c: ApiContext, capability: StaffCapability): Promise<SessionUser> {
  const user = requireCapability(requireUser(c), capability);
  const state = await openStaffSession(await getDb(), user);
  if (state !== 'open')
    throw new AppError(
      'admin.second_factor_required',
      state === 'no_factor' ? 'admin.set_up_second_factor' : 'admin.enter_second_factor',
    );
  return user;
}

type Auth = boolean | 'optional' | undefined;

/**
 * The handler's user: always set on an `auth: true` endpoint, whoever is signed in (or null) on an `'optional'`
 * one; an endpoint that declares neither is handed none, so a handler cannot depend on a credential its
 * OpenAPI document says it does not take.
 */
type UserInput<A extends Auth> = A extends true
  ? { user: SessionUser }
  : A extends 'optional'
    ? { user: SessionUser | null }
    : Record<never, never>;

/**
 * Declares one API endpoint: the same zod schemas validate the query and the body and describe them in the
 * OpenAPI document. The handler gets parsed input and returns data (sent as JSON) or a Response.
 */
export function endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends Auth = undefined,
>(
  app: Hono<ApiEnv>,
  options: EndpointOptions<Q, B, A>,
  handler: (
    c: ApiContext,
    input: { query: Infer<Q>; body: Infer<B>; raw: Record<string, unknown> } & UserInput<A>,
  ) => unknown | Promise<unknown>,
): void {
  const forLocale = (schema: SchemaFor<z.ZodType | undefined>, locale: Locale): z.ZodType | undefined =>
    typeof schema === 'function' ? schema(locale) : schema;
  // The OpenAPI document describes the English reading (Accept-Language picks another).
  registerEndpoint({
    ...options,
    query: options.query && forLocale(options.query, DEFAULT_LOCALE),
    body: options.body && forLocale(options.body, DEFAULT_LOCALE),
  });
  app.on(options.method.toUpperCase(), options.path, async (c) => {
    const locale = c.get('locale');
    // Who may call comes before what they sent: an anonymous call to a members' endpoint is a 401.
    const user = options.staff
      ? await requireStaffCall(c, options.staff)
      : options.auth === true
        ? requireUser(c)
        : c.get('user');
    const status = options.invalidStatus;
    const rawQuery = rejectMalformed(
      qs.parse(new URL(c.req.url).search.slice(1), { depth: 5, arrayLimit: 200, parameterLimit: 500 }),
    );
    const querySchema = options.query && forLocale(options.query, locale);
    const query = querySchema ? parseInput(querySchema, rawQuery, { status }) : undefined;
    let body: unknown;
    let raw: Record<string, unknown> = {};
    const bodySchema = options.body && forLocale(options.body, locale);
    if (bodySchema) {
      raw = rejectMalformed(await readBody(c));
      const wrapped =
        options.bodyWrapper && typeof raw[options.bodyWrapper] === 'object' ? raw[options.bodyWrapper] : raw;
      body = parseInput(bodySchema, wrapped, { status });
    }
    const input = { query: query as Infer<Q>, body: body as Infer<B>, raw };
    const result = await handler(
      c,
      (options.auth || options.staff ? { ...input, user } : input) as typeof input & UserInput<A>,
    );
    if (result instanceof Response) return result;
    c.header(
      'Cache-Control',
      options.anonymousCache ? (user ? 'private, no-store' : options.anonymousCache) : (options.cache ?? 'no-store'),
    );
    return c.json(result as object);
  });
}
