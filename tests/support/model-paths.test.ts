import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assign, createActor, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLOWS } from '../paths/flows';
import {
  checkExecutors,
  coveringWalks,
  modelFlow,
  modelPathCases,
  namedPaths,
  plannedPaths,
  rerunCommand,
  runAsWalks,
  untakenTransitions,
  type PathExecutors,
} from './model-paths';
import { machineTransitionLabels } from './path-coverage';
import { recordInspection, takenTransitions } from './transition-recorder';

// A door as a person sees it: closed, opened, locked from the closed state, and a nested state.
const doorModel = createTestModel(
  setup({
    types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'key.turn' } },
  }).createMachine({
    id: 'frontDoorModel',
    initial: 'closed',
    states: {
      closed: { on: { 'door.open': 'open', 'key.turn': 'locked.fresh' } },
      open: { on: { 'door.close': 'closed' } },
      locked: { id: 'locked', initial: 'fresh', states: { fresh: { on: { 'key.turn': 'twice' } }, twice: {} } },
    },
  }),
);

type Log = string[];
const complete: PathExecutors<Log> = {
  events: {
    'door.open': (log) => {
      log.push('open');
    },
    'door.close': (log) => {
      log.push('close');
    },
    'key.turn': (log) => {
      log.push('turn');
    },
  },
  states: {
    closed: (log) => {
      log.push('(closed)');
    },
    open: (log) => {
      log.push('(open)');
    },
    '#locked': (log) => {
      log.push('(locked)');
    },
  },
};

describe('checkExecutors', () => {
  it("accepts executors that match the model, a parent's assertion (by path or #id) covering its children", () => {
    expect(() => checkExecutors(doorModel, complete)).not.toThrow();
    const { '#locked': _byId, ...byPath } = complete.states;
    expect(() => checkExecutors(doorModel, { ...complete, states: { ...byPath, locked: () => {} } })).not.toThrow();
  });

  it('names every event without an executor and every state without an assertion', () => {
    const { 'key.turn': _turn, ...events } = complete.events;
    const { open: _open, ...states } = complete.states;
    expect(() => checkExecutors(doorModel, { events, states })).toThrowError(
      'The executors do not match the model "frontDoorModel":\n  Events with no executor: key.turn.\n  States with no assertion: open.',
    );
  });

  it('refuses executors and assertions for events and states the model does not have (a typo would never run)', () => {
    expect(() =>
      checkExecutors(doorModel, { events: { ...complete.events, 'door.slam': () => {} }, states: { ...complete.states, ajar: () => {} } }),
    ).toThrowError(/Executors for events the model does not have: door\.slam\.\n {2}Assertions for states the model does not have: ajar\./);
  });

  it('is checked before any path is made: modelPathCases refuses incomplete executors', () => {
    const { closed: _closed, ...states } = complete.states;
    expect(() => modelPathCases(doorModel, { ...complete, states })).toThrowError(/States with no assertion: closed\./);
  });
});

describe('path names', () => {
  it('are the events in order, then the state reached, unique within the flow', () => {
    expect(modelFlow(doorModel)).toBe('front-door');
    expect(
      namedPaths(doorModel)
        .map((path) => path.name)
        .sort(),
    ).toEqual(['door.open → door.close ⇒ closed', 'key.turn → key.turn ⇒ locked.twice']);
  });

  it('refuses a model whose two paths would share a name (they could not be told apart nor rerun)', () => {
    const counter = createTestModel(
      setup({ types: { context: {} as { n: number }, events: {} as { type: 'set'; n: number } } }).createMachine({
        id: 'counterModel',
        context: { n: 0 },
        initial: 'idle',
        states: { idle: { on: { set: { actions: assign({ n: ({ event }) => event.n }) } } } },
      }),
      {
        events: [
          { type: 'set', n: 1 },
          { type: 'set', n: 2 },
        ],
      },
    );
    expect(() => namedPaths(counter)).toThrowError('Model "counter" has two paths named "set ⇒ idle"; give the events distinct types.');
  });

  it('gives a rerun command a POSIX shell takes as one argument, quotes included', () => {
    expect(rerunCommand('login', "fill → it's ⇒ done")).toBe("npm run paths -- login 'fill → it'\\''s ⇒ done'");
    expect(rerunCommand('login', 'a ⇒ b', { browser: true })).toBe("npm run paths -- login 'a ⇒ b' --browser");
  });
});

describe('running a path case', () => {
  it('runs each event, then checks the state reached, in order', async () => {
    const locked = modelPathCases(doorModel, complete).find((path) => path.target === 'locked.twice')!;
    expect(locked.title).toBe('[front-door] key.turn → key.turn ⇒ locked.twice');
    const log: Log = [];
    await locked.run(log);
    expect(log).toEqual(['(closed)', 'turn', '(locked)', 'turn', '(locked)']);
  });

  it("fails with the path's name, the step and the command that reruns it in front of the cause", async () => {
    const broken: PathExecutors<Log> = {
      ...complete,
      states: {
        ...complete.states,
        open: () => {
          throw new Error('the door is still shut');
        },
      },
    };
    const opening = modelPathCases(doorModel, broken).find((path) => path.events[0] === 'door.open')!;
    await expect(opening.run([])).rejects.toThrowError(
      new RegExp(
        '^Path failed: front-door › door\\.open → door\\.close ⇒ closed\nFailed at step 1 of 2, door\\.open, checking open\nSeed: .*\n' +
          "Rerun it alone: npm run paths -- front-door 'door\\.open → door\\.close ⇒ closed'\n\nthe door is still shut\n",
      ),
    );
  });
});

// A hall: the door opens onto a room one can walk into (and stay); a locked door turns back.
// Its walk.in comes before door.close, so that the first walk ends in the room early.
const hallMachine = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.close' } | { type: 'key.turn' } | { type: 'walk.in' } },
}).createMachine({
  id: 'hallModel',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'open', 'key.turn': 'locked' } },
    open: { on: { 'walk.in': 'inside', 'door.close': 'closed' } },
    locked: { on: { 'key.turn': 'closed' } },
    inside: { type: 'final' },
  },
});
const eventsOf = (path: { steps: { event: { type: string } }[] }) => path.steps.slice(1).map((step) => step.event.type);

describe('covering walks', () => {
  const hallModel = createTestModel(hallMachine);

  it('take every transition a shortest path is made for (a state and an event), each walk from the start', () => {
    // What getShortestPaths counts, prefixes kept: the state before each path's last event, and that event.
    const counted = hallModel
      .getShortestPaths({ allowDuplicatePaths: true })
      .filter((path) => path.steps.length > 1)
      .map((path) => `${JSON.stringify(path.steps.at(-2)!.state.value)} ${path.steps.at(-1)!.event.type}`);
    expect(counted).toHaveLength(5);
    const taken = coveringWalks(hallModel).flatMap((walk) =>
      walk.steps.slice(1).map((step, index) => `${JSON.stringify(walk.steps[index]!.state.value)} ${step.event.type}`),
    );
    for (const transition of counted) expect(taken).toContain(transition);
    for (const walk of coveringWalks(hallModel)) expect(walk.steps[0]!.state.value).toBe('closed');
    expect(
      untakenTransitions(
        hallModel,
        coveringWalks(hallModel).map((walk) => ({ events: eventsOf(walk) })),
      ),
    ).toEqual([]);
  });

  it('go on to the nearest transition not yet taken, in the model order, and start again when none is left to reach', () => {
    const walks = coveringWalks(hallModel);
    expect(walks.map(eventsOf)).toEqual([
      // From the start, the first event of each state not taken yet, until the room (final) ends the walk.
      ['door.open', 'walk.in'],
      // Again from the start: key.turn is the one left at the door; back at the door, nothing is
      // left there, and the nearest untaken transition is door.close, through the door opened again.
      ['key.turn', 'key.turn', 'door.open', 'door.close'],
    ]);
    expect(walks.map((walk) => walk.state.value)).toEqual(['inside', 'closed']);
    // The same walks on every run.
    expect(coveringWalks(hallModel).map(eventsOf)).toEqual(walks.map(eventsOf));
  });

  it('name what a run leaves untaken', () => {
    expect(untakenTransitions(hallModel, [{ events: ['door.open', 'walk.in'] }])).toEqual([
      'closed --key.turn-->',
      'open --door.close-->',
      'locked --key.turn-->',
    ]);
  });

  it('are what the suites run for a model marked runAsWalks; --shortest (PATHS_SHORTEST) runs its shortest paths', () => {
    const walked = runAsWalks(createTestModel(hallMachine));
    expect(plannedPaths(walked).map(({ name, events }) => ({ name, events }))).toEqual([
      { name: 'walk 1', events: ['door.open', 'walk.in'] },
      { name: 'walk 2', events: ['key.turn', 'key.turn', 'door.open', 'door.close'] },
    ]);
    expect(plannedPaths(hallModel).map((path) => path.name)).toEqual(namedPaths(hallModel).map((path) => path.name));
    vi.stubEnv('PATHS_SHORTEST', '1');
    expect(plannedPaths(walked).map((path) => path.name)).toEqual(namedPaths(hallModel).map((path) => path.name));
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('stop, for a runner that cannot make an event happen, just before it (a walk that starts with it, and a shortest path with it, are left out)', () => {
    const walked = runAsWalks(createTestModel(hallMachine));
    const none = {
      events: { 'door.open': () => {}, 'door.close': () => {}, 'key.turn': () => {}, 'walk.in': () => {} },
      states: { closed: () => {}, open: () => {}, locked: () => {}, inside: () => {} },
    };
    const run = (model: typeof walked, leftOut: string[]) =>
      modelPathCases(model, none, { leftOut }).map(({ name, events, target }) => ({ name, events, target }));
    expect(run(walked, ['walk.in'])).toEqual([
      { name: 'walk 1', events: ['door.open'], target: 'open' },
      { name: 'walk 2', events: ['key.turn', 'key.turn', 'door.open', 'door.close'], target: 'closed' },
    ]);
    expect(run(walked, ['key.turn']).map(({ name }) => name)).toEqual(['walk 1']);
    const shortest = namedPaths(hallModel).map(({ name }) => name);
    expect(run(hallModel, ['walk.in']).map(({ name }) => name)).toEqual(shortest.filter((name) => !name.includes('walk.in')));
  });

  it('fail with the step, the command that reruns the walk and the shortest path through that step', async () => {
    const walked = runAsWalks(createTestModel(hallMachine));
    const shut = new Error('the door is jammed');
    const log: string[] = [];
    const cases = modelPathCases(walked, {
      events: {
        'door.open': () => {
          log.push('open');
        },
        'door.close': () => {
          throw shut;
        },
        'key.turn': () => {
          log.push('turn');
        },
        'walk.in': () => {
          log.push('in');
        },
      },
      states: { closed: () => {}, open: () => {}, locked: () => {}, inside: () => {} },
    });
    expect(cases.map(({ title, walk }) => ({ title, walk }))).toEqual([
      { title: '[hall] walk 1', walk: true },
      { title: '[hall] walk 2', walk: true },
    ]);
    await cases[0]!.run(undefined);
    await expect(cases[1]!.run(undefined)).rejects.toThrowError(
      new RegExp(
        '^Path failed: hall › walk 2\nFailed at step 4 of 4, door\\.close\n.*\n' +
          "Rerun it alone: npm run paths -- hall 'walk 2'\n" +
          "Or only the shortest path through that step: npm run paths -- hall 'door\\.open → door\\.close ⇒ closed' --shortest\n\nthe door is jammed",
      ),
    );
    expect(log).toEqual(['open', 'in', 'turn', 'turn', 'open']);
  });
});

describe('the flows npm run paths knows', () => {
  const modelFiles = readdirSync('tests/models', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.model.ts'));

  it('include every model of tests/models, each once, with a happy-dom test file that runs its paths', () => {
    const declared = modelFiles.flatMap((file) =>
      [...readFileSync(join('tests/models', file), 'utf8').matchAll(/id: '(\w+)Model'/g)].map((match) =>
        match[1]!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
      ),
    );
    expect(FLOWS.map((flow) => flow.name).sort()).toEqual([...declared].sort());
    for (const flow of FLOWS) {
      expect(existsSync(flow.view), flow.view).toBe(true);
      expect(readFileSync(flow.view, 'utf8')).toContain('modelPathCases(');
      if (flow.browser) expect(existsSync(flow.browser), flow.browser).toBe(true);
    }
  });

  it('leave to happy-dom only events of their own model, and only in flows that have a Chromium replay', () => {
    for (const flow of FLOWS.filter((candidate) => candidate.domOnly)) {
      expect(flow.browser, flow.name).toBeDefined();
      const events = new Set(flow.planned().flatMap((path) => path.events));
      for (const event of Object.keys(flow.domOnly!)) expect(events.has(event), `${flow.name}: ${event}`).toBe(true);
      // Something is still replayed.
      expect(
        flow.planned().some((path) => Object.keys(flow.domOnly!).every((event) => !path.events.includes(event))),
        flow.name,
      ).toBe(true);
    }
  });

  it('have unique, non-empty path names in every flow', () => {
    for (const flow of FLOWS) {
      const names = flow.pathNames();
      expect(names.length, flow.name).toBeGreaterThan(0);
      expect(new Set(names).size, flow.name).toBe(names.length);
    }
  });
});

describe('the transition recorder', () => {
  it('counts the transition definitions an actor takes, by the labels path coverage gives them', () => {
    const gate = setup({
      types: { context: {} as { tries: number }, events: {} as { type: 'try' } },
      guards: { third: ({ context }) => context.tries >= 2 },
    }).createMachine({
      id: 'recordedGate',
      context: { tries: 0 },
      initial: 'shut',
      states: {
        shut: { on: { try: [{ guard: 'third', target: 'open' }, { actions: assign({ tries: ({ context }) => context.tries + 1 }) }] } },
        open: {},
      },
    });
    const actor = createActor(gate, { inspect: recordInspection }).start();
    actor.send({ type: 'try' });
    const all = machineTransitionLabels(gate);
    expect(all).toEqual(['shut --try [third] #1--> open', 'shut --try [otherwise] #2--> (stays) / assign']);
    expect(takenTransitions().recordedGate).toEqual([all[1]]);
    actor.send({ type: 'try' });
    actor.send({ type: 'try' });
    expect(takenTransitions().recordedGate).toEqual([...all].sort());
    actor.stop();
  });
});
