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

/** Runs a PostgreSQL client tool; a failure's message carries what the tool wrote on stderr. */
export async function runPgTool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${command} failed${stderr ? `: ${stderr}` : `: ${(error as Error).message}`}`);
  }
}
