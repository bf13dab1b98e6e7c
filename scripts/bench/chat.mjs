// The chat part of `npm run bench` (scripts/bench.mjs): STREAMS open live streams (GET /api-v2/chat/stream) held by
// one server process, and the time from a post (POST /api-v2/chat/post-message) to its delivery on the other member's
// stream, over loopback. Members come in pairs (a lot owner and a buyer with a room about the owner's lot, made by
// scripts/bench/chat-members.ts before the server starts); both members of every pair hold a stream, and each member
// posts once in its room, so no one meets the posting limit. Memory per stream: the growth of the server's resident
// set (VmRSS in /proc/<pid>/status, what the kernel counts for the process) while the streams open, divided by their
// number: it includes each connection's socket buffers and the stream's state, and is approximate (the heap grows in
// steps). It prints figures and asserts nothing.
import { withProductionServer } from './server.mjs';
import { execSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The resident set of process `pid` in KiB (Linux), or undefined elsewhere. */
function residentKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  } catch {
    return undefined;
  }
}

/** Makes the pairs (owner, member, room, sessions) in the database the environment names; answers them. */
export function makeChatMembers({ root, env, pairs }) {
  const out = path.join(tmpdir(), `mavuno-bench-chat-${process.pid}-${Date.now()}.json`);
  execSync(`node_modules/.bin/tsx scripts/bench/chat-members.ts --pairs ${pairs} --out ${out}`, {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  const { pairs: made } = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return made;
}

/**
 * One open stream as a client holds it: its message ids with the moment each arrived. `arrived(id)` answers that
 * moment, waiting for it.
 */
function openStream(base, token) {
  return new Promise((resolve, reject) => {
    const seen = new Map();
    const waiting = new Map();
    const request = http.request(
      `${base}/api-v2/chat/stream`,
      { agent: false, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        response.on('data', (chunk) => {
          const now = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened && block.startsWith('retry:')) {
              opened = true;
              resolve(stream);
            }
            const id = block.startsWith('event: message\n') ? /^id: (\d+)$/m.exec(block)?.[1] : undefined;
            if (id) {
              seen.set(Number(id), now);
              waiting.get(Number(id))?.(now);
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
    request.end();
    const stream = {
      arrived: (id) => (seen.has(id) ? Promise.resolve(seen.get(id)) : new Promise((done) => waiting.set(id, done))),
      close: () => request.destroy(),
    };
  });
}

async function post(base, token, key, text) {
  const response = await fetch(`${base}/api-v2/chat/post-message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'ChatRoomMessage[room_unique_key]': key, 'ChatRoomMessage[text]': text }),
  });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`post answered ${response.status}: ${JSON.stringify(json)}`);
  return json.id;
}

/**
 * Opens a stream for every member of `pairs` on the server at `base` (process `pid`), then posts once per member —
 * first one at a time, then `burst` at once — and prints memory per stream and post-to-delivery latencies.
 */
export async function benchChat({ base, pid, pairs, database, burst = 10 }) {
  // A few streams opened and closed first, so the code paths of a stream are loaded before the baseline is read.
  const warm = await Promise.all(pairs.slice(0, 20).map((pair) => openStream(base, pair.member.token)));
  for (const stream of warm) stream.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = residentKiB(pid);
  const openedAt = performance.now();
  const owners = [];
  const members = [];
  // Opened a few dozen at a time, as clients arrive; each is open once its first line came.
  for (let i = 0; i < pairs.length; i += 50) {
    const slice = pairs.slice(i, i + 50);
    owners.push(...(await Promise.all(slice.map((pair) => openStream(base, pair.owner.token)))));
    members.push(...(await Promise.all(slice.map((pair) => openStream(base, pair.member.token)))));
  }
  const openSeconds = (performance.now() - openedAt) / 1000;
  const streams = owners.length + members.length;
  // Each stream joins the hub once it has read its starting point; a moment for the last of them, and for the heap.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = residentKiB(pid);

  /** Posts as one member of pair `i` and answers ms until the other member's stream has the message. */
  const deliver = async (i, fromOwner) => {
    const pair = pairs[i];
    const started = performance.now();
    const id = await post(base, fromOwner ? pair.owner.token : pair.member.token, pair.key, `bench message ${i}`);
    const arrived = await (fromOwner ? members[i] : owners[i]).arrived(id);
    return arrived - started;
  };
  const sequential = [];
  for (let i = 0; i < pairs.length; i++) sequential.push(await deliver(i, true));
  const concurrent = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: burst }, async () => {
      for (let i = next++; i < pairs.length; i = next++) concurrent.push(await deliver(i, false));
    }),
  );
  for (const stream of [...owners, ...members]) stream.close();
  sequential.sort((a, b) => a - b);
  concurrent.sort((a, b) => a - b);

  const rows = [
    {
      measure: `${streams} open streams, one process`,
      value:
        before && after
          ? `${((after - before) / streams).toFixed(1)} KiB per stream (RSS ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MiB)`
          : 'no /proc here',
    },
    { measure: 'time to open them all', value: `${openSeconds.toFixed(1)} s` },
    ...[
      ['one post at a time', sequential],
      [`${burst} posts at a time`, concurrent],
    ].map(([name, samples]) => ({
      measure: `post → delivery, ${name} (${samples.length} posts)`,
      value: `p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`,
    })),
  ];
  console.log(
    `\nChat live streams on ${database}: ${streams} streams held by one server process, ${pairs.length} rooms; every member posts once:\n`,
  );
  console.table(rows);
}

/**
 * The same on PostgreSQL (`DATABASE_URL`, already seeded by the catalogue part): makes the pairs, starts a
 * production server at `port`, measures, stops it.
 */
export async function benchChatOnPostgres({ root, url, port, streams }) {
  const env = { ...process.env, DATABASE_URL: url };
  const pairs = makeChatMembers({ root, env, pairs: Math.ceil(streams / 2) });
  await withProductionServer({ root, env, port }, ({ base, pid }) =>
    benchChat({ base, pid, pairs, database: 'PostgreSQL' }),
  );
}
