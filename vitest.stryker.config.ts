import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant of src/machines: the machine tests only. They drive
// each machine through its events with test doubles for its calls, in milliseconds; the view
// tests render whole screens (seconds each) and would make a full run take hours on two cores.
// Stryker's vitest runner measures per-test coverage, so each mutant runs only the tests that reach it.
export default defineConfig({
  test: {
    name: 'machines',
    environment: 'jsdom',
    include: ['tests/machines/**/*.test.ts'],
    setupFiles: ['tests/support/jsdom-setup.ts'],
    // A mutant that stops a machine leaves `waitFor` waiting: failing the test after 4 s (machine tests
    // take milliseconds) counts it as killed without Stryker's slower time-out and worker restart.
    testTimeout: 4_000,
  },
});
