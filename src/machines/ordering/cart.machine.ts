import { assign, emit, setup } from 'xstate';
import { LINE_QUANTITY_MAX, ORDER_LINES_MAX, ORDER_MESSAGES } from '../../../contracts/ordering';
import { unitCents } from '../../../contracts/ordering/order-pricing';
import {
  checkedLine,
  choiceErrors,
  storedLines,
  type CartChoice,
  type CartLine,
  type ChoiceErrors,
  type SoldOutClock,
  type StoredLine,
  type StoreMenu,
} from './cart-lines';

/**
 * The store page's cart (issue 30): lines added from the item dialog, kept per store in the
 * browser, and checked against the page's menu when the page loads. Effect-free: the page's
 * script stores the lines it is told of (`cart.changed`) and shows what `line.added` and
 * `line.refused` say. A line the menu no longer matches stays, flagged and not charged, until
 * the customer removes it; while one does, the cart cannot go to checkout (`flagged`).
 * With `soldOut` (issue 45), a line holding a sold-out item or selection is flagged too, and
 * `clock.tick` (sent by the page every little while) reads the lines again, so a line whose time
 * has passed is orderable again by itself, and one that became sold out is flagged.
 */

export type CartInput = { menu: StoreMenu; stored: readonly StoredLine[]; soldOut?: SoldOutClock };
type Context = { menu: StoreMenu; lines: CartLine[]; nextKey: number; soldOut: SoldOutClock | undefined };

type Events =
  | { type: 'line.add'; choice: CartChoice }
  | { type: 'line.quantity'; key: string; quantity: number }
  | { type: 'line.remove'; key: string }
  | { type: 'cart.clear' }
  | { type: 'clock.tick' };

type Emitted =
  | { type: 'cart.changed'; lines: StoredLine[] }
  | { type: 'line.added'; name: string; quantity: number }
  | { type: 'line.refused'; errors: ChoiceErrors };

/** Why `choice` cannot be added, by field (the order engine's sentences); empty when it can. */
function refusalOf(context: Context, choice: CartChoice): ChoiceErrors {
  const errors = choiceErrors(context.menu, choice, context.soldOut);
  if (Object.keys(errors).length === 0 && context.lines.length >= ORDER_LINES_MAX) return { item: ORDER_MESSAGES.lines };
  return errors;
}

const keyNumber = (key: string) => Number(/^line-(\d+)$/.exec(key)?.[1] ?? 0);

export const cartMachine = setup({
  types: { context: {} as Context, input: {} as CartInput, events: {} as Events, emitted: {} as Emitted },
  guards: {
    isEmpty: ({ context }) => context.lines.length === 0,
    hasProblems: ({ context }) => context.lines.some((line) => line.problem !== null),
    choiceAccepted: ({ context, event }) => event.type === 'line.add' && Object.keys(refusalOf(context, event.choice)).length === 0,
    quantityInRange: ({ event }) =>
      event.type === 'line.quantity' && Number.isInteger(event.quantity) && event.quantity >= 1 && event.quantity <= LINE_QUANTITY_MAX,
  },
  actions: {
    addLine: assign(({ context, event }) => {
      if (event.type !== 'line.add') return {};
      const choice = { ...event.choice, note: event.choice.note.trim() };
      const line = checkedLine(context.menu, { ...choice, key: `line-${context.nextKey}`, unit_cents: unitCents(context.menu, choice)! }, context.soldOut);
      return { lines: [...context.lines, line], nextKey: context.nextKey + 1 };
    }),
    setQuantity: assign({
      lines: ({ context, event }) =>
        event.type === 'line.quantity' ? context.lines.map((line) => (line.key === event.key ? { ...line, quantity: event.quantity } : line)) : context.lines,
    }),
    removeLine: assign({
      lines: ({ context, event }) => (event.type === 'line.remove' ? context.lines.filter((line) => line.key !== event.key) : context.lines),
    }),
    clearLines: assign({ lines: [] }),
    recheckLines: assign({ lines: ({ context }) => storedLines(context.lines).map((line) => checkedLine(context.menu, line, context.soldOut)) }),
    announceChange: emit(({ context }) => ({ type: 'cart.changed' as const, lines: storedLines(context.lines) })),
    // Runs after addLine: the line it names is the last one.
    announceAdded: emit(({ context }) => ({ type: 'line.added' as const, name: context.lines.at(-1)!.name, quantity: context.lines.at(-1)!.quantity })),
    announceRefusal: emit(({ context, event }) => ({
      type: 'line.refused' as const,
      errors: event.type === 'line.add' ? refusalOf(context, event.choice) : {},
    })),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    menu: input.menu,
    lines: input.stored.map((line) => checkedLine(input.menu, line, input.soldOut)),
    soldOut: input.soldOut,
    nextKey: Math.max(0, ...input.stored.map((line) => keyNumber(line.key))) + 1,
  }),
  initial: 'sorting',
  states: {
    /** Where the lines put the cart: nothing in it, something the menu no longer matches, or ready for checkout. */
    sorting: {
      always: [{ guard: 'isEmpty', target: 'empty' }, { guard: 'hasProblems', target: 'flagged' }, { target: 'ready' }],
    },
    empty: { tags: ['empty'] },
    flagged: { tags: ['filled', 'flagged'] },
    ready: { tags: ['filled', 'ready'] },
  },
  on: {
    'line.add': [{ guard: 'choiceAccepted', target: '.sorting', actions: ['addLine', 'announceChange', 'announceAdded'] }, { actions: 'announceRefusal' }],
    'line.quantity': { guard: 'quantityInRange', target: '.sorting', actions: ['setQuantity', 'announceChange'] },
    'line.remove': { target: '.sorting', actions: ['removeLine', 'announceChange'] },
    'cart.clear': { target: '.sorting', actions: ['clearLines', 'announceChange'] },
    'clock.tick': { target: '.sorting', actions: 'recheckLines' },
  },
});
