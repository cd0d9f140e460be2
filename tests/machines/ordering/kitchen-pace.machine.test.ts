import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { BusyState } from '#contracts/ordering/kitchen-pause';
import { kitchenPaceMachine, selectPace, type KitchenPaceEmitted, type KitchenPaceEvent } from '#src/machines/ordering/kitchen-pace.machine';
import type { PaceChange } from '#src/services/ordering/kitchen-pace';
import { ApiError } from '#src/services/shared/api';
import { assertWalksCover } from '../../support/path-coverage';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as never;
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as never;

const CALM: BusyState = {
  paused: false,
  paused_until: null,
  busy_extra_minutes: 0,
  busy_until: null,
  time_zone: 'America/Chicago',
  country: 'United States',
};
/** 19:00 in Chicago. */
const NOW = '2026-11-26T01:00:00.000Z';
const PAUSED: BusyState = { ...CALM, paused: true, paused_until: '2026-11-26T01:30:00.000Z' };

describe('kitchen pace machine: path coverage', () => {
  it('reaches every state and transition', { timeout: 5_000 }, () => {
    assertWalksCover(kitchenPaceMachine, [
      {
        input: { restaurantId: 42 },
        events: [
          { type: 'pause.choose', minutes: 30 },
          { type: 'pause.resume' },
          { type: 'busy.choose', minutes: 20 },
          { type: 'pace.retry' },
          { type: 'clock.tick', now: NOW },
          done('loadPace', CALM),
          failure('loadPace', new Error('offline')),
          done('savePace', PAUSED),
          failure('savePace', new ApiError('Choose 15, 30 or 60 minutes.', { status: 400, code: 'invalid' })),
        ],
        historyOnly: ['now', 'change'],
      },
    ]);
  });
});

/** The machine with a fake server: each change recorded and answered as the server would. */
function paceActor(options: { refuse?: boolean } = {}) {
  const changes: PaceChange[] = [];
  let tick: ((event: KitchenPaceEvent) => void) | undefined;
  const machine = kitchenPaceMachine.provide({
    actors: {
      loadPace: fromPromise(async () => CALM),
      savePace: fromPromise<BusyState, { restaurantId: number | null; change: PaceChange }>(async ({ input }) => {
        changes.push(input.change);
        if (options.refuse) throw new ApiError('The server is not answering.', { status: 503 });
        if (input.change.kind === 'pause') return input.change.minutes === null ? { ...CALM, paused: true } : PAUSED;
        if (input.change.kind === 'busy')
          return input.change.minutes === 0 ? CALM : { ...CALM, busy_extra_minutes: input.change.minutes, busy_until: '2026-11-26T03:00:00.000Z' };
        return CALM;
      }),
      clock: fromCallback<KitchenPaceEvent>(({ sendBack }) => {
        tick = sendBack;
      }),
    },
  });
  const actor = createActor(machine, { input: { restaurantId: 42 } });
  const emitted: KitchenPaceEmitted[] = [];
  actor.on('screen.announce', (event) => void emitted.push(event));
  actor.start();
  return { actor, changes, emitted, tick: (now: string) => tick?.({ type: 'clock.tick', now }) };
}

describe('kitchen pace machine', () => {
  it('pauses for 30 minutes, announces until when, and stops showing the pause once its time has passed', { timeout: 5_000 }, async () => {
    const { actor, changes, emitted, tick } = paceActor();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'pause.choose', minutes: 30 });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(changes).toEqual([{ kind: 'pause', minutes: 30 }]);
    expect(emitted).toEqual([{ type: 'screen.announce', message: 'Not taking new orders until 7:30 PM' }]);
    tick('2026-11-26T01:29:59.000Z');
    expect(selectPace(actor.getSnapshot())?.paused).toBe(true);
    tick('2026-11-26T01:30:00.000Z');
    expect(selectPace(actor.getSnapshot())).toEqual(CALM);
  });

  it('reopens, adds prep minutes and clears them, saying each', { timeout: 5_000 }, async () => {
    const { actor, changes, emitted } = paceActor();
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    for (const event of [
      { type: 'pause.choose', minutes: null },
      { type: 'pause.resume' },
      { type: 'busy.choose', minutes: 20 },
      { type: 'busy.choose', minutes: 0 },
    ] as const) {
      actor.send(event);
      await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    }
    expect(changes).toEqual([{ kind: 'pause', minutes: null }, { kind: 'resume' }, { kind: 'busy', minutes: 20 }, { kind: 'busy', minutes: 0 }]);
    expect(emitted.map((event) => event.message)).toEqual([
      'Not taking new orders until you reopen',
      'Taking new orders again.',
      'Prep times +20 minutes until 9:00 PM',
      'Prep times are back to normal.',
    ]);
  });

  it('keeps the pace it had and says why when a change is refused; one change at a time', { timeout: 5_000 }, async () => {
    const { actor, changes, emitted } = paceActor({ refuse: true });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'pause.choose', minutes: 15 });
    actor.send({ type: 'busy.choose', minutes: 10 });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(changes).toEqual([{ kind: 'pause', minutes: 15 }]);
    expect(actor.getSnapshot().context).toMatchObject({ pace: CALM, error: 'The server is not answering.' });
    expect(emitted).toEqual([]);
  });
});
