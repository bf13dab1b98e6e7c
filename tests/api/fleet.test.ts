/**
 * The fleet (docs/operations.md "Running a fleet"): two production servers (dist/server/entry.mjs), each with a
 * data directory of its own, on one PostgreSQL database and one S3-compatible store (s3rver), behind HAProxy, their
 * mail going to a real SMTP server (smtp-server). A journey goes through it — sign-up and confirmation, a lot with a
 * photo, the render cache, the chat, a sandbox payment — then one process is killed with SIGKILL and the journey
 * finishes through the other, and mail queued while the SMTP server was down for a minute arrives once it is back.
 * Needs TEST_DATABASE_URL (CI sets it) and HAProxy (.ci/run installs it); builds the server when dist/ holds none.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, mailServer, onDatabase, startBalancer, startServer } from '../../scripts/lib/fleet.mjs';
import { form } from '../fixtures/api';
import { wrapped } from '../fixtures/lots';
import { type S3TestServer, startS3Server } from '../fixtures/s3-server';
import { readEvents } from '../fixtures/sse';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const root = path.resolve(import.meta.dirname, '../..');
const BUCKET = 'mavuno-fleet';
const METRICS_TOKEN = randomBytes(16).toString('hex');
/** How long the SMTP server stays down: the minute. */
const SMTP_DOWN_MS = 60_000;

type Auth = { Authorization: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  let last: unknown;
  for (;;) {
    // A probe that throws (a server not listening yet) is asked again; its last error is told at the deadline.
    let value: T | undefined;
    try {
      value = await probe();
    } catch (error) {
      last = error;
    }
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`, { cause: last });
    await sleep(200);
  }
}

/** A process's count of render-cache answers served from memory (its /metrics). */
async function cacheHits(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^mavuno_render_cache_lookups_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON of an endpoint, read by the step that called it.
async function api(base: string, route: string, init: RequestInit & { auth?: Auth } = {}): Promise<any> {
  const { auth, ...rest } = init;
  const response = await fetch(`${base}/api-v2${route}`, {
    ...rest,
    headers: {
      'Accept-Language': 'en',
      ...(typeof rest.body === 'string' || rest.body instanceof URLSearchParams
        ? { 'Content-Type': 'application/x-www-form-urlencoded' }
        : {}),
      ...auth,
      ...(rest.headers as Record<string, string>),
    },
  });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const post = (base: string, route: string, body: URLSearchParams | FormData, auth?: Auth) =>
  api(base, route, { method: 'POST', body, auth });

describe.skipIf(!serverUrl)('a fleet: two processes, one PostgreSQL, one S3 store, HAProxy (TEST_DATABASE_URL)', () => {
  const name = `mavuno_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
  const work = mkdtempSync(path.join(tmpdir(), 'mavuno-fleet-'));
  const stamp = Date.now().toString(36);
  let s3: S3TestServer;
  let smtp: ReturnType<typeof mailServer>;
  let balancer: ReturnType<typeof startBalancer>;
  let a: ReturnType<typeof startServer>;
  let b: ReturnType<typeof startServer>;
  let smtpDownAt = 0;
  let seller: Auth;
  let buyer: Auth;
  let lotId: number;
  let lotFields: Record<string, unknown>;
  const late = `late-${stamp}@mavuno.test`;

  const signUp = async (base: string, email: string): Promise<Auth> => {
    const answer = await post(
      base,
      '/user/signup/',
      form({
        'SignupForm[first_name]': 'Amina',
        'SignupForm[last_name]': 'Wanjiru',
        'SignupForm[email]': email,
        'SignupForm[password]': 'harvest-2026',
        'SignupForm[password_repeat]': 'harvest-2026',
        'SignupForm[trader_status]': 'farmer',
      }),
    );
    return { Authorization: `Bearer ${answer.access_token}` };
  };
  const available = async (base: string, auth: Auth) =>
    (await api(base, '/user-wallet-info', { auth })).pockets.find((p: { currency: string }) => p.currency === 'KES')
      ?.available ?? 0;

  /** Opens a sandbox checkout page on `base` and pays it with the test card: what a browser does, cookies and all. */
  async function payOn(base: string, checkoutUrl: string) {
    const { pathname } = new URL(checkoutUrl, base);
    const page = await fetch(`${base}${pathname}`, { headers: { 'Accept-Language': 'en' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const cookie = page.headers.getSetCookie().map((line) => line.split(';')[0]);
    const token = html.match(/name="form_token" value="([^"]+)"/)?.[1];
    const action = html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"/)?.[1] ?? pathname;
    expect(token).toBeTruthy();
    const paid = await fetch(`${base}${action.replaceAll('&amp;', '&')}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookie.join('; '),
        Origin: base,
        'Accept-Language': 'en',
      },
      body: new URLSearchParams({ form_token: token!, number: '4242 4242 4242 4242' }),
    });
    expect(paid.status).toBe(303);
  }

  beforeAll(async () => {
    if (!existsSync(path.join(root, 'dist/server/entry.mjs')))
      execSync('npm run build', { cwd: root, stdio: 'inherit' });
    await onDatabase(serverUrl!, `CREATE DATABASE "${name}"`);
    const [smtpPort, portA, portB, balancerPort] = await Promise.all(
      Array.from({ length: 4 }, () => freePort() as Promise<number>),
    );
    s3 = await startS3Server(BUCKET);
    smtp = mailServer(smtpPort);
    await smtp.start();
    const shared = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      TRUST_PROXY: '1',
      SEED_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SANDBOX_PAYMENT_SECRET: `fleet-${randomBytes(16).toString('hex')}`,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_REGION: s3.options.region,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'true',
      WORKERS: '1',
      // The balancer's check: every 500 ms, out after 2 failures (scripts/lib/fleet.mjs).
      SHUTDOWN_DELAY_SECONDS: '1',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      CAPTCHA_PROVIDER: '',
      AFRICASTALKING_USERNAME: '',
      AFRICASTALKING_API_KEY: '',
    };
    // Each process has a data directory of its own: nothing one needs from the other may live on its disk.
    a = startServer({ root, port: portA, env: { ...shared, DATA_DIR: path.join(work, 'a') } });
    b = startServer({ root, port: portB, env: { ...shared, DATA_DIR: path.join(work, 'b') } });
    await Promise.all([a.ready(), b.ready()]);
    balancer = startBalancer({
      port: balancerPort,
      dir: work,
      servers: [
        { name: 'a', port: portA },
        { name: 'b', port: portB },
      ],
    });
    await until('the balancer sees both servers up', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => fetch(`${balancer.base}/readyz`).then((response) => response.status)),
      );
      return answers.every((status) => status === 200) ? true : undefined;
    });
  }, 600_000);

  // What the servers and the balancer printed, to read when a step fails.
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [label, source] of [
      ['A', a],
      ['B', b],
      ['HAProxy', balancer],
    ] as const)
      if (source) console.error(`--- ${label}:\n${source.output().slice(-4000)}`);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), balancer?.stop(), smtp?.stop(), s3?.stop()]);
    rmSync(work, { recursive: true, force: true });
    await onDatabase(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }, 120_000);

  it('signs up through the balancer and confirms by the link, whose mail is delivered once', async () => {
    const email = `seller-${stamp}@mavuno.test`;
    seller = await signUp(balancer.base, email);
    const [mail] = await until('the confirmation mail', () => smtp.to(email)[0] && smtp.to(email));
    const link = mail.text.match(/https?:\/\/[^\s"<>]+confirm-email\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link?.startsWith(balancer.base)).toBe(true);
    const confirmed = await fetch(link!, { redirect: 'manual' });
    expect(confirmed.status).toBeLessThan(400);
    const [user] = await onDatabase(databaseUrl, 'select email_verified_at from users where email = $1', [email]);
    expect(user.email_verified_at).not.toBeNull();
    // Two workers poll the outbox every second: still one message a few seconds on.
    await sleep(3000);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('lists a lot with a photo through process A, and process B shows the lot and serves the photo', async () => {
    // The SMTP server goes down now for a minute; mail queued meanwhile must arrive once it is back (last test).
    await smtp.stop();
    smtpDownAt = Date.now();
    await signUp(balancer.base, late);

    await onDatabase(databaseUrl, `update users set tier = 'silver' where email = $1`, [`seller-${stamp}@mavuno.test`]);
    const countries = await api(a.base, '/country-dropdown');
    const countryId = countries.items.find((country: { code: string }) => country.code === 'KE').id;
    const regionId = (await post(a.base, '/region/country-region-dropdown', form({ country_id: countryId }))).items[0]
      .id;
    const villageId = (await post(a.base, '/village-by-region', form({ region_id: regionId }))).items[0].id;
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6a4' } })
      .jpeg()
      .toBuffer();
    const upload = new FormData();
    upload.append('photo', new File([new Uint8Array(picture)], 'maize.jpg', { type: 'image/jpeg' }));
    const photo = await post(a.base, '/board-list/upload-photo', upload, seller);
    lotFields = {
      type: 'sell',
      category_id: 3,
      title: `Fleet maize ${stamp}`,
      volume: 200,
      per_unit_id: 4,
      price: 3600,
      currency_id: 1,
      country_id: countryId,
      region_id: regionId,
      village_id: villageId,
      description: 'Shelled and dried to 13% moisture.',
      photos: [photo.key],
    };
    lotId = (await post(a.base, '/board-list/create-quote', wrapped('BoardList', lotFields), seller)).id;

    const seen = await api(b.base, `/board-list/view?id=${lotId}`);
    expect(seen.title).toBe(`Fleet maize ${stamp}`);
    expect(seen.photos).toHaveLength(1);
    const fromB = await fetch(new URL(seen.photos[0].url, b.base));
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(fromB.headers.get('cache-control')).toContain('immutable');
    const fromA = await fetch(new URL(seen.photos[0].url, a.base));
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const page = await fetch(`${b.base}/board/${lotId}`, { headers: { 'Accept-Language': 'en' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Fleet maize ${stamp}`);
    // In the bucket, on neither process's disk.
    const onDisk = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }) : []);
    expect(onDisk(path.join(work, 'a', 'uploads')).filter((entry) => String(entry).endsWith('.webp'))).toEqual([]);
    const stored = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: photo.key }));
    expect(stored.KeyCount).toBeGreaterThan(0);
  });

  it('drops the cached anonymous catalogue on both processes when the price changes through one', async () => {
    const list = `/board-list/index?BoardQuoteSearch[user_id]=${(await api(a.base, '/user/index', { auth: seller })).id}`;
    const priceOn = async (base: string) => (await api(base, list)).items[0]?.price;
    // Twice on each: the second answer comes from the process's render cache.
    const hits = [await cacheHits(a.base), await cacheHits(b.base)];
    for (const base of [a.base, b.base, a.base, b.base]) expect(Number(await priceOn(base))).toBe(3600);
    expect(await cacheHits(a.base)).toBeGreaterThan(hits[0]);
    expect(await cacheHits(b.base)).toBeGreaterThan(hits[1]);
    await post(
      a.base,
      '/board-list/update-quote',
      wrapped('BoardList', { ...lotFields, id: lotId, price: 3700, price_confirmed: 1 }),
      seller,
    );
    for (const base of [b.base, a.base])
      await until(
        `the new price on ${base}`,
        async () => (Number(await priceOn(base)) === 3700 ? true : undefined),
        10_000,
      );
  });

  it('carries a chat message posted through A to a stream held by B at once', async () => {
    buyer = await signUp(b.base, `buyer-${stamp}@mavuno.test`);
    const room = await post(
      balancer.base,
      '/chat/add-or-create',
      form({ order_id: lotId, order_type: 'board_list' }),
      buyer,
    );
    const response = await fetch(`${b.base}/api-v2/chat/stream`, { headers: buyer });
    expect(response.status).toBe(200);
    const stream = readEvents(response.body!);
    await sleep(200);
    const message = await post(
      a.base,
      '/chat/post-message',
      form({ 'ChatRoomMessage[room_unique_key]': room.room_unique_key, 'ChatRoomMessage[text]': 'Is it dry?' }),
      seller,
    );
    expect(await stream.next(5000)).toMatchObject({ event: 'message', id: String(message.id) });
    await stream.close();
  });

  it('settles on B a sandbox payment opened on A, crediting it once', async () => {
    const started = await post(a.base, '/wallet/top-up', form({ amount: '1500', currency: 1 }), buyer);
    await payOn(b.base, started.checkout_url);
    expect(await until('the credit', async () => ((await available(a.base, buyer)) > 0 ? true : undefined))).toBe(true);
    expect(await available(a.base, buyer)).toBe(150_000);
    const transfers = await onDatabase(databaseUrl, 'select id from wallet_transfers where idempotency_key like $1', [
      `topup:sandbox:${started.reference}`,
    ]);
    expect(transfers).toHaveLength(1);
  });

  it('refuses on B, at once, a session signed out through A (B had it in its session cache)', async () => {
    const member = await signUp(a.base, `leaver-${stamp}@mavuno.test`);
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${b.base}/api-v2/user/index`, { headers: member })).status).toBe(200);
    expect((await fetch(`${a.base}/api-v2/user/logout`, { method: 'POST', headers: member })).status).toBe(200);
    // The notice crosses B's listening connection in milliseconds; a second is the bound.
    const refused = await until(
      'the refusal on B',
      async () => {
        const status = (await fetch(`${b.base}/api-v2/user/index`, { headers: member })).status;
        return status === 401 ? status : undefined;
      },
      1000,
    );
    expect(refused).toBe(401);
  });

  it("shows a member's own favourite on their very next page from B, though B had kept that page", async () => {
    // A browser: the web session's cookie, and whatever cookies the answers set.
    const jar = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const login = await fetch(`${a.base}/api-v2/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Session-Mode': 'cookie', Origin: a.base },
      body: form({ email: `buyer-${stamp}@mavuno.test`, password: 'harvest-2026' }),
    });
    expect(login.status).toBe(200);
    keep(login);
    const heart = async (base: string) => {
      const page = await fetch(`${base}/board/${lotId}`, { headers: { Cookie: cookies(), 'Accept-Language': 'en' } });
      expect(page.status).toBe(200);
      keep(page);
      const html = await page.text();
      return new RegExp(`name="lot_id" value="${lotId}"/?><input type="hidden" name="favorite" value="([01])"`).exec(
        html,
      )?.[1];
    };
    // Twice on B: the second answer is B's kept page (the first may set the form token's cookie).
    for (let i = 0; i < 3; i++) expect(await heart(b.base)).toBe('1');
    const added = await fetch(`${a.base}/api-v2/board-list/add-favorites-board-list`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookies(),
        Origin: a.base,
      },
      body: form({ board_id: lotId }),
    });
    expect(added.status).toBe(200);
    keep(added);
    // At once, not eventually: the write's answer renewed the browser's stamp (so B renders the page afresh even
    // before it hears of the write; here it may also have heard already).
    expect(added.headers.getSetCookie().some((line) => line.startsWith('mavuno_w='))).toBe(true);
    expect(await heart(b.base)).toBe('0');
  });

  it('delivers, once, the mail queued while the SMTP server was down, after it is back', async () => {
    await sleep(Math.max(0, SMTP_DOWN_MS - (Date.now() - smtpDownAt)));
    expect(smtp.to(late)).toHaveLength(0);
    const [tried] = await onDatabase(databaseUrl, `select attempts, status from mail_outbox where "to" = $1`, [late]);
    expect(tried).toMatchObject({ status: 'pending' });
    expect(tried.attempts).toBeGreaterThanOrEqual(2);
    await smtp.start();
    // The next try comes at most one backoff step (60 s after the second failure) later.
    await until('the late mail', () => (smtp.to(late).length > 0 ? true : undefined), 90_000);
    await sleep(3000);
    expect(smtp.to(late)).toHaveLength(1);
  }, 180_000);

  it('finishes through B a payment opened on A after A is killed (SIGKILL), nothing lost or duplicated', async () => {
    const started = await post(a.base, '/wallet/top-up', form({ amount: '250', currency: 1 }), buyer);
    const before = await available(b.base, buyer);
    await a.stop('SIGKILL');
    // Through the balancer, which takes A out after two failed checks and sends a refused request to B meanwhile.
    await payOn(balancer.base, started.checkout_url);
    await until('the second credit', async () =>
      (await available(balancer.base, buyer)) === before + 25_000 ? true : undefined,
    );
    const email = `after-${stamp}@mavuno.test`;
    await signUp(balancer.base, email);
    // B takes the outbox job when A's lease on it ends (at most a minute, src/server/jobs/schedule.ts).
    await until('the mail sent by B', () => (smtp.to(email).length > 0 ? true : undefined), 90_000);
    await sleep(3000);
    expect(smtp.to(email)).toHaveLength(1);
    const transfers = await onDatabase(databaseUrl, 'select id from wallet_transfers where idempotency_key like $1', [
      `topup:sandbox:${started.reference}`,
    ]);
    expect(transfers).toHaveLength(1);
    // Every mail of the journey went out once.
    const sent = await onDatabase(databaseUrl, `select "to", status from mail_outbox order by id`);
    for (const row of sent) expect(smtp.to(row.to), row.to).toHaveLength(row.status === 'sent' ? 1 : 0);
  }, 180_000);

  it('takes a stopping process out of rotation first: /readyz answers 503 while it still serves, then it ends', async () => {
    const exited = new Promise<number | null>((resolve) => b.child.once('exit', (code) => resolve(code)));
    b.child.kill('SIGTERM');
    await sleep(200);
    expect((await fetch(`${b.base}/readyz`)).status).toBe(503);
    expect((await fetch(`${b.base}/healthz`)).status).toBe(200);
    expect(await exited).toBe(0);
  });

  it('ran each scheduled job once across the two processes', async () => {
    const jobs = await onDatabase(databaseUrl, 'select name from scheduled_jobs');
    expect(jobs.length).toBeGreaterThanOrEqual(7);
    const runs = await onDatabase(
      databaseUrl,
      'select job, process, started_at, finished_at from job_runs order by job, started_at',
    );
    // Which process claims a run is a race (either may take all of them): what holds is that no run is made twice.
    const processes = new Set(runs.map((run) => run.process));
    expect(processes.size).toBeGreaterThanOrEqual(1);
    expect(processes.size).toBeLessThanOrEqual(2);
    // Runs of one job never overlap; the jobs due every minute ran a minute apart at least; those due every ten
    // minutes or hourly ran once, at the fleet's start, though both processes started at once.
    const MINUTE_JOBS = ['chat-notices', 'publish-articles'];
    for (const job of jobs.map((row) => row.name as string)) {
      const own = runs.filter((run) => run.job === job);
      expect(own.length, job).toBeGreaterThan(0);
      for (let i = 1; i < own.length; i++) {
        const started = own[i].started_at.getTime();
        expect(started, job).toBeGreaterThanOrEqual(own[i - 1].finished_at.getTime());
        if (MINUTE_JOBS.includes(job)) expect(started - own[i - 1].started_at.getTime(), job).toBeGreaterThan(59_000);
      }
      if (job !== 'outbox' && !MINUTE_JOBS.includes(job)) expect(own, job).toHaveLength(1);
    }
  });
});
