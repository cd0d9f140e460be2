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
  /** Drives the path with a fresh driver: each event, then the assertion of the state reached. */
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

/** The shell command that reruns one path on its own (quoted for a POSIX shell). */
export function rerunCommand(flow: string, name: string, options: { browser?: boolean } = {}): string {
  const quoted = `'${name.replaceAll("'", `'\\''`)}'`;
  return `npm run paths -- ${flow} ${quoted}${options.browser ? ' --browser' : ''}`;
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

/**
 * Puts the path's name, its seed and the command that reruns it in front of whatever the path
 * threw (in front: Testing Library appends the whole page to its messages).
 */
function explainFailure(error: unknown, flow: string, name: string): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  failure.message =
    `Path failed: ${flow} › ${name}\n` +
    "Seed: none (a generated path is one of the model's shortest paths: it runs the same way every time)\n" +
    `Rerun it alone: ${rerunCommand(flow, name, { browser: runsInBrowser() })}\n\n${failure.message}`;
  return failure;
}

/**
 * One case per generated path (by default the model's shortest paths to every transition,
 * prefixes dropped), after the meta-checks. Give each its own `it(title, …)`: `it.each`'s
 * `$title` would cut it at 40 characters, so that long paths shared one title. The title starts
 * with the flow, so `npm run paths` can pick one path out of a file with several models.
 */
export function modelPathCases<TDriver, S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
  executors: PathExecutors<TDriver>,
  options: { paths?: TestPath<S, E>[] } = {},
): ModelPathCase<TDriver>[] {
  checkExecutors(model, executors);
  const flow = modelFlow(model);
  return namedPaths(model, options.paths).map(({ name, events, target, path }) => ({
    flow,
    name,
    title: `[${flow}] ${name}`,
    events,
    target,
    run: async (driver: TDriver) => {
      const log = stepLogger();
      let step = 0;
      const params = {
        states: Object.fromEntries(
          Object.entries(executors.states).map(([key, assert]) => [
            key,
            async (snapshot: S) => {
              await assert(driver, snapshot);
              const state = stateName(snapshot.value);
              log(`    ✓ ${state}${key === state ? '' : ` (by the assertion for ${key})`}`);
            },
          ]),
        ),
        events: Object.fromEntries(
          Object.entries(executors.events).map(([type, exec]) => [
            type,
            async (event: { event: E }) => {
              step += 1;
              log(`  ${step}/${events.length} ${type}`);
              await exec(driver, event.event);
            },
          ]),
        ),
      } as unknown as TestParam<S, E>;
      log(`${flow} › ${name}`);
      try {
        await path.test(params);
      } catch (error) {
        throw explainFailure(error, flow, name);
      }
      log('passed');
    },
  }));
}
