import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { MessageKey, Translate } from '~/i18n/t';
import { AppError, type ErrorCode, isAppError } from '~/server/errors';
import { factsOf, reportFault } from '~/server/http/faults';

export interface ErrorBody {
  code: ErrorCode;
  /** The precise reason within the code, stable for clients (`offers.dates_taken`); absent for generic errors. */
  reason?: string;
  message: string;
  errors?: Record<string, string[]>;
  /** Only on a server fault (5xx): the request id, for the user to quote; the error itself stays in the log. */
  request_id?: string;
}

const STATUS_ERRORS: Record<number, [ErrorCode, MessageKey]> = {
  400: ['bad_request', 'errors.bad_request'],
  401: ['unauthorized', 'errors.unauthorized'],
  403: ['forbidden', 'errors.forbidden'],
  404: ['not_found', 'errors.not_found'],
  405: ['method_not_allowed', 'errors.method_not_allowed'],
  409: ['conflict', 'errors.conflict'],
  413: ['payload_too_large', 'errors.payload_too_large'],
  415: ['unsupported_media_type', 'errors.unsupported_media_type'],
  422: ['validation_failed', 'errors.validation_failed'],
  429: ['rate_limited', 'errors.rate_limited'],
};

function sqlState(error: unknown): string | undefined {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Normalizes anything thrown into an AppError; unknown errors become a 500 with no details (logged by errorResponse). */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof HTTPException) {
    const known = STATUS_ERRORS[error.status];
    if (known) return new AppError(known[0], known[1], { cause: error });
  }
  // A value the database cannot store (SQLSTATE class 22: out of range, bad encoding…) is the client's input.
  if (sqlState(error)?.startsWith('22')) return new AppError('bad_request', 'errors.bad_request', { cause: error });
  return new AppError('internal_error', 'errors.internal_error', { cause: error });
}

export function toErrorBody(error: AppError, t: Translate): ErrorBody {
  const body: ErrorBody = { code: error.code, message: t(error.messageKey, error.vars) };
  if (!error.messageKey.startsWith('errors.')) body.reason = error.messageKey;
  if (error.fields) {
    body.errors = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [field, messages.map((m) => t(m.key, m.vars))]),
    );
  }
  return body;
}

export function errorResponse(c: Context, error: unknown, t: Translate): Response {
  const appError = toAppError(error);
  for (const [name, value] of Object.entries(appError.headers ?? {})) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  const body = toErrorBody(appError, t);
  if (appError.status >= 500) {
    const facts = factsOf(c.req.raw);
    const id = (c.get('requestId') as string | undefined) ?? facts.id;
    reportFault(appError.cause ?? error, { ...facts, id }, appError.status);
    body.request_id = id;
  }
  return c.json(body, appError.status as 400);
}
