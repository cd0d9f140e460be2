import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { testAliases } from './vitest.aliases';

// The files that take longest (29 November 2026, in seconds on an idle machine: a11y-routes 115,
// onboarding 80, server-process 70, menu-screens 65, storefront-orders 60), started first. With
// no timings of its own (a clean clone), Vitest starts the largest files first, and a short file
// that runs long, started last, kept one worker busy for minutes after the others had finished.
const LONGEST = ['a11y-routes', 'onboarding', 'server-process', 'menu-screens', 'storefront-orders', 'onboarding-paths'];
const longestRank = (spec: TestSpecification) => {
  const rank = LONGEST.findIndex((name) => spec.moduleId.endsWith(`/${name}.e2e.test.ts`));
  return rank === -1 ? LONGEST.length : rank;
};
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => longestRank(a) - longestRank(b));
  }
}

// The workers' temporary folder: one for the run, made and removed by tests/e2e/global-setup.ts.
// Vitest stops a worker that is slow to exit with SIGKILL; what it had there (Chromium's profile
// folder, its servers' data folders and databases) goes with the run's folder instead of staying in /tmp.
const RUN_TMPDIR = join(tmpdir(), `rp-e2e-run-${process.pid}`);

// Browser tests: the built app (npm run build) served by the real server, driven in Chromium.
// Each file starts its own server (on a free port, with a data folder of its own, on an embedded
// database that is a copy of one migrated in global-setup or one the worker's earlier file left,
// emptied: tests/e2e/harness.ts), so no file sees another's data, and its own contexts in the
// worker's one Chromium (tests/e2e/shared-browser.ts). Processes rather than threads: the server's handles
// stay with the worker that opened them, and a worker's exit takes its Chromium with it.
// Three files at a time on two cores: a file waits on the browser or the server much of the time
// (whole suite, idle machine: 615 s with four workers, 545 s with three, both cores busy at three).
// One module graph per worker (isolate: false): the server's modules are imported once per
// worker, not once per file (~2.5 s of CPU each); the files share no state through them.
export default defineConfig({
  resolve: { alias: testAliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    env: { TMPDIR: RUN_TMPDIR },
    pool: 'forks',
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
    // Limits for a loaded machine: on 30 November 2026 this two-core machine ran the suite at half
    // the speed of the day before (1,235 s against 576 s), and tests that take 15 s alone took
    // over 60 s three files at a time. A limit stops a test that hangs; it is not a speed check.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a screen that settles in 2 s on a loaded machine is not wrong.
    expect: { poll: { timeout: 15_000 } },
    sequence: { sequencer: LongestFirst },
  },
});
