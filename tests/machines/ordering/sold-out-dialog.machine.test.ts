import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { soldOutDialogMachine } from '#src/machines/ordering/sold-out-dialog.machine';
import type { SoldOutItem } from '#src/services/ordering/sold-out-items';
import { assertWalksCover } from '../../support/path-coverage';

const MARGHERITA: SoldOutItem = { id: 11, name: 'Margherita', sold_out_until: null };

describe('the board’s sold-out dialog machine (issue 45)', () => {
  it('reaches every state and transition', () => {
    const events = [
      { type: 'dialog.open' },
      { type: 'dialog.close' },
      { type: 'search.change', value: 'marg' },
      { type: 'list.reload' },
      { type: 'xstate.done.actor.0.soldOutDialog.open.loading', output: [MARGHERITA] },
      { type: 'xstate.error.actor.0.soldOutDialog.open.loading', error: new Error('HTTP 503') },
    ];
    assertWalksCover(soldOutDialogMachine, [{ input: { restaurantId: 3 }, events }]);
  });

  it('reads the dishes when opened and again with each search, the newest answer kept', async () => {
    const asked: string[] = [];
    const machine = soldOutDialogMachine.provide({
      actors: {
        loadItems: fromPromise<SoldOutItem[], { restaurantId: number; search: string }>(async ({ input }) => {
          asked.push(`${input.restaurantId}:${input.search}`);
          return input.search === 'marg' ? [MARGHERITA] : [MARGHERITA, { id: 21, name: 'Cola', sold_out_until: null }];
        }),
      },
    });
    const actor = createActor(machine, { input: { restaurantId: 3 } }).start();
    actor.send({ type: 'dialog.open' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    actor.send({ type: 'search.change', value: 'm' });
    actor.send({ type: 'search.change', value: 'marg' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.items).toEqual([MARGHERITA]);
    expect(asked).toEqual(['3:', '3:m', '3:marg']);
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().hasTag('closed')).toBe(true);
  });
});
