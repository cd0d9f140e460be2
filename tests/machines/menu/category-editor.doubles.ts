/**
 * The category editor with test doubles for its calls. The editor's service actors are split
 * between it and the two children that send its queue's jobs (category-row-sync and
 * category-detail-sync); this hands each machine its own doubles, each checked against the
 * server's contracts as `provideChecked` checks them, so a test names the calls it fakes without
 * knowing which machine makes them.
 */
import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { categoryDetailSyncMachine, type CategoryDetailSyncMachine } from '#src/machines/menu/category-detail-sync.machine';
import { categoryEditorMachine, type CategoryEditorMachine } from '#src/machines/menu/category-editor.machine';
import { categoryRowSyncMachine, type CategoryRowSyncMachine } from '#src/machines/menu/category-row-sync.machine';
import { provideChecked } from '../../support/contract-double';

type ActorsOf<M extends AnyStateMachine> = NonNullable<NonNullable<Parameters<M['provide']>[0]>['actors']>;
const CHILDREN = ['rowSync', 'detailSync'] as const;

/** Every call of the editor and its children, by name. */
export type CategoryEditorActors = Omit<ActorsOf<CategoryEditorMachine>, (typeof CHILDREN)[number]> &
  ActorsOf<CategoryRowSyncMachine> &
  ActorsOf<CategoryDetailSyncMachine>;

/** A machine's own calls (a child machine is not a call: it gets its doubles here). */
const callsOf = (machine: AnyStateMachine) => Object.keys(machine.implementations.actors).filter((name) => !(CHILDREN as readonly string[]).includes(name));

export function provideCategoryEditor({ actors }: { actors: CategoryEditorActors }): CategoryEditorMachine {
  const given = Object.entries(actors as Record<string, AnyActorLogic>);
  const known = new Set([categoryEditorMachine, categoryRowSyncMachine, categoryDetailSyncMachine].flatMap(callsOf));
  const unknown = given.find(([name]) => !known.has(name));
  if (unknown) throw new Error(`The category editor has no actor '${unknown[0]}' to stand in for`);
  const doublesFor = (machine: AnyStateMachine) => Object.fromEntries(given.filter(([name]) => callsOf(machine).includes(name)));
  return provideChecked(categoryEditorMachine, {
    actors: {
      ...doublesFor(categoryEditorMachine),
      rowSync: provideChecked(categoryRowSyncMachine, { actors: doublesFor(categoryRowSyncMachine) }),
      detailSync: provideChecked(categoryDetailSyncMachine, { actors: doublesFor(categoryDetailSyncMachine) }),
    },
  });
}

/**
 * Doubles for a sync child's calls tested on its own: each answers what `answers` scripts for it
 * and is recorded in `calls` with its input; a call with no script fails.
 */
export function scriptedAnswers<Answers extends Record<string, (() => Promise<unknown>) | undefined>>(answers: Answers) {
  const calls: { actor: string; input: unknown }[] = [];
  const answer = <Input, Output>(actor: keyof Answers & string) =>
    fromPromise<Output, Input>(async ({ input }) => {
      calls.push({ actor, input });
      const scripted = answers[actor];
      if (!scripted) throw new Error(`${actor} was not expected`);
      return (await scripted()) as Output;
    });
  return { calls, answer };
}
