import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

describe('loadConfig', () => {
  it('uses the documented defaults: port 3000, ./data, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, redisUrl: undefined, logLevel: 'info' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads and converts the variables that are set, treating empty ones as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@db:5432/app', TRUST_PROXY: '1', REDIS_URL: '' });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@db:5432/app', trustProxy: { hops: 1 }, redisUrl: undefined });
  });

  it('reads TRUST_PROXY as none, a hop count or the proxies’ addresses, and refuses "true" (every hop) at start', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect([trusted('false'), trusted('0'), loadConfig({}).trustProxy]).toEqual([false, false, false]);
    expect(trusted('2')).toEqual({ hops: 2 });
    expect(trusted('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'] });
    expect(() => trusted('true')).toThrow(/TRUST_PROXY: "true" would trust every hop, so any client could name its own address: give the number of proxies/);
    expect(() => trusted('10.0.0.0/33,proxy.example.com')).toThrow(/TRUST_PROXY: 10\.0\.0\.0\/33, proxy\.example\.com are not an address or range/);
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

  it('takes card payments only with both Stripe keys, on Stripe’s own API unless told otherwise', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123456', STRIPE_WEBHOOK_SECRET: 'whsec_123456' }).stripe).toEqual({
      secretKey: 'sk_test_123456',
      webhookSecret: 'whsec_123456',
      apiUrl: 'https://api.stripe.com',
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123456', STRIPE_WEBHOOK_SECRET: 'whsec_123456', STRIPE_API_URL: 'http://localhost:12111/' }).stripe?.apiUrl,
    ).toBe('http://localhost:12111');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123456' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/);
  });
});
