import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('loadConfig', () => {
  it('uses the documented defaults: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined, logLevel: 'info' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads and converts the variables that are set, treating empty ones as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/app', TRUST_PROXY: 'true', REDIS_URL: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@db:5432/app', trustProxy: true, redisUrl: undefined });
  });

  it('names every invalid variable in one error', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/app', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = String((thrown as Error).message);
    expect(message).toContain('PORT: Expected a whole number.');
    expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://.');
    expect(message).toContain('LOG_LEVEL: Expected one of');
  });
});
