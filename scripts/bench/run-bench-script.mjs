// Runs one of the bench's TypeScript measuring scripts (scripts/bench/*.ts) against PostgreSQL (`url`) or a fresh
// PGlite directory made for it and removed after, and answers the JSON rows it printed (one per line).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function runBenchScript(root, script, { url, args = [] } = {}) {
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'mavuno-bench-'));
  try {
    const out = execFileSync('node_modules/.bin/tsx', [script, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url ?? '', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
