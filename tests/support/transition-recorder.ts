/**
 * Counts the transitions real actors take while tests run (`npm run paths -- --coverage`,
 * docs/testing.md). A transition is one transition definition of a machine — a source state, an
 * event (or an eventless `always`), and, where one event has several guarded branches, the
 * branch — labelled as `tests/support/path-coverage.ts` labels them, so the taken ones can be
 * counted against every one the machine defines.
 *
 * It listens through XState's inspection API: the `@xstate.microstep` inspection events name the
 * exact transition definitions each microstep took. The actors under test are created inside
 * the views (`useMachine`), where no test can pass `createActor` an `inspect` option, so every
 * new actor system gets the recorder through `system.inspect` the moment XState gives the root
 * actor its system (a setter on `Actor.prototype.system`, before the initial state is computed,
 * so transitions taken on start count too). Nothing in the app changes.
 *
 * No Node import: the same recorder runs in Chromium, inside the recording build of the app
 * (`tests/support/record-in-browser.ts`). Writing the taken files is `taken-files.ts`'s, in Node.
 */
import { Actor, StateMachine, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { transitionLabelOf } from './transition-labels';

/** machine id → labels of the transitions taken. */
export type TakenTransitions = Record<string, string[]>;

const taken = new Map<string, Set<string>>();
const listeners: Array<(machineId: string, label: string) => void> = [];

/** Calls `listener` with each transition the first time it is taken (the browser reports them as they come). */
export function onFirstTaken(listener: (machineId: string, label: string) => void): void {
  listeners.push(listener);
}

/** The id of the machine an actor runs, or undefined for promise and callback actors. */
function machineIdOf(actor: unknown): string | undefined {
  const logic = (actor as { logic?: unknown }).logic;
  return logic instanceof StateMachine ? logic.id : undefined;
}

/** The inspection observer: usable as `createActor(machine, { inspect: recordInspection })`. */
export function recordInspection(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  const machineId = machineIdOf(event.actorRef);
  if (machineId === undefined) return;
  const transitions = (event as { _transitions?: AnyTransitionDefinition[] })._transitions ?? [];
  for (const transition of transitions) {
    const label = transitionLabelOf(transition);
    if (label === undefined) continue;
    if (!taken.has(machineId)) taken.set(machineId, new Set());
    const labels = taken.get(machineId)!;
    if (labels.has(label)) continue;
    labels.add(label);
    for (const listener of listeners) listener(machineId, label);
  }
}

export function takenTransitions(): TakenTransitions {
  return Object.fromEntries([...taken].map(([machineId, labels]) => [machineId, [...labels].sort()]));
}

const INSTALLED = Symbol.for('paths.transition-recorder');
const SYSTEM = Symbol('system');

type InspectableSystem = { inspect: (observer: (event: InspectionEvent) => void) => unknown };

/** Attaches the recorder to every actor system created from now on in this worker. */
export function recordEveryActor(): void {
  const registry = globalThis as { [INSTALLED]?: boolean };
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  const inspected = new WeakSet<object>();
  Object.defineProperty(Actor.prototype, 'system', {
    configurable: true,
    get(this: { [SYSTEM]?: unknown }) {
      return this[SYSTEM];
    },
    set(this: { [SYSTEM]?: unknown }, system: InspectableSystem | undefined) {
      this[SYSTEM] = system;
      // Children share their root's system: one observer per system sees the whole tree once.
      if (system && !inspected.has(system)) {
        inspected.add(system);
        system.inspect(recordInspection);
      }
    },
  });
}
