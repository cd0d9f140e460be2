import { BusyState, type BusyBody, type PauseBody } from '../../../contracts/ordering/kitchen-pause';
import { paths } from '../../../contracts/shared/paths';
import { api } from '../shared/api';

/**
 * Busy mode from the order board (issue 45): the kitchen's pace read, and each change of it. For
 * the restaurant worked on (an administrator's choice), or the caller's own when null.
 */

/** One change the board asks for: a pause (null minutes: until reopened), reopening, or prep minutes (0: normal). */
export type PaceChange = { kind: 'pause'; minutes: PauseBody['minutes'] } | { kind: 'resume' } | { kind: 'busy'; minutes: BusyBody['minutes'] };

const scoped = (restaurantId: number | null) => (restaurantId === null ? {} : { restaurant_id: restaurantId });

export function loadPace({ restaurantId }: { restaurantId: number | null }): Promise<BusyState> {
  return api.get(paths.orders.pace, { struct: BusyState, searchParams: scoped(restaurantId) });
}

/** Sends one change; the answer is the pace as the server keeps it now. */
export function savePace({ restaurantId, change }: { restaurantId: number | null; change: PaceChange }): Promise<BusyState> {
  const options = { struct: BusyState, searchParams: scoped(restaurantId) };
  if (change.kind === 'resume') return api.delete(paths.orders.pause, options);
  const body: PauseBody | BusyBody = { minutes: change.minutes } as PauseBody | BusyBody;
  return api.post(change.kind === 'pause' ? paths.orders.pause : paths.orders.busy, body, options);
}
