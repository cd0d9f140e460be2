/**
 * A covering walk goes on after sends, refusals and saves (tests/support/model-paths.ts), so its
 * assertions compare with what the system held just before the step, not with a fresh start.
 * This wraps a model's event executors so that each first notes that (what the fakes received,
 * what the server stored), then does its event.
 */
import type { EventObject } from 'xstate';
import type { PathExecutors } from './model-paths';

export function notedFirst<TDriver>(
  note: (driver: TDriver, type: string) => unknown | Promise<unknown>,
  events: PathExecutors<TDriver>['events'],
): PathExecutors<TDriver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      async (driver: TDriver, event: EventObject) => {
        await note(driver, type);
        return exec(driver, event);
      },
    ]),
  );
}
