/**
 * Path coverage of a REAL machine (ARCHITECTURE.md, "Model-based path tests", layer 1).
 *
 * `createTestModel` refuses machines with `invoke` or `after`, so the real machines are walked
 * breadth-first with their own pure `transition` (the shortest path to every snapshot, as
 * `getShortestPaths` from 'xstate/graph' finds it). The walk cannot run actors or wait for
 * timers, so this helper stands in for them: for every `invoke` with onDone/onError it sends
 * synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, and for every `after`
 * a synthetic `xstate.after.<delay>.<machine>.<state path>` event. Caller-given events supply
 * the payloads of the machine's own events (and may replace a synthetic one, e.g. several
 * kinds of failure to exercise guarded onError branches).
 *
 * Each edge is taken with an inspecting actor scope, which reports the exact transition
 * definitions XState took (guarded branches and eventless `always` steps included).
 * The result is compared with the full set in the machine's definition.
 */
import { expect } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, createEmptyActor } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { getStateNodes, serializeSnapshot } from 'xstate/graph';
import { isMeaningful, stateLabel, transitionLabel } from './transition-labels';

export interface PathCoverageOptions {
  /** The machine's input (keep counters small so the walk stays finite). */
  input?: unknown;
  /**
   * Events to try wherever their type is accepted. For a type listed here, these events are
   * used instead of the synthetic default, so several payloads of one type can be explored.
   */
  events?: readonly AnyEventObject[];
  /** Event types never sent, so that a walk focused on one part of a machine stays small. */
  skip?: readonly string[];
  /**
   * Which snapshots the walk goes on from (default: all). A snapshot left out is still reached,
   * and the transitions into it count, but nothing is explored beyond it: a walk focused on one
   * part of a machine ends where it leaves that part.
   */
  within?: (snapshot: AnyMachineSnapshot) => boolean;
  /** Safety net against machines whose context grows without bound. */
  limit?: number;
  /**
   * Context fields that only record what happened (which steps were saved) and decide no
   * transition: snapshots that differ only there count as one, so the walk does not multiply.
   */
  historyOnly?: readonly string[];
}

export interface CoverageSet {
  all: string[];
  reached: string[];
  missing: string[];
}

export interface PathCoverageReport {
  machineId: string;
  states: CoverageSet;
  transitions: CoverageSet;
  /** Number of distinct snapshots (state value + context) the walk reached. */
  snapshots: number;
  /** For each reached transition, the shortest event sequence that takes it. */
  witnesses: Map<string, string[]>;
}

const INTERNAL_SCOPE_ID = 'path-coverage';

// Naming (tests/support/transition-labels.ts): the recorder labels transitions the same way.
export { transitionLabelOf } from './transition-labels';

/** The labels of every transition the machine defines (the denominator of path coverage). */
export function machineTransitionLabels(machine: AnyStateMachine): string[] {
  return [...allTransitions(machine).values()];
}

/** Every transition definition of the machine, each with its label. */
function allTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const labels = new Map<AnyTransitionDefinition, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const group of node.transitions.values()) {
      const meaningful = group.filter(isMeaningful);
      meaningful.forEach((transition, index) => labels.set(transition, transitionLabel(transition, index, meaningful.length)));
    }
    const always = (node.always ?? []).filter(isMeaningful);
    always.forEach((transition, index) => labels.set(transition, transitionLabel(transition, index, always.length)));
  }
  return labels;
}

// ---------------------------------------------------------------------------------------------
// Synthetic events for what the walk cannot run: actors and timers.

function syntheticEvents(machine: AnyStateMachine): Map<string, EventObject> {
  const events = new Map<string, EventObject>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const invoke of node.invoke) {
      if (invoke.onDone) {
        const type = `xstate.done.actor.${invoke.id}`;
        events.set(type, { type, output: undefined, actorId: invoke.id } as EventObject);
      }
      if (invoke.onError) {
        const type = `xstate.error.actor.${invoke.id}`;
        events.set(type, {
          type,
          error: new Error(`synthetic failure of actor "${invoke.id}"`),
          actorId: invoke.id,
        } as EventObject);
      }
    }
    for (const delayed of node.after) {
      events.set(delayed.eventType, { type: delayed.eventType });
    }
  }
  return events;
}

function matchesDescriptor(type: string, descriptor: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

function eventsFor(snapshot: AnyMachineSnapshot, given: readonly EventObject[], synthetic: Map<string, EventObject>, skip: ReadonlySet<string>): EventObject[] {
  const chosen: EventObject[] = [];
  for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot)) {
    if (skip.has(descriptor)) continue;
    const fromCaller = given.filter((event) => matchesDescriptor(event.type, descriptor));
    if (fromCaller.length > 0) chosen.push(...fromCaller);
    else if (synthetic.has(descriptor)) chosen.push(synthetic.get(descriptor)!);
    // `xstate.done.state.*` is raised by XState itself when a region finishes; sending it from
    // outside would fake coverage. Wildcards need a concrete event from the caller.
    else if (!descriptor.startsWith('xstate.') && !descriptor.includes('*')) chosen.push({ type: descriptor });
  }
  // One event may match several descriptors (exact and wildcard): explore it once.
  return [...new Map(chosen.map((event) => [JSON.stringify(event), event])).values()];
}

// ---------------------------------------------------------------------------------------------
// Replaying one edge with an actor scope that records what XState did.

type Microstep = { snapshot: AnyMachineSnapshot; transitions: AnyTransitionDefinition[] };
type MachineScope = Parameters<AnyStateMachine['transition']>[2];

function recordingScope(record: (step: Microstep) => void): MachineScope {
  const self = createEmptyActor();
  const system = Object.create(self.system, {
    _sendInspectionEvent: {
      value: (inspection: { type: string; snapshot?: AnyMachineSnapshot; _transitions?: AnyTransitionDefinition[] }) => {
        if (inspection.type === '@xstate.microstep' && inspection.snapshot) {
          record({ snapshot: inspection.snapshot, transitions: inspection._transitions ?? [] });
        }
      },
    },
  }) as typeof self.system;
  // The same shape xstate/graph uses for its own walk: nothing is executed, actors never start.
  const scope = {
    self,
    logger: () => {},
    id: INTERNAL_SCOPE_ID,
    sessionId: INTERNAL_SCOPE_ID,
    defer: () => {},
    system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
  return scope as unknown as MachineScope;
}

// ---------------------------------------------------------------------------------------------

export function measurePathCoverage(machine: AnyStateMachine, options: PathCoverageOptions = {}): PathCoverageReport {
  const given = options.events ?? [];
  const synthetic = syntheticEvents(machine);
  const limit = options.limit ?? 10_000;
  const skip = new Set(options.skip ?? []);
  const labels = allTransitions(machine);
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  const witnesses = new Map<string, string[]>();
  const noteNodes = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.path.length > 0) reachedStates.add(stateLabel(node));
  };
  const noteTransitions = (steps: Microstep[], witness: string[]) => {
    for (const step of steps) {
      noteNodes(step.snapshot);
      for (const transition of step.transitions) {
        // A transient state (one left at once by an eventless `always`) never rests in a
        // snapshot; taking one of its transitions is the proof that it was entered.
        if (transition.source.path.length > 0) reachedStates.add(stateLabel(transition.source));
        const label = labels.get(transition);
        if (label === undefined) continue;
        reachedTransitions.add(label);
        if (!witnesses.has(label)) witnesses.set(label, witness);
      }
    }
  };

  // One breadth-first walk: each edge is taken once, with a scope that records the exact
  // transition definitions XState took, so the walk, its shortest witnesses and the coverage
  // come from the same pass (xstate/graph's getAdjacencyMap + getShortestPaths + a replay
  // would walk the same graph three times). The start is recorded too, so eventless
  // transitions taken while starting count.
  const initialSteps: Microstep[] = [];
  const initial = machine.getInitialSnapshot(
    recordingScope((step) => initialSteps.push(step)),
    options.input,
  );
  noteNodes(initial);
  noteTransitions(initialSteps, []);

  const historyOnly = options.historyOnly ?? [];
  const keyOf = (snapshot: AnyMachineSnapshot) =>
    historyOnly.length === 0
      ? serializeSnapshot(snapshot)
      : serializeSnapshot({
          ...snapshot,
          context: Object.fromEntries(Object.entries(snapshot.context as object).filter(([field]) => !historyOnly.includes(field))),
        } as AnyMachineSnapshot);
  const pathTo = new Map<string, string[]>([[keyOf(initial), []]]);
  const queue: AnyMachineSnapshot[] = [initial];
  for (let next = 0; next < queue.length; next += 1) {
    if (queue.length > limit) throw new Error(`Path coverage of "${machine.id}": more than ${limit} snapshots; keep counters small through input`);
    const state = queue[next]!;
    const prefix = pathTo.get(keyOf(state))!;
    if (state.status !== 'active' || (options.within && !options.within(state))) continue;
    for (const event of eventsFor(state, given, synthetic, skip)) {
      const steps: Microstep[] = [];
      const reached = machine.transition(
        state,
        event,
        recordingScope((step) => steps.push(step)),
      );
      const witness = [...prefix, event.type];
      noteTransitions(steps, witness);
      const key = keyOf(reached);
      if (pathTo.has(key)) continue;
      pathTo.set(key, witness);
      queue.push(reached);
    }
  }

  const allStates = getStateNodes(machine.root)
    .filter((node) => node.type !== 'history')
    .map(stateLabel);
  const allTransitionLabels = [...labels.values()];
  return {
    machineId: machine.id,
    states: {
      all: allStates,
      reached: allStates.filter((label) => reachedStates.has(label)),
      missing: allStates.filter((label) => !reachedStates.has(label)),
    },
    transitions: {
      all: allTransitionLabels,
      reached: allTransitionLabels.filter((label) => reachedTransitions.has(label)),
      missing: allTransitionLabels.filter((label) => !reachedTransitions.has(label)),
    },
    snapshots: queue.length,
    witnesses,
  };
}

/** Throws, listing what was never reached, unless every state and every transition was. */
export function assertPathCoverage(machine: AnyStateMachine, options: PathCoverageOptions = {}): PathCoverageReport {
  const report = measurePathCoverage(machine, options);
  const { states, transitions } = report;
  if (states.missing.length === 0 && transitions.missing.length === 0) return report;

  const list = (items: string[]) => items.map((item) => `  - ${item}`).join('\n');
  const lines = [`Path coverage of machine "${report.machineId}" is incomplete.`];
  if (states.missing.length > 0) lines.push(`States never reached (${states.missing.length}):`, list(states.missing));
  if (transitions.missing.length > 0) {
    lines.push(`Transitions never taken (${transitions.missing.length}):`, list(transitions.missing));
  }
  lines.push(
    `Reached ${states.reached.length}/${states.all.length} states and ` +
      `${transitions.reached.length}/${transitions.all.length} transitions over ${report.snapshots} snapshots.`,
    'Give the walk the events (or payloads) that take them, or remove what cannot happen.',
  );
  throw new Error(lines.join('\n'));
}

/**
 * Path coverage over several walks of one machine, for machines whose whole state space is too
 * large for one walk (or depends on input, like new and edit modes): each walk is small, and
 * together they must reach every state and every transition.
 */
export function assertWalksCover(machine: AnyStateMachine, walks: readonly PathCoverageOptions[]): PathCoverageReport[] {
  const reports = walks.map((options) => measurePathCoverage(machine, { limit: 50_000, ...options }));
  const all = reports[0]!;
  const states = new Set(reports.flatMap((report) => report.states.reached));
  const transitions = new Set(reports.flatMap((report) => report.transitions.reached));
  expect(
    all.states.all.filter((state) => !states.has(state)),
    'states no walk reached',
  ).toEqual([]);
  expect(
    all.transitions.all.filter((transition) => !transitions.has(transition)),
    'transitions no walk took',
  ).toEqual([]);
  return reports;
}
