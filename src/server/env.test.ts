import { describe, expect, it } from 'vitest';
import { EnvError, missingSharedSecrets, parseEnv } from './env';

describe('environment configuration', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 4321,
      HOST: 'localhost',
      DATA_DIR: './data',
      SEED_DEMO: true,
      publicUrl: 'http://localhost:4321',
      isHttps: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads the log level and the metrics settings (docs/operations.md "Logs", "Metrics")', () => {
    expect(parseEnv({}).LOG_LEVEL).toBe('info');
    expect(parseEnv({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('warn');
    expect(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(() => parseEnv({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(parseEnv({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: 'a-long-enough-token',
      METRICS_PORT: 9464,
    });
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ PORT: '4321', METRICS_PORT: '4321' })).toThrow(/METRICS_PORT/);
  });

  it('treats empty variables as unset and reads flags', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '8080', SEED_DEMO: 'false', PUBLIC_URL: 'https://mavuno.example/' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(false);
    expect(env.publicUrl).toBe('https://mavuno.example');
    expect(env.isHttps).toBe(true);
  });

  it('defaults PUBLIC_URL to the address listened on, so links come back to the host whose cookies the browser holds', () => {
    expect(parseEnv({ HOST: '127.0.0.1', PORT: '4400' }).publicUrl).toBe('http://127.0.0.1:4400');
    expect(parseEnv({ HOST: '192.168.1.20', PORT: '8080' }).publicUrl).toBe('http://192.168.1.20:8080');
    expect(parseEnv({ HOST: 'mavuno.lan' }).publicUrl).toBe('http://mavuno.lan:4321');
    expect(parseEnv({ HOST: '::1', PORT: '4400' }).publicUrl).toBe('http://[::1]:4400');
    // Every address of the machine is no address a browser opens: localhost.
    for (const any of ['0.0.0.0', '::'])
      expect(parseEnv({ HOST: any, PORT: '4400' }).publicUrl).toBe('http://localhost:4400');
    // Set, PUBLIC_URL wins (a site behind a proxy): the defaults that follow it too.
    const proxied = parseEnv({ HOST: '127.0.0.1', PORT: '4400', PUBLIC_URL: 'https://mavuno.example' });
    expect(proxied).toMatchObject({ publicUrl: 'https://mavuno.example', isHttps: true, SANDBOX_PAYMENTS: false });
  });

  it('fails with a message naming every bad variable', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', PUBLIC_URL: 'ftp://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL']) expect(message).toContain(name);
    expect(message).toContain('README.md');
  });

  it('reads the platform fee in basis points and the automatic release delay', () => {
    expect(parseEnv({})).toMatchObject({ platformFeeBps: 0, DEAL_AUTO_RELEASE_DAYS: 7 });
    expect(parseEnv({ PLATFORM_FEE_PERCENT: '2.5' }).platformFeeBps).toBe(250);
    expect(parseEnv({ PLATFORM_FEE_PERCENT: '1,75' }).platformFeeBps).toBe(175);
    expect(parseEnv({ PLATFORM_FEE_PERCENT: '100' }).platformFeeBps).toBe(10_000);
    expect(parseEnv({ DEAL_AUTO_RELEASE_DAYS: '3' }).DEAL_AUTO_RELEASE_DAYS).toBe(3);
    for (const bad of ['-1', '2.555', 'two', '100.5', '250'])
      expect(() => parseEnv({ PLATFORM_FEE_PERCENT: bad })).toThrow(EnvError);
    expect(() => parseEnv({ DEAL_AUTO_RELEASE_DAYS: '0' })).toThrow(EnvError);
  });

  it('reads the geocoder and the map tile server, OpenStreetMap by default', () => {
    const env = parseEnv({});
    expect(env.GEOCODER_URL).toBeUndefined();
    expect(env.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(env.MAP_TILE_ATTRIBUTION).toBe('© OpenStreetMap contributors');
    const set = parseEnv({
      GEOCODER_URL: 'https://nominatim.example.org',
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
    expect(set.GEOCODER_URL).toBe('https://nominatim.example.org');
    expect(set.MAP_TILE_URL).toBe('https://{s}.tiles.example.org/{z}/{x}/{y}.png');
    expect(() => parseEnv({ GEOCODER_URL: 'ftp://geo.example.org' })).toThrow(EnvError);
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(EnvError);
  });

  it('asks for the secrets processes on one PostgreSQL database must share, naming each, and nothing on PGlite', () => {
    const postgres = 'postgres://mavuno@db.internal/mavuno';
    expect(missingSharedSecrets(parseEnv({}))).toEqual([]);
    const [problem, ...others] = missingSharedSecrets(parseEnv({ DATABASE_URL: postgres }));
    expect(others).toEqual([]);
    expect(problem).toMatch(/^SANDBOX_PAYMENT_SECRET: /);
    const secret = 'a-shared-secret-of-32-characters';
    expect(missingSharedSecrets(parseEnv({ DATABASE_URL: postgres, SANDBOX_PAYMENT_SECRET: secret }))).toEqual([]);
    expect(missingSharedSecrets(parseEnv({ DATABASE_URL: postgres, SANDBOX_PAYMENTS: 'false' }))).toEqual([]);
    // An https site has no sandbox unless asked for.
    expect(missingSharedSecrets(parseEnv({ DATABASE_URL: postgres, PUBLIC_URL: 'https://mavuno.example' }))).toEqual(
      [],
    );
  });
});
