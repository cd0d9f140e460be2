import { assign, emit, fromPromise, setup } from 'xstate';
import type { SoldOutState } from '../../../contracts/shared/sold-out';
import { backOnSale, markSoldOut, type SoldOutTarget } from '../../services/shared/sold-out';
import { errorText } from '../../services/shared/error-text';

const fieldsOf = (error: unknown) => errorText(error, '').fields;
const reason = (error: unknown) => errorText(error, 'Request failed').message;

/**
 * One item's or selection's sold-out control (issue 45): "Until close", "Until tomorrow", "Until a
 * date and time…" (a field, then Save) and, while sold out, "Back on sale". The server resolves
 * the words, and the field's date and time (sent as typed, with no offset), on the restaurant's
 * clock and answers the instant; the control shows it and says so
 * (`soldOut.changed`) to the list that shows the row.
 */
export type SoldOutInput = { target: SoldOutTarget; id: number; until: string | null };
type Context = SoldOutInput & { custom: string; error: string | null; fieldError: string | null };
type MarkCall = { target: SoldOutTarget; id: number; until: string };
type Events =
  | { type: 'mark'; until: 'close' | 'tomorrow' }
  | { type: 'custom.open' }
  | { type: 'custom.change'; value: string }
  | { type: 'custom.submit' }
  | { type: 'custom.cancel' }
  | { type: 'back' }
  | { type: 'alert.dismiss' }
  | { type: 'row.changed'; until: string | null };

export const soldOutMachine = setup({
  types: { context: {} as Context, input: {} as SoldOutInput, events: {} as Events, emitted: {} as { type: 'soldOut.changed'; until: string | null } },
  actors: {
    markSoldOut: fromPromise<SoldOutState, MarkCall>(({ input }) => markSoldOut(input.target, input.id, input.until)),
    backOnSale: fromPromise<SoldOutState, { target: SoldOutTarget; id: number }>(({ input }) => backOnSale(input.target, input.id)),
  },
  actions: {
    clearErrors: assign({ error: null, fieldError: null }),
  },
}).createMachine({
  id: 'soldOut',
  context: ({ input }) => ({ ...input, custom: '', error: null, fieldError: null }),
  initial: 'idle',
  on: { 'row.changed': { actions: assign({ until: ({ event }) => event.until }) } },
  states: {
    idle: {
      tags: ['idle'],
      on: {
        mark: { target: 'saving', actions: 'clearErrors' },
        'custom.open': { target: 'choosing', actions: ['clearErrors', assign({ custom: '' })] },
        back: { target: 'restoring', actions: 'clearErrors' },
        'alert.dismiss': { actions: 'clearErrors' },
      },
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'custom.change': { actions: assign({ custom: ({ event }) => event.value, fieldError: null }) },
        'custom.submit': { target: 'saving' },
        'custom.cancel': { target: 'idle', actions: 'clearErrors' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'markSoldOut',
        input: ({ context, event }) => ({ target: context.target, id: context.id, until: event.type === 'mark' ? event.until : context.custom }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ until: ({ event }) => event.output.sold_out_until, custom: '' }),
            emit(({ event }) => ({ type: 'soldOut.changed' as const, until: event.output.sold_out_until })),
          ],
        },
        // A refused date and time goes back to its field with the server's sentence; anything else is said above the row.
        onError: [
          {
            guard: ({ context, event }) => context.custom !== '' && fieldsOf(event.error).until !== undefined,
            target: 'choosing',
            actions: assign({ fieldError: ({ event }) => fieldsOf(event.error).until ?? null }),
          },
          { target: 'idle', actions: assign({ error: ({ event }) => `Could not mark it sold out: ${reason(event.error)}`, custom: '' }) },
        ],
      },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'backOnSale',
        input: ({ context }) => ({ target: context.target, id: context.id }),
        onDone: { target: 'idle', actions: [assign({ until: null }), emit({ type: 'soldOut.changed' as const, until: null })] },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => `Could not put it back on sale: ${reason(event.error)}` }) },
      },
    },
  },
});
