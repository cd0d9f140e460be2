import { defineConfig } from 'vitest/config';
import { testAliases } from './vitest.aliases';

// Browser tests: the built app (npm run build) served by the real server, driven in Chromium.
// Files run two at a time, one per core: each file starts its own server (on a free port, with a
// data folder of its own, copied from one migrated in global-setup) and its own Chromium, so no
// file sees another's data. Processes rather than threads: Chromium's and the server's handles
// stay with the file that opened them.
export default defineConfig({
  resolve: { alias: testAliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
