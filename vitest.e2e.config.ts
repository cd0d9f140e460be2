import { defineConfig } from 'vitest/config';

// Browser tests: the built app (npm run build) served by the real server, driven in Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: one Chromium and one server at a time keeps timings steady.
    fileParallelism: false,
  },
});
