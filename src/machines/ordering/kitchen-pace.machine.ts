import { assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { busyLine, paceNow, pauseBanner, type BusyState } from '../../../contracts/ordering/kitchen-pause';
import { loadPace, savePace, type PaceChange } from '../../services/ordering/kitchen-pace';
import { errorText } from '../../services/shared/error-text';

/**
 * Busy mode on the order board (issue 45): the kitchen's pause of new orders and its extra prep
 * minutes, beside the board's own machine (which owns the orders). One change at a time:
 *
 *   loading ──done──▶ ready ──pause.choose / pause.resume / busy.choose──▶ saving ──done / error──▶ ready
 *      └──error──▶ failed ──pace.retry──▶ loading
 *
 * The clock ticks while it runs, so a pause or busy time whose end passes stops showing then
 * (selectPace reads the server's answer at `now`); nothing is asked of the server for that.
 */

export type KitchenPaceInput = { restaurantId: number | null };
export type KitchenPaceEvent =
  | { type: 'pause.choose'; minutes: 15 | 30 | 60 | null }
  | { type: 'pause.resume' }
  | { type: 'busy.choose'; minutes: 10 | 20 | 0 }
  | { type: 'pace.retry' }
  | { type: 'clock.tick'; now: string };
export type KitchenPaceEmitted = { type: 'screen.announce'; message: string };

type Context = {
  restaurantId: number | null;
  pace: BusyState | null;
  /** The change being sent (saving) or last sent. */
  change: PaceChange | null;
  /** ISO instant the shown pace is read at. */
  now: string;
  /** Why the pace could not be read or changed. */
  error: string | null;
};

/** Often enough that "Not taking new orders until 7:30 PM" goes within seconds of 7:30. */
const CLOCK_TICK_MS = 10_000;

const changeOf = (event: KitchenPaceEvent): PaceChange | null => {
  if (event.type === 'pause.choose') return { kind: 'pause', minutes: event.minutes };
  if (event.type === 'pause.resume') return { kind: 'resume' };
  if (event.type === 'busy.choose') return { kind: 'busy', minutes: event.minutes };
  return null;
};

/** What a screen reader hears once a change is kept: the banner's words, or that it is over. */
function announcement(change: PaceChange | null, pace: BusyState): string {
  if (change?.kind === 'busy') return busyLine(pace) ?? 'Prep times are back to normal.';
  return pauseBanner(pace) ?? 'Taking new orders again.';
}

export const kitchenPaceMachine = setup({
  types: {
    input: {} as KitchenPaceInput,
    context: {} as Context,
    events: {} as KitchenPaceEvent,
    emitted: {} as KitchenPaceEmitted,
  },
  actors: {
    loadPace: fromPromise<BusyState, { restaurantId: number | null }>(({ input }) => loadPace(input)),
    savePace: fromPromise<BusyState, { restaurantId: number | null; change: PaceChange }>(({ input }) => savePace(input)),
    clock: fromCallback<KitchenPaceEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'clock.tick', now: new Date().toISOString() }), CLOCK_TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    keepTime: assign({ now: ({ event }) => (event.type === 'clock.tick' ? event.now : new Date().toISOString()) }),
    keepChange: assign({ change: ({ event }) => changeOf(event), error: null }),
  },
}).createMachine({
  id: 'kitchenPace',
  context: ({ input }) => ({ restaurantId: input.restaurantId, pace: null, change: null, now: new Date().toISOString(), error: null }),
  invoke: { id: 'clock', src: 'clock' },
  on: { 'clock.tick': { actions: 'keepTime' } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPace',
        src: 'loadPace',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: { target: 'ready', actions: [assign({ pace: ({ event }) => event.output, error: null }), 'keepTime'] },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, 'Busy mode could not be loaded.').message }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'pace.retry': 'loading' },
    },
    ready: {
      tags: ['ready'],
      on: {
        'pause.choose': { target: 'saving', actions: 'keepChange' },
        'pause.resume': { target: 'saving', actions: 'keepChange' },
        'busy.choose': { target: 'saving', actions: 'keepChange' },
      },
    },
    saving: {
      tags: ['ready', 'saving'],
      invoke: {
        id: 'savePace',
        src: 'savePace',
        input: ({ context }) => ({ restaurantId: context.restaurantId, change: context.change! }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ pace: ({ event }) => event.output }),
            'keepTime',
            emit(({ context, event }) => ({ type: 'screen.announce', message: announcement(context.change, event.output) }) as const),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => errorText(event.error, 'That change could not be saved. Please try again.').message }),
        },
      },
    },
  },
});

export type KitchenPaceMachine = typeof kitchenPaceMachine;
export type KitchenPaceActor = ActorRefFrom<KitchenPaceMachine>;
type Snapshot = SnapshotFrom<KitchenPaceMachine>;

/** The pace as it stands at the machine's clock: a pause or busy time that has ended reads as none. */
export const selectPace = (snapshot: Snapshot): BusyState | null => snapshot.context.pace && paceNow(snapshot.context.pace, new Date(snapshot.context.now));
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
/** The change being sent, so its control says it is working. */
export const selectSending = (snapshot: Snapshot): PaceChange | null => (snapshot.hasTag('saving') ? snapshot.context.change : null);
