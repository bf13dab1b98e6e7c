/**
 * Two production servers (dist/server/entry.mjs) on one PostgreSQL database: a message posted through process A
 * reaches a stream held by process B through LISTEN/NOTIFY, and a stream resumed with Last-Event-ID gets exactly
 * the missed messages (docs/chat.md "Live stream", "Across processes"). Needs TEST_DATABASE_URL (CI sets it);
 * builds the server first when dist/ holds none.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '../fixtures/sse';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'dist/server/entry.mjs');
const PORTS = [4620, 4621];

/** Runs one statement on the server's maintenance connection (the database named in TEST_DATABASE_URL), or on `url`. */
async function onServer(statement: string, url = serverUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Auth = { Authorization: string };

describe.skipIf(!serverUrl)(
  'chat across two server processes on one PostgreSQL (run only with TEST_DATABASE_URL)',
  () => {
    const name = `mavuno_test_${randomBytes(6).toString('hex')}`;
    const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-chat-2p-'));
    const servers: ChildProcess[] = [];
    const [baseA, baseB] = PORTS.map((port) => `http://127.0.0.1:${port}`);
    let buyer: Auth;
    let seller: Auth;
    let key: string;

    function start(port: number) {
      const server = spawn(process.execPath, [entry], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: databaseUrl,
          // Processes on one database share their signing secret (start-up stops without it).
          SANDBOX_PAYMENT_SECRET: 'chat-two-processes-sandbox-secret',
          DATA_DIR: dataDir,
          SEED_DEMO: 'false',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(server);
      return server;
    }

    async function waitFor(base: string) {
      for (let i = 0; i < 120; i++) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`${base} did not start`);
    }

    async function call(
      base: string,
      route: string,
      fields: Record<string, string | number>,
      auth?: Auth,
      // biome-ignore lint/suspicious/noExplicitAny: the JSON of an endpoint, read by the step that called it.
    ): Promise<any> {
      const response = await fetch(`${base}/api-v2${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...auth },
        body: new URLSearchParams(Object.entries(fields).map(([field, value]) => [field, String(value)])),
      });
      const json = await response.json();
      if (response.status >= 300) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
      return json;
    }

    async function signUp(email: string): Promise<Auth> {
      const answer = await call(baseA, '/user/signup/', {
        'SignupForm[first_name]': 'Amina',
        'SignupForm[last_name]': 'Wanjiru',
        'SignupForm[email]': email,
        'SignupForm[password]': 'harvest-2026',
        'SignupForm[password_repeat]': 'harvest-2026',
        'SignupForm[trader_status]': 'farmer',
      });
      return { Authorization: `Bearer ${answer.access_token}` };
    }

    const post = (text: string) =>
      call(
        baseA,
        '/chat/post-message',
        { 'ChatRoomMessage[room_unique_key]': key, 'ChatRoomMessage[text]': text },
        seller,
      ) as Promise<{ id: number }>;

    async function openStream(base: string, auth: Auth, lastEventId?: number) {
      const response = await fetch(`${base}/api-v2/chat/stream`, {
        headers: { ...auth, ...(lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) }) },
      });
      expect(response.status).toBe(200);
      return readEvents(response.body!);
    }

    beforeAll(async () => {
      if (!existsSync(entry)) execSync('npm run build', { cwd: root, stdio: 'inherit' });
      await onServer(`CREATE DATABASE "${name}"`);
      // Both start at once: start-up work (migrations, reference data) runs under the database's start-up lock.
      start(PORTS[0]);
      start(PORTS[1]);
      await Promise.all([waitFor(baseA), waitFor(baseB)]);

      const stamp = Date.now().toString(36);
      seller = await signUp(`seller-${stamp}@mavuno.test`);
      buyer = await signUp(`buyer-${stamp}@mavuno.test`);
      // Publishing takes the silver tier (given by an administrator; set in the database here).
      await onServer(`UPDATE users SET tier = 'silver' WHERE email = 'seller-${stamp}@mavuno.test'`, databaseUrl);
      const countries = await (await fetch(`${baseA}/api-v2/country-dropdown`)).json();
      const countryId = countries.items.find((country: { code: string }) => country.code === 'KE').id;
      const regions = await call(baseA, '/region/country-region-dropdown', { country_id: countryId });
      const regionId = regions.items[0].id;
      const villages = await call(baseA, '/village-by-region', { region_id: regionId });
      const lot = await call(
        baseA,
        '/board-list/create-quote',
        Object.fromEntries(
          Object.entries({
            type: 'sell',
            category_id: 3,
            title: 'Dry white maize, grade 1',
            volume: 200,
            per_unit_id: 4,
            price: 3600,
            currency_id: 1,
            country_id: countryId,
            region_id: regionId,
            village_id: villages.items[0].id,
            description: 'Shelled and dried to 13% moisture.',
          }).map(([field, value]) => [`BoardList[${field}]`, value]),
        ),
        seller,
      );
      key = (await call(baseA, '/chat/add-or-create', { order_id: lot.id, order_type: 'board_list' }, buyer))
        .room_unique_key;
    }, 600_000);

    afterAll(async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              if (server.exitCode !== null || server.signalCode !== null) return resolve(undefined);
              server.once('exit', resolve);
              server.kill('SIGTERM');
            }),
        ),
      );
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });

    it('delivers a message posted through process A to a stream held by process B within a second', async () => {
      const stream = await openStream(baseB, buyer);
      // The stream joins B's hub once it has read its starting point.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = performance.now();
      const message = await post('Habari! The maize is ready for collection.');
      const event = await stream.next(1000);
      const elapsed = performance.now() - started;
      expect(event).toMatchObject({
        event: 'message',
        id: String(message.id),
        data: { id: message.id, room_unique_key: key, mine: false, text: 'Habari! The maize is ready for collection.' },
      });
      expect(elapsed).toBeLessThan(1000);
      await stream.close();
    });

    it('resumes on process B with exactly the messages missed, posted through A, then live ones once', async () => {
      const first = await openStream(baseB, buyer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seen = await post('first');
      expect((await first.next(1000)).id).toBe(String(seen.id));
      await first.close();

      const missed = [await post('second'), await post('third'), await post('fourth')];
      const resumed = await openStream(baseB, buyer, seen.id);
      const got = [await resumed.next(1000), await resumed.next(1000), await resumed.next(1000)];
      expect(got.map((event) => Number(event.id))).toEqual(missed.map((message) => message.id));
      const live = await post('fifth');
      expect(Number((await resumed.next(1000)).id)).toBe(live.id);
      expect(await resumed.during(300)).toEqual([]);
      await resumed.close();
    });

    it('stops a process promptly with streams open: they end before the database closes', async () => {
      const stream = await openStream(baseB, buyer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const server = servers[1];
      const started = performance.now();
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      expect(await stream.ended(5000)).toBe(true);
      await exited;
      expect(server.exitCode).toBe(0);
      // Well under the 10 s a request that never ends would hold shutdown for.
      expect(performance.now() - started).toBeLessThan(5000);
    });
  },
);
