import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Finds PostgreSQL's `pg_dump` or `pg_restore` on PATH and answers its major version; throws a message saying what
 * to install when it is missing.
 */
export async function locatePgTool(name: 'pg_dump' | 'pg_restore'): Promise<{ command: string; major: number }> {
  let output: string;
  try {
    output = (await run(name, ['--version'])).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        `${name} is not on PATH: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client-15 for a PostgreSQL 15 server) and run the command again.`,
      );
    throw error;
  }
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(output)?.[1]);
  if (!Number.isInteger(major))
    throw new Error(`${name} --version answered "${output.trim()}", not a PostgreSQL version.`);
  return { command: name, major };
}

/**
 * A database URL split for a client tool: the URL without its password (for `--dbname`, which `ps` shows) and the
 * password for PGPASSWORD, which only the tool's environment holds. A `password=` query parameter counts too.
 */
export function withoutPassword(url: string): { url: string; password?: string } {
  const parsed = new URL(url);
  const password = parsed.password
    ? decodeURIComponent(parsed.password)
    : (parsed.searchParams.get('password') ?? undefined);
  parsed.password = '';
  parsed.searchParams.delete('password');
  return { url: parsed.toString(), password };
}

/** `text` with the URL's password (as written, and decoded) replaced by `***`. */
export function redactPassword(text: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text;
  }
  const secrets = new Set(
    [parsed.password, parsed.password && decodeURIComponent(parsed.password), parsed.searchParams.get('password')]
      .filter((secret): secret is string => Boolean(secret))
      .flatMap((secret) => [secret, encodeURIComponent(secret)]),
  );
  let redacted = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) redacted = redacted.split(secret).join('***');
  return redacted;
}

/**
 * Runs a PostgreSQL client tool against the database at `url`: `--dbname=` the URL without its password, first of
 * the arguments, and the password in PGPASSWORD. A failure's message carries what the tool wrote on stderr (or the
 * exit status), never the password.
 */
export async function runPgTool(command: string, args: string[], url: string): Promise<void> {
  const connection = withoutPassword(url);
  try {
    await run(command, [`--dbname=${connection.url}`, ...args], {
      maxBuffer: 64 * 1024 * 1024,
      env: connection.password === undefined ? process.env : { ...process.env, PGPASSWORD: connection.password },
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; code?: number | string; signal?: string };
    const stderr = failure.stderr?.trim();
    const why = stderr
      ? stderr
      : failure.signal
        ? `killed by ${failure.signal}`
        : typeof failure.code === 'number'
          ? `exit code ${failure.code}, nothing on stderr`
          : failure.message;
    throw new Error(redactPassword(`${command} failed: ${why}`, url));
  }
}
