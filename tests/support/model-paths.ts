/**
 * Runs the paths of a `createTestModel` model against any system under test (ARCHITECTURE.md,
 * "Model-based path tests", layer 2). The executors take a driver of the caller's choosing:
 * Testing Library handles in jsdom, a Playwright page in Chromium. The same model, the same
 * executor shape, two very different runners.
 */
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
  /** e.g. "fill.valid → form.submit → server.reject ⇒ failed". */
  name: string;
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
export function checkExecutors<TDriver, S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
  executors: PathExecutors<TDriver>,
): void {
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
  const asserted = Object.keys(executors.states).map(resolve).filter((node): node is AnyStateNode => node !== undefined);
  const isCovered = (leaf: AnyStateNode) =>
    asserted.some((node) => node === leaf || leaf.path.slice(0, node.path.length).join('.') === stateKey(node));
  const unasserted = nodes.filter((node) => (node.type === 'atomic' || node.type === 'final') && !isCovered(node));
  if (unasserted.length > 0) problems.push(`States with no assertion: ${unasserted.map(stateKey).join(', ')}.`);

  if (problems.length > 0) {
    throw new Error(`The executors do not match the model "${machine.id}":\n  ${problems.join('\n  ')}`);
  }
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One case per generated path (by default the model's shortest paths to every transition,
 * prefixes dropped), after the meta-checks. Feed them to `it.each` or a loop.
 */
export function modelPathCases<TDriver, S extends AnyMachineSnapshot, E extends EventObject>(
  model: ModelOf<S, E>,
  executors: PathExecutors<TDriver>,
  options: { paths?: TestPath<S, E>[] } = {},
): ModelPathCase<TDriver>[] {
  checkExecutors(model, executors);
  const paths = options.paths ?? model.getShortestPaths();
  return paths.map((path) => {
    const events = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');
    const target = describeValue(path.state.value);
    return {
      name: `${events.length > 0 ? events.join(' → ') : '(start)'} ⇒ ${target}`,
      events,
      target,
      run: async (driver: TDriver) => {
        const params = {
          states: Object.fromEntries(
            Object.entries(executors.states).map(([key, assert]) => [key, async (snapshot: S) => {
              await assert(driver, snapshot);
            }]),
          ),
          events: Object.fromEntries(
            Object.entries(executors.events).map(([type, exec]) => [type, async (step: { event: E }) => {
              await exec(driver, step.event);
            }]),
          ),
        } as unknown as TestParam<S, E>;
        await path.test(params);
      },
    };
  });
}
