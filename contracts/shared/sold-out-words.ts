import { formatTimeOrDayTime, wallDateTime, type Clock } from './clock-format';
import { addDays } from './opening-status';

/**
 * How sold out (issue 45) reads for customers, and which order lines it stops: the store page,
 * the cart and the server's refusal say the same words. Apart from sold-out.ts (the owner's body
 * and its resolution to an instant) so the store page's script carries no validation it never runs.
 */

/** Sold out at `now`: its time is set and not yet passed. */
export const isSoldOut = (until: string | Date | null | undefined, now: Date): boolean => until != null && new Date(until).getTime() > now.getTime();

/**
 * "until 9:00 PM" (on `today`, the restaurant's date), "until tomorrow" (the next date's midnight),
 * else "until Tue, Dec 1, 9:00 PM": what the store, the cart and the server's refusal say. Read
 * from the date rather than the instant, so the store page's first render in the browser says
 * what the server's did.
 */
export function soldOutWords(until: string | Date, clock: Clock, today: string): string {
  const { date, time } = wallDateTime(until, clock.zone);
  if (date === addDays(today, 1) && time === '00:00') return 'until tomorrow';
  return `until ${formatTimeOrDayTime(until, clock, today)}`;
}

/** "until 9:00 PM" while `until` is after `now`, else null: the store's note on a sold-out item or selection. */
export const soldOutNote = (until: string | null | undefined, clock: Clock, now: Date): string | null =>
  until != null && isSoldOut(until, now) ? soldOutWords(until, clock, wallDateTime(now, clock.zone).date) : null;

/** What a customer reads of a sold-out item or selection: "Margherita is sold out until 9:00 PM. Please remove it from your order." */
export const soldOutSentence = (name: string, until: string, clock: Clock, today: string) =>
  `${name} is sold out ${soldOutWords(until, clock, today)}. Please remove it from your order.`;

/** A menu as the store data carries it: the parts the sold-out check reads. */
type SoldOutMenu = ReadonlyArray<{
  items: ReadonlyArray<{ id: number; name: string; sold_out_until?: string | null }>;
  extra_groups: ReadonlyArray<{ selections: ReadonlyArray<{ id: number; name: string; sold_out_until?: string | null }> }>;
}>;

export type SoldOutLine = { field: 'item_id' | 'extra_selection_ids'; name: string; until: string; message: string };

/**
 * Each line naming a sold-out item or selection, by line index, with the sentence the customer
 * reads ("Margherita is sold out until 9:00 PM. Please remove it from your order."): the server
 * refuses the order with it (409 `sold_out`), the cart flags the line with it.
 */
export function soldOutLines(
  menu: SoldOutMenu,
  lines: ReadonlyArray<{ item_id: number; extra_selection_ids: readonly number[] }>,
  clock: Clock,
  now: Date,
): Map<number, SoldOutLine> {
  const items = new Map(menu.flatMap((category) => category.items.map((item) => [item.id, item] as const)));
  const selections = new Map(
    menu.flatMap((category) => category.extra_groups.flatMap((group) => group.selections.map((selection) => [selection.id, selection] as const))),
  );
  const found = new Map<number, SoldOutLine>();
  const today = wallDateTime(now, clock.zone).date;
  lines.forEach((line, index) => {
    const item = items.get(line.item_id);
    const selection = line.extra_selection_ids.map((id) => selections.get(id)).find((chosen) => isSoldOut(chosen?.sold_out_until, now));
    const [field, sold] = item && isSoldOut(item.sold_out_until, now) ? (['item_id', item] as const) : (['extra_selection_ids', selection] as const);
    if (!sold?.sold_out_until) return;
    const message = soldOutSentence(sold.name, sold.sold_out_until, clock, today);
    found.set(index, { field, name: sold.name, until: sold.sold_out_until, message });
  });
  return found;
}
