import { parsePhoneNumberFromString } from 'libphonenumber-js';
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
 * they carry themselves. Fields that hold credentials are censored wherever they appear in a logged object; a phone
 * number is logged only through maskPhone.
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
 * A phone number as it may appear in a log: the country calling code and the last three digits (`+254•••••678`),
 * enough to tell two members' numbers apart in a support case, not enough to call anyone.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '•'.repeat(digits.length);
  const parsed = parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${digits}`);
  const code =
    parsed?.countryCallingCode && digits.startsWith(parsed.countryCallingCode) ? parsed.countryCallingCode : '';
  const tail = digits.slice(-3);
  const hidden = Math.max(digits.length - code.length - tail.length, 1);
  return `${code ? `+${code}` : ''}${'•'.repeat(hidden)}${tail}`;
}

/** An error as a log field (`err`): its name, message and stack through pino's serializer. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
