import { defineConfig } from 'vitest/config';
import { testAliases } from './vitest.aliases';
import react from '@vitejs/plugin-react';

// Tests that need a real PostgreSQL server (they cut its connection) or Redis run only when one is given.
const needsServices = [
  ...(process.env.TEST_DATABASE_URL ? [] : ['tests/server/**/*.pg.test.ts']),
  ...(process.env.TEST_REDIS_URL ? [] : ['tests/server/**/*.redis.test.ts']),
];

// CI's PostgreSQL tier (.ci/run sets ENGINE_TIER) runs the server tests again on PostgreSQL: what
// would answer the same on any engine ran in npm test already and is left out there. The source
// checks; the web client's retries, which talk to no database; the two process tests of the
// embedded database (the built bundle on a PGlite folder, the shutdown of a PGlite server); and
// the transaction-id test of table-checksums.ts, whose "stays while only reads run" holds only
// where the test is the one writer: on a shared cluster the other files' writes move it (seen in
// CI on 30 November 2026), which the fuzz's use of it tolerates (it then takes checksums again).
const engineIndependent = process.env.ENGINE_TIER
  ? [
      'tests/architecture/**',
      'tests/services/shared/legacy.test.ts',
      'tests/server/server-build.test.ts',
      'tests/server/graceful-shutdown.test.ts',
      'tests/server/table-checksums.test.ts',
    ]
  : [];

// Two projects: the server (Node, real database) and the web app (jsdom).
// Speed on a two-core machine: worker threads (cheaper to start than processes), one module
// graph per worker instead of per file (every file sets up and clears what it uses: its own
// database, storage, DOM), and more workers than cores, because view tests spend much of their
// time waiting on timers and animation frames rather than computing.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: testAliases },
  test: {
    pool: 'threads',
    isolate: false,
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/services/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          exclude: [...needsServices, ...engineIndependent],
          globalSetup: ['tests/server/global-setup.ts'],
          // Many server tests build their own app (a fresh embedded database) inside the test: on
          // a loaded two-core machine that alone can take as long as a hook's setup.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/machines/**/*.test.ts', 'tests/views/**/*.test.tsx', 'tests/support/**/*.test.ts'],
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
