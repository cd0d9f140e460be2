/**
 * Runs the paths of a `createTestModel` model against any system under test (ARCHITECTURE.md,
 * "Model-based path tests", layer 2). The executors take a driver of the caller's choosing:
 * Testing Library handles in happy-dom, a Playwright page in Chromium. The same model, the same
 * executor shape, two very different runners.
 */
import { writeSync } from 'node:fs';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getStateNodes, type TestModel, type TestParam, type TestPath } from 'xstate/graph';

/** Any model made by createTestModel, whatever its machine's types. */
type ModelOf<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject> = TestModel<TSnapshot, TEvent, unknown>;

export interface PathExecutors<TDriver> {
  /** Assertions, keyed like `state.matches()` ('failed', 'form.valid') or by '#id'. */
  states: Record<string, (driver: TDriver, snapshot: AnyMachineSnapshot) => unknown | Promise<unknown>>;
  /** How to make each of the model's events happen in the system under test. */
  events: Record<string, (driver: TDriver, event: EventObject) => unknown | Promise<unknown>>;
}

export interface ModelPathCase<TDriver> {
  /** The flow the model describes, e.g. "landing-signup" (see modelFlow). */
  flow: string;
  /** e.g. "fill.valid → form.submit → server.reject ⇒ failed": unique within its flow. */
  name: string;
  /** "[flow] name": the test's title, unique across every flow. */
  title: string;
  /** The model's events along the path, in order. */
  events: string[];
  /** The model state the path ends in. */
  target: string;
  /** Whether it is one of the model's covering walks (else one of its shortest paths). */
  walk: boolean;
  /** Drives the path with a fresh driver: the start state's assertion, then each event and the assertion of the state it reaches. */
  run: (driver: TDriver) => Promise<void>;
}

function modelMachine<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): AnyStateMachine {
  const logic = model.testLogic as unknown;
  if (typeof logic !== 'object' || logic === null || !('root' in logic)) {
    throw new Error('modelPathCases needs a model made by createTestModel(machine).');
  }
  return logic as AnyStateMachine;
}

function stateKey(node: AnyStateNode): string {
  return node.path.join('.');
}

/** Every event type the model's machine accepts somewhere (XState's own events excluded). */
export function modelEventTypes<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): string[] {
  const machine = modelMachine(model);
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
  }
  return [...types].sort();
}

/** The model's leaf states: each must be checked by an assertion on itself or on a parent. */
export function modelLeafStates<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): string[] {
  return getStateNodes(modelMachine(model).root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map(stateKey);
}

/**
 * The two meta-checks: every event type of the model has an executor and every state has an
 * assertion. Also refuses executors for events or states the model does not have (a typo
 * would otherwise silently never run). Throws one error listing everything that is off.
 */
export function checkExecutors<TDriver, S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>, executors: PathExecutors<TDriver>): void {
  const machine = modelMachine(model);
  const nodes = getStateNodes(machine.root);
  const resolve = (key: string): AnyStateNode | undefined =>
    key.startsWith('#') ? nodes.find((node) => node.id === key.slice(1)) : nodes.find((node) => stateKey(node) === key);

  const problems: string[] = [];
  const eventTypes = modelEventTypes(model);
  const missingEvents = eventTypes.filter((type) => !(type in executors.events));
  if (missingEvents.length > 0) problems.push(`Events with no executor: ${missingEvents.join(', ')}.`);
  const unknownEvents = Object.keys(executors.events).filter((type) => !eventTypes.includes(type));
  if (unknownEvents.length > 0) problems.push(`Executors for events the model does not have: ${unknownEvents.join(', ')}.`);

  const unknownStates = Object.keys(executors.states).filter((key) => resolve(key) === undefined);
  if (unknownStates.length > 0) problems.push(`Assertions for states the model does not have: ${unknownStates.join(', ')}.`);
  const asserted = Object.keys(executors.states)
    .map(resolve)
    .filter((node): node is AnyStateNode => node !== undefined);
  const isCovered = (leaf: AnyStateNode) => asserted.some((node) => node === leaf || leaf.path.slice(0, node.path.length).join('.') === stateKey(node));
  const unasserted = nodes.filter((node) => (node.type === 'atomic' || node.type === 'final') && !isCovered(node));
  if (unasserted.length > 0) problems.push(`States with no assertion: ${unasserted.map(stateKey).join(', ')}.`);

  if (problems.length > 0) {
    throw new Error(`The executors do not match the model "${machine.id}":\n  ${problems.join('\n  ')}`);
  }
}

/**
 * The flow a model describes, as testers type it: the model machine's id without "Model",
 * in kebab case ('registrationModel' → 'registration', 'categoryEditModel' → 'category-edit').
 */
export function modelFlow<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): string {
  return modelMachine(model)
    .id.replace(/Model$/, '')
    .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A state value as a dotted path ('email.failed'), parallel regions joined by ' + '. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = stateName(child);
      return typeof child === 'object' && child !== null && Object.keys(child).length === 0 ? key : `${key}.${inner}`;
    })
    .join(' + ');
}

/** A path's name: its events in order, then the state it ends in. */
export function pathName(events: readonly string[], target: string): string {
  return `${events.length > 0 ? events.join(' → ') : '(start)'} ⇒ ${target}`;
}

/** The generated paths of a model, named (what `npm run paths` lists and the tests run). */
export function namedPaths<S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
  paths: TestPath<S, E>[] = model.getShortestPaths(),
): { name: string; events: string[]; target: string; path: TestPath<S, E> }[] {
  const named = paths.map((path) => {
    const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
    const target = stateName(path.state.value);
    return { name: pathName(events, target), events, target, path };
  });
  const seen = new Set<string>();
  for (const { name } of named) {
    // Two paths with one name could not be told apart in a report nor rerun on their own.
    if (seen.has(name)) throw new Error(`Model "${modelFlow(model)}" has two paths named "${name}"; give the events distinct types.`);
    seen.add(name);
  }
  return named;
}

/** One of a model's transitions as `getShortestPaths` counts them: a state (value and context) and an event. */
function transitionKey(state: string, event: string): string {
  return `${state} ${event}`;
}

/**
 * Walks that take every transition of the model (every state and event pair that
 * `getShortestPaths` makes a path to), with far fewer fresh starts and steps than one path per
 * transition. Greedy and deterministic: each walk starts from the initial state and goes on from
 * where it is to the nearest transition not yet taken (breadth first over the model's adjacency
 * map, events in the model's own order, the first one found winning); when none is reachable
 * (a final state, or every reachable one taken) the next walk starts from the initial state.
 * Each walk is a TestPath: `path.test` checks the state after every step, as for a shortest path.
 */
export function coveringWalks<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): TestPath<S, E>[] {
  const serializeState = model.options.serializeState!;
  const serializeEvent = model.options.serializeEvent!;
  // Without an event, the model's serialization is the state's alone (createTestModel appends
  // " via <event> from <state>" only to tell transitions apart).
  const keyOf = (state: S) => serializeState(state, undefined, undefined);
  type Move = { key: string; event: E; to: string };
  const graph = new Map<string, Move[]>();
  let initial: string | undefined;
  for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
    const from = keyOf(state);
    initial ??= from;
    if (graph.has(from)) continue;
    graph.set(
      from,
      (Object.values(transitions) as { event: E; state: S }[]).map(({ event, state: next }) => ({
        key: transitionKey(from, serializeEvent(event)),
        event,
        to: keyOf(next),
      })),
    );
  }
  if (initial === undefined) return [];
  const untaken = new Set([...graph.values()].flat().map((move) => move.key));

  /** The moves from `start` to the nearest untaken transition, that one last; undefined if none is reachable. */
  const routeToUntaken = (start: string): Move[] | undefined => {
    const cameBy = new Map<string, { from: string; move: Move } | null>([[start, null]]);
    const queue = [start];
    for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
      const moves = graph.get(at) ?? [];
      const fresh = moves.find((move) => untaken.has(move.key));
      if (fresh) {
        const route = [fresh];
        for (let back = cameBy.get(at); back; back = cameBy.get(back.from)) route.unshift(back.move);
        return route;
      }
      for (const move of moves) {
        if (cameBy.has(move.to)) continue;
        cameBy.set(move.to, { from: at, move });
        queue.push(move.to);
      }
    }
    return undefined;
  };

  const walks: E[][] = [];
  while (untaken.size > 0) {
    const events: E[] = [];
    for (let at = initial, route = routeToUntaken(at); route; route = routeToUntaken(at)) {
      for (const move of route) {
        events.push(move.event);
        untaken.delete(move.key);
        at = move.to;
      }
    }
    // Every transition of the adjacency map is reachable from the initial state, so a walk from it takes one at least.
    if (events.length === 0) throw new Error(`Model "${modelFlow(model)}": ${untaken.size} transitions cannot be reached.`);
    walks.push(events);
  }
  return walks.map((events) => model.getPathsFromEvents(events)[0]!);
}

/**
 * The model's transitions (as `coveringWalks` and `getShortestPaths` count them) that none of the
 * given runs takes, each as "state --event-->". Runs are given by their events, as a
 * ModelPathCase lists them. An empty list: the runs take every transition.
 */
export function untakenTransitions<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>, runs: { events: readonly string[] }[]): string[] {
  const serializeState = model.options.serializeState!;
  const label = (state: S, type: string) => `${stateName(state.value)} --${type}-->`;
  const all = new Map<string, string>();
  for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
    for (const { event } of Object.values(transitions) as { event: E }[]) {
      all.set(transitionKey(serializeState(state, undefined, undefined), event.type), label(state, event.type));
    }
  }
  for (const { events } of runs) {
    const path = model.getPathsFromEvents(events.map((type) => ({ type }) as E))[0]!;
    path.steps.slice(1).forEach((step, index) => {
      all.delete(transitionKey(serializeState(path.steps[index]!.state, undefined, undefined), step.event.type));
    });
  }
  return [...all.values()];
}

/**
 * Models whose executors hold on a walk (they assert what each step changed, not what a fresh
 * start leaves): their suites run `coveringWalks` instead of one path per transition.
 */
const walkedModels = new WeakSet<object>();

/** Marks a model to run as covering walks (in its model file, so that every runner and `npm run paths` agree). */
export function runAsWalks<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): ModelOf<S, E> {
  walkedModels.add(model);
  return model;
}

export function runsAsWalks<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>): boolean {
  return walkedModels.has(model);
}

/**
 * `npm run paths -- <flow> --shortest '<name>'` sets PATHS_SHORTEST: a walked model's suites then
 * run its shortest paths instead, so that one transition can be tried on its own.
 */
function shortestWanted(): boolean {
  return Boolean(process.env.PATHS_SHORTEST);
}

/** A walk's name: "walk 2" (its events are listed by `npm run paths -- <flow>`). */
export function walkName(index: number): string {
  return `walk ${index + 1}`;
}

/** What a model's suites run: its covering walks if it is marked so, else its shortest paths. */
export function plannedPaths<S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
): { name: string; events: string[]; target: string; path: TestPath<S, E>; walk: boolean }[] {
  if (!runsAsWalks(model) || shortestWanted()) return namedPaths(model).map((path) => ({ ...path, walk: false }));
  return namedPaths(model, coveringWalks(model)).map((path, index) => ({ ...path, name: walkName(index), walk: true }));
}

/**
 * What a runner that cannot make some of the model's events happen (a real server never fails
 * without words) runs of a plan: a shortest path with such an event is left out (the other paths
 * take its steps before it), and a walk stops just before the first one, under its own name,
 * unless that is its first step. What a walk does after it is left to the runners that can.
 */
function withoutEvents<
  S extends AnyMachineSnapshot,
  E extends EventObject,
  T extends { events: string[]; target: string; path: TestPath<S, E>; walk: boolean },
>(model: ModelOf<S, E>, planned: T[], leftOut: readonly string[]): T[] {
  return planned.flatMap((run) => {
    const at = run.events.findIndex((type) => leftOut.includes(type));
    if (at < 0) return [run];
    if (!run.walk || at === 0) return [];
    const events = run.events.slice(0, at);
    const path = model.getPathsFromEvents(events.map((type) => ({ type }) as E))[0]!;
    return [{ ...run, events, target: stateName(path.state.value), path }];
  });
}

/**
 * The name of the shortest path that takes the transition from `before` by `event`: the model's
 * shortest path to that transition, or the longer one that starts with it (the list leaves out
 * paths that begin another). What a tester reruns to try one step of a walk on its own.
 */
export function shortestPathThrough<S extends AnyMachineSnapshot, E extends EventObject>(model: ModelOf<S, E>, before: S, event: E): string | undefined {
  const serializeState = model.options.serializeState!;
  const serializeEvent = model.options.serializeEvent!;
  const from = serializeState(before, undefined, undefined);
  const to = model.getShortestPaths({ allowDuplicatePaths: true }).find((path) => {
    const [previous, last] = path.steps.slice(-2);
    return (
      previous !== undefined &&
      last !== undefined &&
      serializeEvent(last.event) === serializeEvent(event) &&
      serializeState(previous.state, undefined, undefined) === from
    );
  });
  if (!to) return undefined;
  const prefix = to.steps.slice(1).map((step) => step.event.type);
  return namedPaths(model).find(({ events }) => prefix.every((type, index) => events[index] === type))?.name;
}

/** The shell command that reruns one path on its own (quoted for a POSIX shell). */
export function rerunCommand(flow: string, name: string, options: { browser?: boolean; shortest?: boolean } = {}): string {
  const quoted = `'${name.replaceAll("'", `'\\''`)}'`;
  return `npm run paths -- ${flow} ${quoted}${options.shortest ? ' --shortest' : ''}${options.browser ? ' --browser' : ''}`;
}

/**
 * Chromium path tests drive Playwright from Node; happy-dom path tests have a document. The rerun
 * command a failure prints must name the runner it failed in.
 */
function runsInBrowser(): boolean {
  return typeof document === 'undefined';
}

/**
 * `npm run paths -- <flow> <name>` sets PATHS_STEPS so that each step is printed as it runs.
 * Written straight to the terminal: Vitest would head every console line with the test's title.
 */
function stepLogger(): (line: string) => void {
  if (!process.env.PATHS_STEPS) return () => {};
  return (line) => writeSync(1, `${line}\n`);
}

/** Where a run of a path failed: the step (0 is the check of the start state), its event and the state checked. */
interface FailedAt {
  step: number;
  of: number;
  event?: string;
  state?: string;
  /** For a walk: the shortest path that takes the same transition, to rerun it alone. */
  shortest?: string;
}

/**
 * Puts the path's name, its seed, the step it failed at and the command that reruns it in front
 * of whatever the path threw (in front: Testing Library appends the whole page to its messages).
 */
function explainFailure(error: unknown, flow: string, name: string, at: FailedAt, kind: { walk: boolean; shortestOfWalked: boolean }): Error {
  const { walk } = kind;
  const failure = error instanceof Error ? error : new Error(String(error));
  const where =
    at.step === 0
      ? `Failed at the start, checking ${at.state ?? 'the first state'}`
      : `Failed at step ${at.step} of ${at.of}, ${at.event}${at.state === undefined ? '' : `, checking ${at.state}`}`;
  const shortest =
    walk && at.shortest !== undefined
      ? `Or only the shortest path through that step: ${rerunCommand(flow, at.shortest, { browser: runsInBrowser(), shortest: true })}\n`
      : '';
  failure.message =
    `Path failed: ${flow} › ${name}\n${where}\n` +
    `Seed: none (a generated ${walk ? "walk covers the model's transitions" : "path is one of the model's shortest paths"}: it runs the same way every time)\n` +
    `Rerun it alone: ${rerunCommand(flow, name, { browser: runsInBrowser(), shortest: kind.shortestOfWalked })}\n${shortest}\n${failure.message}`;
  return failure;
}

/**
 * One case per planned path, after the meta-checks: the model's covering walks when it is marked
 * `runAsWalks`, else its shortest paths to every transition (prefixes dropped). Give each its own
 * `it(title, …)`: `it.each`'s `$title` would cut it at 40 characters, so that long paths shared
 * one title. The title starts with the flow, so `npm run paths` can pick one path out of a file
 * with several models. `leftOut`: events the runner cannot make happen (see withoutEvents).
 */
export function modelPathCases<TDriver, S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
  executors: PathExecutors<TDriver>,
  options: { paths?: TestPath<S, E>[]; leftOut?: readonly string[] } = {},
): ModelPathCase<TDriver>[] {
  checkExecutors(model, executors);
  const flow = modelFlow(model);
  const planned = options.paths ? namedPaths(model, options.paths).map((path) => ({ ...path, walk: false })) : plannedPaths(model);
  return withoutEvents(model, planned, options.leftOut ?? []).map(({ name, events, target, path, walk }) => ({
    flow,
    name,
    title: `[${flow}] ${name}`,
    events,
    target,
    walk,
    run: async (driver: TDriver) => {
      const log = stepLogger();
      const at: FailedAt = { step: 0, of: events.length };
      const params = {
        states: Object.fromEntries(
          Object.entries(executors.states).map(([key, assert]) => [
            key,
            async (snapshot: S) => {
              const state = stateName(snapshot.value);
              at.state = state;
              await assert(driver, snapshot);
              log(`    ✓ ${state}${key === state ? '' : ` (by the assertion for ${key})`}`);
            },
          ]),
        ),
        events: Object.fromEntries(
          Object.entries(executors.events).map(([type, exec]) => [
            type,
            async (step: { event: E; state: S }) => {
              at.step += 1;
              at.event = type;
              at.state = undefined;
              log(`  ${at.step}/${events.length} ${type}`);
              await exec(driver, step.event);
            },
          ]),
        ),
      } as unknown as TestParam<S, E>;
      log(`${flow} › ${name}`);
      try {
        await path.test(params);
      } catch (error) {
        if (walk && at.step > 0) {
          const [before, taken] = [path.steps[at.step - 1], path.steps[at.step]];
          if (before && taken) at.shortest = shortestPathThrough(model, before.state, taken.event);
        }
        throw explainFailure(error, flow, name, at, { walk, shortestOfWalked: !walk && !options.paths && runsAsWalks(model) });
      }
      log('passed');
    },
  }));
}
