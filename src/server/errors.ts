import type { MessageKey, MessageVars } from '~/i18n/t';

/** Stable error codes of the API (clients switch on them) and the HTTP status each answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A lot's price far from the usual one of its kind: sent again with `price_confirmed` once the seller confirms. */
  price_unusual: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  /** The wallet's ledger (docs/wallet.md "Errors"). */
  'wallet.insufficient_funds': 409,
  'wallet.idempotency_conflict': 409,
  'wallet.pending_already_resolved': 409,
  'wallet.unbalanced': 422,
  'wallet.currency_mismatch': 422,
  /** Payment providers' webhooks and checkouts (docs/payments.md "Webhooks"). */
  'payments.webhook_refused': 401,
  'payments.unknown_payment': 404,
  'payments.amount_mismatch': 422,
  'payments.checkout_refused': 422,
  /** Payouts (docs/wallet.md "Payouts"): a withdrawal needs a recent sign-in or the password. */
  'wallet.recent_sign_in_required': 403,
  /** A first password (or e-mail) for an account without a password needs a recent sign-in (docs/auth.md). */
  'accounts.recent_sign_in_required': 403,
  /** A deal with an open dispute: its money waits for the decision (docs/deals.md "Disputes"). */
  'offers.in_dispute': 409,
  /** A member's warehouse holding a lot in a running deal (docs/warehouses.md "Members' warehouses"). */
  'warehouses.in_running_deal': 409,
  /** The back office (docs/backoffice.md): the second factor is missing, or a sensitive action needs it again. */
  'admin.second_factor_required': 401,
  'admin.step_up_required': 403,
  /** Nobody verifies themselves, a company they belong to or its members (docs/companies.md "Who verifies"). */
  'verification.own_unit': 403,
  /** A dead letter past its deadline (a PIN, a link): not sent again, its content is stale (docs/backoffice.md "Operations"). */
  'outbox.message_expired': 409,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A message to translate when the answer is written, in the caller's language. */
export interface LocalizedMessage {
  key: MessageKey;
  vars?: MessageVars;
}

export interface AppErrorOptions {
  vars?: MessageVars;
  /** Per-field messages, keyed by the field's name inside the submitted object (e.g. `price`). */
  fields?: Record<string, LocalizedMessage[]>;
  /** Overrides the code's usual status (e.g. 400 where the mobile apps expect it for field errors). */
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type of the server (docs/architecture.md "API conventions"). Services throw it; the API's
 * error handler and the pages turn it into a response with a stable `code`, a localized `message` and
 * per-field `errors`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly vars?: MessageVars;
  readonly fields?: Record<string, LocalizedMessage[]>;
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, messageKey: MessageKey, options: AppErrorOptions = {}) {
    super(`${code}: ${messageKey}`, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.messageKey = messageKey;
    this.vars = options.vars;
    this.fields = options.fields;
    this.status = options.status ?? ERROR_STATUS[code];
    this.headers = options.headers;
  }
}

/** The same error with its field names nested under `prefix` (`region_id` → `address.region_id`). */
export function withFieldPrefix(error: unknown, prefix: string): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, messages]) => [`${prefix}.${name}`, messages]),
  );
  return new AppError(error.code, error.messageKey, {
    vars: error.vars,
    fields,
    status: error.status,
    headers: error.headers,
    cause: error,
  });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
