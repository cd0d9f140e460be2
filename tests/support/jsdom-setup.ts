import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { fakeMediaQueryList } from './media-query';

// `findBy…` and `waitFor` give up after 1 s by default: on a loaded two-core machine a lazy
// route's first import alone can take longer. Waiting longer changes nothing when the screen is
// right (they return as soon as it shows) and only delays the report when it is wrong.
configure({ asyncUtilTimeout: 5_000 });

// Mantine asks the browser about media queries and element sizes; jsdom knows neither.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  // Mantine scrolls some elements into view; jsdom has no layout to scroll.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  // jsdom's own scrollTo only logs "Not implemented" (the survey and onboarding scroll to the top of a new step).
  window.scrollTo = () => {};
}

afterEach(() => {
  cleanup();
});

// `npm run paths -- --coverage` sets PATHS_COVERAGE_DIR: count the transitions every actor takes.
const coverageDir = process.env.PATHS_COVERAGE_DIR;
if (coverageDir) {
  const { recordEveryActor } = await import('./transition-recorder');
  const { writeTaken } = await import('./taken-files');
  recordEveryActor();
  afterAll(() => writeTaken(coverageDir));
}
