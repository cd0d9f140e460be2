/**
 * Readable labels for state nodes and transition definitions, stable across runs: the names the
 * machine walks (`path-coverage.ts`) and the transition recorder (`transition-recorder.ts`) give
 * the same transition. No test-runner or Node import, so the recorder can run in the browser too
 * (the recording build of `npm run paths -- --coverage --browser`).
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

export function stateLabel(node: AnyStateNode): string {
  return node.path.length > 0 ? node.path.join('.') : `(machine ${node.machine.id})`;
}

function describeGuard(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function describeActions(actions: readonly unknown[]): string {
  const names = actions.map((action) => {
    if (typeof action === 'string') return action;
    if (typeof action === 'function') return action.name || 'inline action';
    if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
    return 'action';
  });
  return names.length > 0 ? ` / ${names.join(', ')}` : '';
}

export function transitionLabel(transition: AnyTransitionDefinition, index: number, siblings: number): string {
  const source = stateLabel(transition.source);
  const event = transition.eventType === '' ? '(always)' : transition.eventType;
  const guard = describeGuard(transition.guard);
  const branch = guard ? ` [${guard}]` : siblings > 1 ? ' [otherwise]' : '';
  const target = transition.target && transition.target.length > 0 ? transition.target.map(stateLabel).join(', ') : '(stays)';
  const position = siblings > 1 ? ` #${index + 1}` : '';
  return `${source} --${event}${branch}${position}--> ${target}${describeActions(transition.actions)}`;
}

/** True when a transition does something (XState ignores "forbidden" empty ones). */
export function isMeaningful(transition: AnyTransitionDefinition): boolean {
  return Boolean(transition.target?.length) || transition.actions.length > 0 || transition.reenter;
}

/**
 * The label of one transition definition as XState reports it taken (`@xstate.microstep`'s
 * `_transitions`): the same label `allTransitions` gives it, so runs can be counted against the
 * machine's definition.
 */
export function transitionLabelOf(transition: AnyTransitionDefinition): string | undefined {
  if (!isMeaningful(transition)) return undefined;
  const group = transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
  const meaningful = group.filter(isMeaningful);
  const index = meaningful.indexOf(transition);
  return index < 0 ? undefined : transitionLabel(transition, index, meaningful.length);
}
