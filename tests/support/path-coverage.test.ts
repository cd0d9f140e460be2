import { assign, fromPromise, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertPathCoverage, measurePathCoverage } from './path-coverage';

// A small machine with everything the helper must synthesise: an invoked actor with both
// outcomes, a named `after` delay and a numeric one, a guarded branch and an eventless step.
const complete = setup({
  types: { context: {} as { tries: number }, events: {} as { type: 'start' } | { type: 'retry' } },
  actors: { load: fromPromise(async () => 'loaded') },
  delays: { lock: 60_000 },
  guards: { tooMany: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'toy',
  context: { tries: 0 },
  initial: 'idle',
  states: {
    idle: { on: { start: 'loading' } },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: 'ready', onError: { target: 'failed', actions: assign({ tries: ({ context }) => context.tries + 1 }) } },
    },
    failed: {
      on: { retry: [{ guard: 'tooMany', target: 'locked' }, { target: 'loading' }] },
    },
    locked: { after: { lock: 'checking' } },
    checking: { always: { target: 'idle', actions: assign({ tries: 0 }) } },
    ready: { after: { 5000: 'idle' } },
  },
});

describe('assertPathCoverage', () => {
  it('passes when the walk, with synthetic actor and timer events, reaches every state and transition', () => {
    const report = assertPathCoverage(complete);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.reached).toEqual(['idle', 'loading', 'failed', 'locked', 'checking', 'ready']);
    // Guarded branches, the eventless step and both delays are all told apart.
    expect(report.transitions.reached).toEqual([
      'idle --start--> loading',
      'loading --xstate.done.actor.load--> ready',
      'loading --xstate.error.actor.load--> failed / assign',
      'failed --retry [tooMany] #1--> locked',
      'failed --retry [otherwise] #2--> loading',
      'locked --xstate.after.lock.toy.locked--> checking',
      'checking --(always)--> idle / assign',
      'ready --xstate.after.5000.toy.ready--> idle',
    ]);
    expect(report.witnesses.get('failed --retry [tooMany] #1--> locked')).toEqual([
      'start',
      'xstate.error.actor.load',
      'retry',
      'xstate.error.actor.load',
      'retry',
    ]);
  });

  it('fails, naming the transition and state, when a guarded branch can never be taken', () => {
    const unreachable = setup({
      types: { events: {} as { type: 'go' } | { type: 'back' } },
      guards: { never: () => false },
    }).createMachine({
      id: 'stuck',
      initial: 'a',
      states: {
        a: { on: { go: [{ guard: 'never', target: 'c' }, { target: 'b' }] } },
        b: { on: { back: 'a' } },
        c: {},
      },
    });
    expect(() => assertPathCoverage(unreachable)).toThrowError(
      /States never reached \(1\):\n {2}- c\nTransitions never taken \(1\):\n {2}- a --go \[never\] #1--> c/,
    );
  });

  it('fails when an outcome only a caller-given payload reaches is not given', () => {
    const picky = setup({
      types: { events: {} as { type: 'pick'; size: number } },
      guards: { big: ({ event }) => event.size > 10 },
    }).createMachine({
      id: 'picky',
      initial: 'open',
      states: {
        open: { on: { pick: [{ guard: 'big', target: 'big' }, { target: 'small' }] } },
        big: {},
        small: {},
      },
    });
    expect(measurePathCoverage(picky, { events: [{ type: 'pick', size: 1 }] }).transitions.missing).toEqual(['open --pick [big] #1--> big']);
    expect(() =>
      assertPathCoverage(picky, {
        events: [
          { type: 'pick', size: 1 },
          { type: 'pick', size: 11 },
        ],
      }),
    ).not.toThrow();
  });
});
