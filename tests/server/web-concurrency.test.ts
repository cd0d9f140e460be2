import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runClusterPrimary } from '#server/cluster';
import { ConfigError } from '#server/config';
import { testConfig } from './test-app';

it('refuses WEB_CONCURRENCY above 1 on the embedded database, saying that it needs DATABASE_URL', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'web-concurrency-'));
  try {
    const refused = await runClusterPrimary(testConfig({ webConcurrency: 2, databaseUrl: undefined, dataDir, secretKey: undefined })).then(
      () => undefined,
      (error: unknown) => error,
    );
    // A ConfigError: server/main.ts prints its message alone, without a stack trace, and exits 1.
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toBe(
      'Invalid configuration:\n  WEB_CONCURRENCY: 2 server processes need DATABASE_URL: the embedded database (PGlite) opens in one process only, so set DATABASE_URL to a PostgreSQL that they share, or WEB_CONCURRENCY=1.',
    );
    // Refused before anything was started or written (not even the generated secret).
    expect(await readdir(dataDir)).toEqual([]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
