#!/usr/bin/env node
/**
 * `npm test`: every check a change must pass, in stages, each stage's time printed. The static checks (formatting and
 * lint, the dictionaries, the type check) share no files and mostly use one core each, so they run side by side and
 * print their output when each ends; the unit and API suite (vitest, one worker per core) and the e2e suite
 * (Playwright against the production build) then run one after the other, their output as it comes.
 *
 * `node scripts/test.mjs lint typecheck` runs only the named stages.
 */
import { spawn } from 'node:child_process';

const STAGES = [
  { group: 'static', name: 'lint', script: 'lint' },
  { group: 'static', name: 'i18n', script: 'i18n:check' },
  { group: 'static', name: 'typecheck', script: 'typecheck' },
  { group: 'vitest', name: 'vitest', script: 'test:unit', live: true },
  { group: 'e2e', name: 'e2e', script: 'test:e2e', live: true },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`[test] unknown stage ${unknown.join(', ')}; the stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = STAGES.filter((stage) => wanted.length === 0 || wanted.includes(stage.name));

/** The stages running now: a signal to this script is passed on to them. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    console.log(`[test] stopped by ${signal}`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Runs one npm script; a side-by-side stage's output is kept and printed whole when it ends. */
function run(stage) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', stage.script], {
      stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    running.add(child);
    const output = [];
    child.on('error', (error) => output.push(Buffer.from(`[test] ${stage.name} could not start: ${error.message}\n`)));
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      const verdict = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`[test] ${stage.name} ${verdict} in ${seconds} s`);
      resolve({ stage, ok: code === 0, seconds });
    });
  });
}

const began = Date.now();
const results = [];
for (const group of [...new Set(chosen.map((stage) => stage.group))]) {
  const members = chosen.filter((stage) => stage.group === group);
  if (members.length > 1) console.log(`[test] ${members.map((stage) => stage.name).join(', ')} side by side`);
  const done = await Promise.all(members.map(run));
  results.push(...done);
  if (done.some((result) => !result.ok)) break;
}
const total = Math.round((Date.now() - began) / 1000);
console.log(`[test] ${results.map((r) => `${r.stage.name} ${r.seconds} s${r.ok ? '' : ' (failed)'}`).join(', ')}`);
const failed = results.filter((result) => !result.ok);
console.log(
  `[test] ${failed.length === 0 ? 'all passed' : `${failed.map((r) => r.stage.name).join(', ')} failed`} in ${total} s`,
);
process.exit(failed.length === 0 && results.length === chosen.length ? 0 : 1);
