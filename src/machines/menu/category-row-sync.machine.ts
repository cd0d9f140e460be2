import { assign, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import {
  assignItem,
  createGroup,
  createSelection,
  createSize,
  deleteGroup,
  deleteSelection,
  deleteSize,
  listAssignments,
  unassignItem,
  updateGroup,
  updateSelection,
  updateSize,
} from '../../services/menu/menu';
import type { Assignment } from '../../services/menu/menu-types';
import type { ChipCall, CreateRowCall, DeleteRowCall, RereadChipsCall, RowCall, SyncInput, UnchipCall, UpdateRowCall } from './category-editor.calls';
import type { GroupRow } from './category-editor.rows';

/**
 * The row queue's sender (issue 6, spec sections 4 and 5): the category editor takes one row or
 * chip job at a time off its queue and invokes this machine with the call the job needs; it
 * makes the call and answers what came of it, which the editor applies to the rows and chips as
 * they are by then (category-editor.outcomes.ts).
 *
 *   dispatch --> creatingRow | updatingRow | deletingRow --done/error--> sent (final, the outcome)
 *   dispatch --> assigningChip | unassigningChip --done/error--> rereadingChips --done/error--> sent
 *
 * A chip's answer is reported to the editor at once (`chip.saved` / `chip.refused`, so the chip
 * shows it while its list is re-read); the re-read is the outcome.
 */

/**
 * The category and its scope are for the chips' re-read; `editor` is who hears a chip's answer
 * (the editor passes itself, so this machine runs, and is walked, without a parent too).
 */
export type RowSyncInput = SyncInput<RowCall> & { editor: ActorRef<Snapshot<unknown>, ChipReport> };

export type RowOutcome =
  | { kind: 'created'; id: number }
  | { kind: 'createFailed' }
  | { kind: 'updated' }
  | { kind: 'updateFailed' }
  | { kind: 'deleted' }
  | { kind: 'deleteFailed'; error: unknown }
  | { kind: 'chipsReread'; assignments: Assignment[] }
  /** The re-read failed: the chip stays as its call's answer left it. */
  | { kind: 'chipsUnread' };

/** What the editor hears while the chip's list is re-read. */
export type ChipReport = { type: 'chip.saved'; assignmentId: number | null } | { type: 'chip.refused'; assign: boolean };

interface RowSyncContext extends RowSyncInput {
  outcome: RowOutcome | null;
}

const groupValues = (row: GroupRow) => ({
  name: row.name.trim(),
  required: row.required,
  allow_multiple: row.allow_multiple,
  add_images_to_selections: row.add_images_to_selections,
});

type RowCallInput = { [Call in RowCall as Call['actor']]: Call['input'] };

/** The input of the call this machine was given, typed by the actor the state invokes (dispatch matched them). */
const callInput = <A extends RowCall['actor']>(context: RowSyncContext) => context.call.input as RowCallInput[A];

const callIs = (actor: RowCall['actor']) => ({ type: 'callIs', params: { actor } }) as const;
const settle = (outcome: (event: { output?: unknown; error?: unknown }) => RowOutcome) =>
  ({ type: 'settle', params: ({ event }: { event: { output?: unknown; error?: unknown } }) => ({ outcome: outcome(event) }) }) as const;

export const categoryRowSyncMachine = setup({
  types: {
    context: {} as RowSyncContext,
    input: {} as RowSyncInput,
    output: {} as RowOutcome,
  },
  actors: {
    createRow: fromPromise<{ id: number }, CreateRowCall>(({ input }) => {
      const { row, scope } = input;
      if (row.table === 'size') {
        return createSize(
          { category_id: input.categoryId, name: row.name.trim(), units: row.units, measurement: row.measurement, position: row.position },
          scope,
        );
      }
      if (row.table === 'group') return createGroup({ category_id: input.categoryId, ...groupValues(row) }, scope);
      return createSelection({ group_id: input.groupId ?? 0, name: row.name.trim(), price: row.price, image_url: row.image_url }, scope);
    }),
    updateRow: fromPromise<unknown, UpdateRowCall>(({ input }) => {
      const { row } = input;
      const id = row.id ?? 0;
      if (row.table === 'size') return updateSize(id, { name: row.name.trim(), units: row.units, measurement: row.measurement, position: row.position });
      if (row.table === 'group') return updateGroup(id, groupValues(row));
      return updateSelection(id, { name: row.name.trim(), price: row.price, image_url: row.image_url });
    }),
    deleteRow: fromPromise<void, DeleteRowCall>(({ input }) => {
      if (input.table === 'size') return deleteSize(input.id);
      if (input.table === 'group') return deleteGroup(input.id);
      return deleteSelection(input.id);
    }),
    assignChip: fromPromise<Assignment, ChipCall>(({ input }) => assignItem(input.list, input.categoryId, input.itemId, input.scope)),
    unassignChip: fromPromise<void, UnchipCall>(({ input }) => unassignItem(input.list, input.assignmentId)),
    rereadChips: fromPromise<Assignment[], RereadChipsCall>(({ input }) => listAssignments(input.list, input.scope, input.categoryId)),
  },
  guards: {
    callIs: ({ context }, params: { actor: RowCall['actor'] }) => context.call.actor === params.actor,
  },
  actions: {
    settle: assign((_, params: { outcome: RowOutcome }) => ({ outcome: params.outcome })),
    reportChip: sendTo(
      ({ context }) => context.editor,
      (_, params: ChipReport) => params,
    ),
  },
}).createMachine({
  id: 'categoryRowSync',
  context: ({ input }) => ({ ...input, outcome: null }),
  initial: 'dispatch',
  states: {
    dispatch: {
      always: [
        { guard: callIs('createRow'), target: 'creatingRow' },
        { guard: callIs('updateRow'), target: 'updatingRow' },
        { guard: callIs('deleteRow'), target: 'deletingRow' },
        { guard: callIs('assignChip'), target: 'assigningChip' },
        { target: 'unassigningChip' },
      ],
    },
    creatingRow: {
      invoke: {
        id: 'createRow',
        src: 'createRow',
        input: ({ context }) => callInput<'createRow'>(context),
        onDone: { target: 'sent', actions: settle(({ output }) => ({ kind: 'created', id: (output as { id: number }).id })) },
        onError: { target: 'sent', actions: settle(() => ({ kind: 'createFailed' })) },
      },
    },
    updatingRow: {
      invoke: {
        id: 'updateRow',
        src: 'updateRow',
        input: ({ context }) => callInput<'updateRow'>(context),
        onDone: { target: 'sent', actions: settle(() => ({ kind: 'updated' })) },
        onError: { target: 'sent', actions: settle(() => ({ kind: 'updateFailed' })) },
      },
    },
    deletingRow: {
      invoke: {
        id: 'deleteRow',
        src: 'deleteRow',
        input: ({ context }) => callInput<'deleteRow'>(context),
        onDone: { target: 'sent', actions: settle(() => ({ kind: 'deleted' })) },
        onError: { target: 'sent', actions: settle(({ error }) => ({ kind: 'deleteFailed', error })) },
      },
    },
    assigningChip: {
      invoke: {
        id: 'assignChip',
        src: 'assignChip',
        input: ({ context }) => callInput<'assignChip'>(context),
        onDone: { target: 'rereadingChips', actions: { type: 'reportChip', params: ({ event }) => ({ type: 'chip.saved', assignmentId: event.output.id }) } },
        onError: { target: 'rereadingChips', actions: { type: 'reportChip', params: { type: 'chip.refused', assign: true } } },
      },
    },
    unassigningChip: {
      invoke: {
        id: 'unassignChip',
        src: 'unassignChip',
        input: ({ context }) => callInput<'unassignChip'>(context),
        onDone: { target: 'rereadingChips', actions: { type: 'reportChip', params: { type: 'chip.saved', assignmentId: null } } },
        onError: { target: 'rereadingChips', actions: { type: 'reportChip', params: { type: 'chip.refused', assign: false } } },
      },
    },
    /**
     * Spec section 4: a toggle is re-read from the server once its call settles, either way, so
     * the chips show what the server has (another tab's change included).
     */
    rereadingChips: {
      invoke: {
        id: 'rereadChips',
        src: 'rereadChips',
        input: ({ context }): RereadChipsCall => ({
          // Stryker disable next-line StringLiteral: only the chip calls, which name their list, lead here; the fallback is for the type
          list: 'list' in context.call.input ? context.call.input.list : 'toppings',
          categoryId: context.categoryId,
          scope: context.scope,
        }),
        onDone: { target: 'sent', actions: settle(({ output }) => ({ kind: 'chipsReread', assignments: output as Assignment[] })) },
        onError: { target: 'sent', actions: settle(() => ({ kind: 'chipsUnread' })) },
      },
    },
    sent: { type: 'final' },
  },
  // Every transition into `sent` settles the outcome.
  output: ({ context }) => context.outcome!,
});

export type CategoryRowSyncMachine = typeof categoryRowSyncMachine;
