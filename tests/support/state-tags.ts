import { createActor, type AnyStateMachine, type InputFrom, type StateValue } from 'xstate';

/**
 * The tags a view reads in each state of `machine` (docs/architecture.md, "Screens: one way from
 * machine to view"), sorted: `tagsAt({ reset: 'saving' })`. The context is the machine's first.
 */
export function stateTags<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): (value: StateValue) => string[] {
  const { context } = createActor(machine, { input }).getSnapshot();
  return (value) => [...machine.resolveState({ value, context }).tags].sort();
}
