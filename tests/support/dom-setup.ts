import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { reportInitialDisplay, setViewport } from './happy-dom-gaps';
import { skipOwnerStacks } from './react-owner-stacks';

// `findBy…` and `waitFor` give up after 1 s by default: on a loaded two-core machine a lazy
// route's first import alone can take longer. Waiting longer changes nothing when the screen is
// right (they return as soon as it shows) and only delays the report when it is wrong.
configure({ asyncUtilTimeout: 5_000 });

// The web project runs in happy-dom (vitest.config.ts): one window per worker, shared by its files.
reportInitialDisplay(window);
skipOwnerStacks();

afterEach(() => {
  cleanup();
  // A test on a phone's width leaves the next one on a desktop's.
  setViewport('desktop');
});

// `npm run paths -- --coverage` sets PATHS_COVERAGE_DIR: count the transitions every actor takes.
const coverageDir = process.env.PATHS_COVERAGE_DIR;
if (coverageDir) {
  const { recordEveryActor } = await import('./transition-recorder');
  const { writeTaken } = await import('./taken-files');
  recordEveryActor();
  afterAll(() => writeTaken(coverageDir));
}
