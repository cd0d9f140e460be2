/**
 * A walk goes on from wherever the last step left the screen and the server, so its assertions
 * compare with what was there just before the model's last event, not with what a fresh start
 * leaves (docs/testing.md, "Walks instead of one path per transition"). This wraps a model's
 * executors so that each first runs `note`, which records that on the driver.
 */
import type { EventObject } from 'xstate';
import type { PathExecutors } from './model-paths';

export function notedBeforeEachEvent<TDriver>(
  events: PathExecutors<TDriver>['events'],
  note: (driver: TDriver, type: string) => unknown | Promise<unknown>,
): PathExecutors<TDriver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      async (driver: TDriver, event: EventObject) => {
        await note(driver, type);
        await exec(driver, event);
      },
    ]),
  );
}
