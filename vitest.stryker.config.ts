import { defineConfig } from 'vitest/config';
import { testAliases } from './vitest.aliases';

// The tests Stryker runs against each mutant of src/machines: the machine tests only. They drive
// each machine through its events with test doubles for its calls, in milliseconds; the view
// tests render whole screens (seconds each) and would make a full run take hours on two cores.
// Stryker's vitest runner measures per-test coverage, so each mutant runs only the tests that reach it.
export default defineConfig({
  resolve: { alias: testAliases },
  test: {
    name: 'machines',
    environment: 'happy-dom',
    include: ['tests/machines/**/*.test.ts'],
    // The category editor's flaky-server runs (40 seeded random walks, 7 s in all) cover nearly
    // every one of the editor's 1,544 mutants, and Stryker runs a mutant's covering tests until
    // one fails: with them a full run of the editor was heading for 90 minutes, without them 45.
    // They check invariants under random failures, not the named paths; leaving them out can only
    // lower the score.
    exclude: ['tests/machines/**/*.flaky-server.test.ts'],
    setupFiles: ['tests/support/dom-setup.ts'],
    // A mutant that stops a machine leaves `waitFor` waiting: failing the test after 4 s (machine tests
    // take milliseconds) counts it as killed without Stryker's slower time-out and worker restart.
    testTimeout: 4_000,
  },
});
