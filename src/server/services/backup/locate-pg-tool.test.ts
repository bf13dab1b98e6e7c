import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactPassword, runPgTool, withoutPassword } from './locate-pg-tool';

const scratch = mkdtempSync(path.join(tmpdir(), 'mavuno-pg-tool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const password = 'S3cr@t-pw';
// A port no server listens on.
const url = `postgres://mavuno:${encodeURIComponent(password)}@127.0.0.1:1/mavuno?sslmode=disable`;

describe('the PostgreSQL client tools get no password on their command line', () => {
  it('splits the password off the URL, from its user part or a password= parameter', () => {
    expect(withoutPassword(url)).toEqual({ url: 'postgres://mavuno@127.0.0.1:1/mavuno?sslmode=disable', password });
    expect(withoutPassword('postgres://mavuno@db/mavuno?password=abc&sslmode=require')).toEqual({
      url: 'postgres://mavuno@db/mavuno?sslmode=require',
      password: 'abc',
    });
    expect(withoutPassword('postgres://mavuno@db/mavuno')).toEqual({ url: 'postgres://mavuno@db/mavuno' });
    expect(redactPassword(`at ${url} with ${password}`, url)).not.toMatch(/S3cr/);
  });

  it('a pg_dump that cannot connect fails with a message that holds no password', async () => {
    const failure = await runPgTool('pg_dump', ['--schema-only'], url).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/^pg_dump failed: .*(refused|could not connect|failed)/s);
    expect(failure?.message).not.toContain(password);
    expect(failure?.message).not.toContain(encodeURIComponent(password));
  });

  it('passes the password in PGPASSWORD and a URL without it, and a tool silent on stderr still leaks nothing', async () => {
    const tool = path.join(scratch, 'fake-pg-tool');
    writeFileSync(
      tool,
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${scratch}/args'\nprintf '%s' "$PGPASSWORD" > '${scratch}/password'\nexit 3\n`,
    );
    chmodSync(tool, 0o755);
    const failure = await runPgTool(tool, ['--format=custom'], url).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toBe(`${tool} failed: exit code 3, nothing on stderr`);
    expect(readFileSync(path.join(scratch, 'args'), 'utf8')).toBe(
      '--dbname=postgres://mavuno@127.0.0.1:1/mavuno?sslmode=disable\n--format=custom\n',
    );
    expect(readFileSync(path.join(scratch, 'password'), 'utf8')).toBe(password);
  });
});
