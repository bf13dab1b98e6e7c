import type { Locale } from '~/i18n/config';
import { type Translate, createTranslator } from '~/i18n/t';
import { getEnv } from '~/server/env';
import { AppError, isAppError } from '~/server/errors';
import { clientIp } from '~/server/http/client-ip';
import { isCrossSiteUnsafeRequest } from '~/server/http/csrf';
import { type CookieJar, FORM_TOKEN_FIELD, formTokenFor, isFormTokenValid } from '~/server/http/form-token';
import type { SessionUser } from '~/server/services/accounts/users';

/**
 * What the pages with a plain HTML form (sign-in, sign-up, password reset) share: the request as their loaders
 * read it, reading a posted form, the guard every post passes, and the state of a form to render again.
 */
export interface FormPageRequest {
  request: Request;
  url: URL;
  locale: Locale;
  user: SessionUser | null;
  /** The client's address for rate limits (as the API reads it: ~/server/http/client-ip). */
  ip: string;
  cookies: CookieJar;
}

/** The FormPageRequest of an Astro page (`Astro` itself). */
export function formPageRequest(astro: {
  request: Request;
  url: URL;
  locals: App.Locals;
  clientAddress: string;
  cookies: CookieJar;
}): FormPageRequest {
  return {
    request: astro.request,
    url: astro.url,
    locale: astro.locals.locale,
    user: astro.locals.user,
    ip: clientIp(astro.request.headers, astro.clientAddress),
    cookies: astro.cookies,
  };
}

/** What a page does with its loader's answer: show the view with this status and headers, or redirect. */
export type PageOutcome<View> =
  | { redirect: string; status: 302 | 303; headers?: Record<string, string> }
  | { view: View; status: number; headers: Record<string, string> };

/** These pages carry a form token and what a person typed: never kept by a shared cache or the service worker. */
export const PRIVATE_PAGE = { 'Cache-Control': 'private, no-store' } as const;

/** A form as a page renders it: where it posts, its token, the values to show again and what went wrong. */
export interface FormState<Field extends string = string> {
  action: string;
  token: string;
  values: Partial<Record<Field, string>>;
  /** Translated messages per field (the first problem of each). */
  errors: Partial<Record<Field, string>>;
  /** What no field of the form explains (a wrong password, too many attempts, an expired form…). */
  problem?: string;
}

export function blankForm(request: FormPageRequest, action: string, values: FormState['values'] = {}): FormState {
  return { action, token: formTokenFor(request.cookies), values, errors: {} };
}

const MAX_FORM_BYTES = 64 * 1024;

/**
 * Reads a posted form (URL-encoded or multipart, text fields only, at most 64 KiB) into its values, the first
 * of each name. Anything else is a 400 or 413 AppError, never a 500.
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
    throw new AppError('unsupported_media_type', 'errors.unsupported_media_type');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES)
    throw new AppError('payload_too_large', 'errors.payload_too_large');
  const bytes = await readCapped(request);
  const values: Record<string, string> = {};
  try {
    if (type === 'multipart/form-data') {
      const form = await new Response(bytes, { headers: { 'Content-Type': request.headers.get('content-type')! } })
        .formData()
        .catch((cause) => Promise.reject(new AppError('bad_request', 'errors.malformed_body', { cause })));
      for (const [name, value] of form.entries()) if (typeof value === 'string') values[name] ??= value;
    } else {
      for (const [name, value] of new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes)))
        values[name] ??= value;
    }
  } catch (cause) {
    if (isAppError(cause)) throw cause;
    throw new AppError('bad_request', 'errors.malformed_body', { cause });
  }
  return values;
}

/**
 * Reads a posted form that may carry files: multipart (at most `maxBytes`) into its text fields and files (the
 * first of each name); a URL-encoded post as readForm reads it. Anything else is a 400 or 413 AppError.
 */
export async function readFormWithFiles(
  request: Request,
  maxBytes: number,
): Promise<{ fields: Record<string, string>; files: Record<string, File> }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') return { fields: await readForm(request), files: {} };
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes)
    throw new AppError('payload_too_large', 'errors.payload_too_large');
  const form = await request.formData().catch((cause) => {
    throw new AppError('bad_request', 'errors.malformed_body', { cause });
  });
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] ??= value;
    else files[name] ??= value;
  }
  return { fields, files };
}

async function readCapped(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      throw new AppError('payload_too_large', 'errors.payload_too_large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Every form post passes this before anything else runs: it must come from our own origin (the middleware
 * refuses others already; a loader called directly checks again) and carry this browser's form token.
 */
export function guardFormPost(request: FormPageRequest, fields: Record<string, string>): void {
  if (isCrossSiteUnsafeRequest(request.request, getEnv().publicUrl))
    throw new AppError('forbidden', 'errors.cross_site');
  if (!isFormTokenValid(request.cookies, fields[FORM_TOKEN_FIELD]))
    throw new AppError('forbidden', 'auth.form_expired');
}

/**
 * A refused post as the page shows it: the reason in the alert above the form, each field's first message beside
 * the field (messages of fields the form does not show join the alert), and the status the API answers the same
 * failure with (with its Retry-After after a 429). Anything but an AppError is a fault of the server: thrown on.
 */
export function failedForm<Field extends string>(
  error: unknown,
  request: FormPageRequest,
  form: { action: string; shownFields: readonly Field[]; values: FormState<Field>['values'] },
): { state: FormState<Field>; status: number; headers: Record<string, string> } {
  if (!isAppError(error)) throw error;
  const { shownFields } = form;
  const t: Translate = createTranslator(request.locale);
  const errors: Partial<Record<Field, string>> = {};
  const elsewhere: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const text = t(messages[0].key, messages[0].vars);
    if ((shownFields as readonly string[]).includes(name)) errors[name as Field] = text;
    else elsewhere.push(text);
  }
  // With field errors the alert says to check the marked fields, so a reader of the page's top learns it first.
  const problem = [t(error.messageKey, error.vars), ...elsewhere].join(' ');
  return {
    state: { action: form.action, token: formTokenFor(request.cookies), values: form.values, errors, problem },
    status: error.status,
    headers: { ...PRIVATE_PAGE, ...(error.headers ?? {}) },
  };
}

/** The answer of a page whose loader redirects (the page's cookies are added by Astro). */
export function redirectResponse(outcome: { redirect: string; status: number; headers?: Record<string, string> }) {
  return new Response(null, { status: outcome.status, headers: { ...outcome.headers, Location: outcome.redirect } });
}

/** What a refused form shows again by default: all that was typed but the form token and any password. */
function keepTyped(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => name !== FORM_TOKEN_FIELD && !name.includes('password')),
  );
}

/**
 * A form page's post, as they all go: read the form, pass the guard, do what it asks and send the browser on
 * (303, so a reload does not post again); a refusal shows the form again with what was typed and what went wrong,
 * with the status the API answers the same refusal with. A fault of the server is thrown on.
 */
export async function handleFormPost<Field extends string, View>(
  request: FormPageRequest,
  form: {
    action: string;
    /** The fields shown beside their inputs (by what was posted, for a page with several forms). */
    shownFields: readonly Field[] | ((fields: Record<string, string>) => readonly Field[]);
    /** Reads the post; readForm (text fields) by default. */
    read?: (request: Request) => Promise<Record<string, string>>;
    /** Does what the form asks; answers where the browser goes next. */
    run: (fields: Record<string, string>) => Promise<string>;
    /** What the refused form shows again; by default all that was typed but the token and any password. */
    keep?: (fields: Record<string, string>) => FormState<Field>['values'];
    /** The page with the refused form (`error` is why, `fields` what was posted, as far as it was read). */
    view: (state: FormState<Field>, error: AppError, fields: Record<string, string>) => View | Promise<View>;
  },
): Promise<PageOutcome<View>> {
  let fields: Record<string, string> = {};
  try {
    fields = await (form.read ?? readForm)(request.request);
    guardFormPost(request, fields);
    return { redirect: await form.run(fields), status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    const values = (form.keep ?? keepTyped)(fields) as FormState<Field>['values'];
    const shownFields = typeof form.shownFields === 'function' ? form.shownFields(fields) : form.shownFields;
    const failed = failedForm<Field>(error, request, { action: form.action, shownFields, values });
    return {
      view: await form.view(failed.state, error as AppError, fields),
      status: failed.status,
      headers: failed.headers,
    };
  }
}
