import { z } from 'zod';
import { OSM_TILE_CONFIG, tileSource } from '~/features/maps/tiles';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    /** Default: on for a local site (http), off for a public one (https) — demo accounts have a published password. */
    SEED_DEMO: booleanFlag.optional(),
    /**
     * This process runs the scheduled jobs and delivers the outbox (docs/operations.md "Processes"): `0` for a web-only
     * process. Each run happens once across the processes that do, so any number may.
     */
    WORKERS: booleanFlag.default(true),
    /**
     * Seconds a stopping process keeps serving while /readyz already answers 503, so a balancer takes it out before its
     * listener closes (docs/operations.md "Running a fleet"): its health check's interval × failures. 0: at once.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    /** Behind a reverse proxy: take the client's IP from X-Forwarded-For (for rate limits). */
    TRUST_PROXY: booleanFlag.default(false),
    /** Sender of every e-mail. */
    MAIL_FROM: z.string().min(3).default('Mavuno <no-reply@mavuno.local>'),
    /** The support inbox that contact-form messages are e-mailed to (docs/contact.md); unset: kept in the database only. */
    SUPPORT_EMAIL: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.email().optional(),
    ),
    /** Rendered anonymous pages kept in memory (docs/architecture.md "How the render cache stays correct"); 0 turns the cache off. */
    PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
    /** Signed-in pages the members' render cache keeps (src/server/cache/member-page-cache.ts); 0 turns it off. */
    MEMBER_PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
    /** Shows the outbox at /dev/mailbox (only without SMTP_URL and never over https). */
    DEV_MAILBOX: booleanFlag.default(false),
    CAPTCHA_PROVIDER: z.enum(['none', 'recaptcha', 'turnstile']).default('none'),
    CAPTCHA_SITE_KEY: z.string().optional(),
    CAPTCHA_SECRET: z.string().optional(),
    /** Africa's Talking SMS: username and API key switch SMS from the outbox to the provider. */
    AFRICASTALKING_USERNAME: z.string().optional(),
    AFRICASTALKING_API_KEY: z.string().optional(),
    AFRICASTALKING_SENDER_ID: z.string().optional(),
    /**
     * The feature-phone channel (docs/feature-phones.md "Gateway set-up"): the secret in the USSD and SMS callback paths
     * (`/api-v2/ussd/{token}`, `/api-v2/sms/{token}/inbound`); unset, those callbacks answer 404 and only /dev/ussd
     * reaches the menu.
     */
    USSD_CALLBACK_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16–128 letters, digits, - or _')
      .optional(),
    /** Addresses the gateway calls from (comma-separated IPs); unset: any address holding the token. */
    USSD_ALLOWED_IPS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .optional(),
    /** The USSD service code the members dial, as the menu and the SMS help quote it. */
    USSD_SERVICE_CODE: z
      .string()
      .regex(/^\*[0-9*]+#$/, 'must be a USSD code such as *384*628#')
      .default('*384*628#'),
    /** The built-in sandbox provider (test cards, no real money). Default: on over http, off when PUBLIC_URL is https. */
    SANDBOX_PAYMENTS: booleanFlag.optional(),
    /**
     * Signs sandbox checkout sessions and webhooks (docs/payments.md). Unset: a fresh key per process, which only the
     * embedded database allows (one process); with DATABASE_URL start-up stops without it (`missingSharedSecrets`).
     */
    SANDBOX_PAYMENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Paystack (cards: Nigeria, Ghana, Kenya): the secret key turns the adapter on; it also signs webhooks. */
    PAYSTACK_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
      .optional(),
    /** M-Pesa Daraja (Kenya STK push): all four turn the adapter on. */
    MPESA_CONSUMER_KEY: z.string().optional(),
    MPESA_CONSUMER_SECRET: z.string().optional(),
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, 'must be a paybill or till number')
      .optional(),
    MPESA_PASSKEY: z.string().optional(),
    MPESA_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** M-Pesa B2C payouts: the initiator's name and its encrypted security credential. */
    MPESA_INITIATOR_NAME: z.string().optional(),
    MPESA_SECURITY_CREDENTIAL: z.string().optional(),
    /** Flutterwave (cards and mobile money in every launch country): the secret key and the webhook secret hash. */
    FLUTTERWAVE_SECRET_KEY: z.string().optional(),
    FLUTTERWAVE_WEBHOOK_HASH: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Payouts above this many US dollars (at the latest stored rate) wait for an administrator (docs/wallet.md "Payouts"). */
    PAYOUT_APPROVAL_ABOVE_USD: z.coerce.number().int().min(0).max(1_000_000_000).default(500),
    /** A withdrawal needs a sign-in this recent, or the password again. */
    PAYOUT_RECENT_SIGN_IN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Days after the goods are sent before a frozen deal's money is released to the seller (docs/deals.md "Automatic release"). */
    DEAL_AUTO_RELEASE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** The platform's fee on a released deal, in percent with at most two decimals (docs/wallet.md "Fees"). */
    PLATFORM_FEE_PERCENT: z
      .string()
      .regex(/^(100|\d{1,2})([.,]\d{1,2})?$/, 'must be a percentage between 0 and 100 with at most two decimals')
      .default('0'),
    /** A Nominatim-compatible geocoder (docs/warehouses.md "Geocoder"); unset: Mavuno's own gazetteer answers. */
    GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    /** Map tiles: a URL template with {z}, {x} and {y} ({s} optional), and the attribution the tile server asks for. */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
      // The page's Content-Security-Policy admits the tiles by their host (src/server/security/content-policy.ts).
      .refine((url) => tileSource(url) !== undefined, 'a placeholder may only stand as the first label of the host')
      .default(OSM_TILE_CONFIG.url),
    MAP_TILE_ATTRIBUTION: z.string().min(1).default(OSM_TILE_CONFIG.attribution),
    /**
     * Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (docs/operations.md "Object storage"): the bucket,
     * the server for one that is not AWS, its region, a key pair (unset: the SDK's own chain, such as an instance
     * role) and path-style addresses for MinIO-like servers.
     */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** The log's level (docs/operations.md "Logs"); default `info`, `warn` under NODE_ENV=test (parseEnv). */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** Serves /metrics on the site's port to `Authorization: Bearer <token>` (docs/operations.md "Metrics"). */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Serves /metrics on a listener of its own: at HOST:METRICS_PORT to METRICS_TOKEN when it is set, else at
     * 127.0.0.1:METRICS_PORT to anyone there (docs/operations.md "Metrics").
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .refine((env) => env.CAPTCHA_PROVIDER === 'none' || (env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET), {
    message: 'CAPTCHA_SITE_KEY and CAPTCHA_SECRET are needed when CAPTCHA_PROVIDER is set',
    path: ['CAPTCHA_PROVIDER'],
  })
  .refine(
    (env) => {
      const mpesa = [env.MPESA_CONSUMER_KEY, env.MPESA_CONSUMER_SECRET, env.MPESA_SHORTCODE, env.MPESA_PASSKEY];
      return mpesa.every(Boolean) || !mpesa.some(Boolean);
    },
    {
      message: 'MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE and MPESA_PASSKEY are set together',
      path: ['MPESA_CONSUMER_KEY'],
    },
  )
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: 'must differ from PORT (the site serves /metrics itself when METRICS_TOKEN is set)',
    path: ['METRICS_PORT'],
  })
  .refine((env) => Boolean(env.FLUTTERWAVE_SECRET_KEY) === Boolean(env.FLUTTERWAVE_WEBHOOK_HASH), {
    message: 'FLUTTERWAVE_SECRET_KEY and FLUTTERWAVE_WEBHOOK_HASH are set together',
    path: ['FLUTTERWAVE_SECRET_KEY'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID), {
    message: 'S3_ENDPOINT and the S3 keys need S3_BUCKET (without it uploads stay in DATA_DIR/uploads)',
    path: ['S3_BUCKET'],
  });

export type LogLevel = NonNullable<z.infer<typeof EnvSchema>['LOG_LEVEL']>;

export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'SANDBOX_PAYMENTS' | 'LOG_LEVEL'> & {
  SEED_DEMO: boolean;
  SANDBOX_PAYMENTS: boolean;
  LOG_LEVEL: LogLevel;
  publicUrl: string;
  isHttps: boolean;
  /** PLATFORM_FEE_PERCENT in basis points (2.5 % → 250): the fee is computed in integers. */
  platformFeeBps: number;
  /** The development mailbox (/dev/mailbox) may be shown: mail stays in the outbox and the site is not public over https. */
  isMailboxOpen: boolean;
};

/** Empty strings count as unset, so `DATABASE_URL= npm start` means "use the embedded database". */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
}

export class EnvError extends Error {}

/** "2.5" → 250: whole and decimal digits read as text, never through a float. */
function percentToBasisPoints(percent: string): number {
  const [whole, decimals = ''] = percent.split(/[.,]/);
  const bps = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (bps > 10_000) throw new EnvError('PLATFORM_FEE_PERCENT: must be at most 100');
  return bps;
}

/** Every address of the machine: a browser cannot open it, so the site's own address is `localhost`. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '::0']);

/**
 * The address the server answers at, as a browser opens it: PUBLIC_URL's default. A concrete HOST (`127.0.0.1`,
 * `192.168.1.20`, `::1`, a name) is that address, so the links Mavuno writes (e-mails, the return from a checkout)
 * come back to the host whose cookies the member holds; HOST `0.0.0.0` or `::` is every address, so `localhost`.
 */
export function listeningUrl(host: string, port: number): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : host;
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(
      `Invalid configuration in the environment:\n${lines.join('\n')}\nSee the configuration table in README.md.`,
    );
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? listeningUrl(env.HOST, env.PORT)).replace(/\/+$/, '');
  const isHttps = publicUrl.startsWith('https://');
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? !isHttps,
    SANDBOX_PAYMENTS: env.SANDBOX_PAYMENTS ?? !isHttps,
    // The test suites print only what went wrong (warnings, faults): an access line per request would bury them.
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    publicUrl,
    isHttps,
    platformFeeBps: percentToBasisPoints(env.PLATFORM_FEE_PERCENT),
    isMailboxOpen: !env.SMTP_URL && !isHttps && (env.DEV_MAILBOX || env.NODE_ENV === 'development'),
  };
}

/**
 * What every process of one site must share but a single process would make up for itself. On PGlite the site is one
 * process (the embedded database opens in one); with DATABASE_URL any number may serve it, behind a balancer, so such
 * a secret must be configured: each problem names its variable (main.ts stops start-up on any). Everything else that
 * processes share lives in the database (sessions, rate limits, the unsubscribe secret, sandbox sessions).
 */
export function missingSharedSecrets(env: Env): string[] {
  if (!env.DATABASE_URL) return [];
  const missing: string[] = [];
  if (env.SANDBOX_PAYMENTS && !env.SANDBOX_PAYMENT_SECRET)
    missing.push(
      'SANDBOX_PAYMENT_SECRET: must be set when DATABASE_URL is set and sandbox payments are on — every process signs ' +
        'and checks the sandbox checkouts with it (make one with `openssl rand -hex 32`), or set SANDBOX_PAYMENTS=false',
    );
  return missing;
}

let cached: Env | undefined;
/** The process configuration, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * Puts another configuration in place of the parsed one (undefined: parse process.env again on the next getEnv)
 * and gives back the one it replaced. Tests that run with a configuration of their own use it
 * (tests/fixtures/use-environment.ts); the app never does.
 */
export function replaceEnv(next: Env | undefined): Env | undefined {
  const previous = cached;
  cached = next;
  return previous;
}
