import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestContext } from '~/server/http/request-context';
import { type LogLevel, getEnv } from '~/server/env';
import { processGlobal } from '~/server/process-global';

/**
 * The server's one log (docs/operations.md "Logs"): JSON lines through pino, one object a line, written to stdout
 * asynchronously (a line never waits for the disk or the pipe). Under `npm run dev` (NODE_ENV=development) the lines are
 * pretty-printed by pino-pretty in a worker thread instead. The level is LOG_LEVEL (src/server/env.ts).
 *
 * Every line written while a request is served carries its `requestId` and, once the session is resolved, the
 * `memberId` (src/server/http/request-context.ts): the mixin below reads them from the request's context, so no
 * child logger is made per request. Lines written for a request elsewhere (an outbox delivery, a job) name the id
 * they carry themselves. Fields that hold credentials are censored wherever they appear in a logged object; an error
 * is logged (`err`) and stored (errorMessage) without the values it carries (safeError); a phone number is logged only
 * masked (maskPhone, src/features/accounts/mask-phone.ts).
 */

/** Fields that are never printed, at the top of a logged object or one level down (`headers.authorization`). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'password_repeat',
  'pin',
  'token',
  'access_token',
  'refresh_token',
  'secret',
];
const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  '["set-cookie"]',
  '*["set-cookie"]',
];

type Slot = { destination?: DestinationStream; override?: DestinationStream };
const slot = processGlobal<Slot>('mavuno.log-destination', () => ({}));

function configuredLevel(): LogLevel {
  try {
    return getEnv().LOG_LEVEL;
  } catch {
    // An invalid configuration is reported by whoever parses it (src/server/main.ts); its report still gets out.
    return 'info';
  }
}

function defaultDestination(): DestinationStream {
  let development = false;
  try {
    development = getEnv().NODE_ENV === 'development';
  } catch {
    /* see configuredLevel */
  }
  // pino-pretty is a development dependency: it is named here, and only loaded by the worker thread under `npm run dev`.
  if (development) return pino.transport({ target: 'pino-pretty', options: { colorize: true, singleLine: false } });
  return pino.destination({ dest: 1, sync: false });
}

/** Where the lines go: the process's stdout, or what a test installed (setLogDestination). */
const sink: DestinationStream = {
  write(line: string) {
    if (slot.override) slot.override.write(line);
    else {
      slot.destination ??= defaultDestination();
      slot.destination.write(line);
    }
  },
};

export const log: Logger = processGlobal('mavuno.log', () =>
  pino(
    {
      level: configuredLevel(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: safeError },
      mixin() {
        const context = currentRequestContext();
        if (!context) return {};
        return context.memberId === undefined
          ? { requestId: context.id }
          : { requestId: context.id, memberId: context.memberId };
      },
    },
    sink,
  ),
);

/**
 * The access lines' writer (src/server/http/access-log.ts): the same destination and format, without the censoring
 * and the mixin — an access line is built from a fixed set of fields that never hold a credential, and at one line per
 * request the censor's path matching was most of a line's cost. It writes whatever it is given: the caller asks `log`
 * whether the level is on (isLevelEnabled), so LOG_LEVEL and a test's level hold for both.
 */
export const accessLog: Logger = processGlobal('mavuno.access-log', () =>
  pino({ level: 'trace', base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, sink),
);

/**
 * Sends the lines to `destination` instead of stdout (undefined: stdout again) and answers the one it replaced. Tests
 * read what was logged this way (tests/fixtures/logs.ts); the server never calls it.
 */
export function setLogDestination(destination: DestinationStream | undefined): DestinationStream | undefined {
  const previous = slot.override;
  slot.override = destination;
  return previous;
}

/** Writes out what is still buffered: before process.exit, so the last lines (the reason for stopping) are not lost. */
export function flushLogs(): void {
  const destination = slot.destination as (DestinationStream & { flushSync?: () => void }) | undefined;
  try {
    destination?.flushSync?.();
  } catch {
    /* sonic-boom throws when nothing was ever written or the stream is not ready yet */
  }
}

/**
 * What an error may carry that is not the program's: a query's parameters (drizzle's DrizzleQueryError has them in
 * `params` and at the end of its message), the values PostgreSQL names (`detail`: `Key (phone)=(+2547…) already
 * exists`; `where`), a driver's `parameters`. Dropped from an error and its causes, with the credential fields.
 */
const UNSAFE_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', ...SECRET_FIELDS]);
/** Causes followed: enough for a query error's driver error and its own cause, and never a loop. */
const MAX_CAUSE_DEPTH = 5;

/** drizzle's `Failed query: <sql>\nparams: <values>` without the values (the SQL has placeholders only). */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams: ');
  return at === -1 ? text : text.slice(0, at);
}

/** The stack with its message made safe: V8 starts it with the message, which may hold the parameters. */
function safeStack(error: Error): string | undefined {
  const { stack, message } = error;
  if (typeof stack !== 'string') return undefined;
  const at = message ? stack.indexOf(message) : -1;
  if (at !== -1) return stack.slice(0, at) + withoutParams(message) + stack.slice(at + message.length);
  // The message was changed after the stack was taken: drop from `params:` to the first frame.
  const params = stack.indexOf('\nparams: ');
  if (params === -1) return stack;
  const frame = stack.indexOf('\n    at ', params);
  return stack.slice(0, params) + (frame === -1 ? '' : stack.slice(frame));
}

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  cause?: SafeError | string;
  aggregateErrors?: SafeError[];
  [field: string]: unknown;
};

/**
 * An error as it may be logged (pino's `err` serializer) and shown: its type, message (without drizzle's `params:`
 * part), code, stack and the other plain fields it has (a constraint's name, a table, an errno, a syscall), then the
 * same of its cause, down to MAX_CAUSE_DEPTH. Never `params`, `detail`, `where`, `parameters` or a credential field,
 * and never a field holding an object (a request, a configuration, a row). Anything not an Error is returned as is.
 */
export function safeError(error: unknown, depth = 0): SafeError | unknown {
  if (!(error instanceof Error)) return error;
  const safe: SafeError = {
    type: error.constructor?.name || error.name,
    message: withoutParams(error.message),
    stack: safeStack(error),
  };
  for (const [field, value] of Object.entries(error)) {
    if (field in safe || field === 'cause' || field === 'errors' || UNSAFE_ERROR_FIELDS.has(field)) continue;
    if (typeof value === 'string') safe[field] = withoutParams(value);
    else if (typeof value === 'number' || typeof value === 'boolean') safe[field] = value;
  }
  if (depth < MAX_CAUSE_DEPTH) {
    if (error.cause instanceof Error) safe.cause = safeError(error.cause, depth + 1) as SafeError;
    else if (typeof error.cause === 'string') safe.cause = withoutParams(error.cause);
    if (error instanceof AggregateError && Array.isArray(error.errors))
      safe.aggregateErrors = error.errors.map((inner) => safeError(inner, depth + 1) as SafeError);
  }
  return safe;
}

/**
 * An error as a line of text, for a log line's `msg` and for what is stored (`scheduled_jobs.last_error`,
 * `job_runs.error`, an outbox row's `last_error`, shown on the back office's Operations page): its message and its
 * causes' (`Failed query: insert into … values ($1, $2): duplicate key value violates unique constraint "…"`), made
 * safe as safeError makes them.
 */
export function errorMessage(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth++) {
    const text = withoutParams(current instanceof Error ? current.message : String(current));
    if (text && !parts.some((part) => part.includes(text))) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}
