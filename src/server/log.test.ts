import { describe, expect, it } from 'vitest';
import { errorMessage, log, safeError, setLogDestination } from './log';

describe('the log', () => {
  it('censors credentials wherever they stand in a logged object', () => {
    const lines: string[] = [];
    const previous = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      log.error(
        { password: 'harvest-2026', pin: '1234', headers: { authorization: 'Bearer abc', cookie: 'mavuno_session=s' } },
        'refused',
      );
    } finally {
      setLogDestination(previous);
    }
    expect(lines).toHaveLength(1);
    for (const secret of ['harvest-2026', '1234', 'Bearer abc', 'mavuno_session=s'])
      expect(lines[0]).not.toContain(secret);
    expect(JSON.parse(lines[0])).toMatchObject({ password: '[redacted]', headers: { authorization: '[redacted]' } });
  });

  it('logs an error and its causes without the values they carry, at any depth', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_key"'), {
      code: '23505',
      constraint: 'users_phone_key',
      detail: 'Key (phone)=(+254712345678) already exists.',
      where: 'SQL statement "insert … +254712345678"',
      cause: Object.assign(new Error('connection reset'), { parameters: ['+254712345678'] }),
    });
    const query = Object.assign(
      new Error('Failed query: insert into "users" ("phone") values ($1)\nparams: +254712345678'),
      {
        params: ['+254712345678'],
        cause: driver,
      },
    );
    const lines: string[] = [];
    const previous = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      log.error({ err: query }, 'failed');
    } finally {
      setLogDestination(previous);
    }
    expect(lines[0]).not.toContain('712345678');
    const err = JSON.parse(lines[0]).err;
    expect(err).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "users" ("phone") values ($1)',
      cause: { code: '23505', constraint: 'users_phone_key', cause: { message: 'connection reset' } },
    });
    expect(err.stack).toMatch(/^Error: Failed query: insert into "users" \("phone"\) values \(\$1\)\n {4}at /);
    expect(Object.keys(err.cause)).not.toContain('detail');
    expect(errorMessage(query)).toBe(
      'Failed query: insert into "users" ("phone") values ($1): duplicate key value violates unique constraint "users_phone_key": connection reset',
    );
    expect(safeError('not an error')).toBe('not an error');
  });
});
