import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SoldOutState } from '#contracts/shared/sold-out';
import { ApiError } from '#src/services/shared/api';
import { soldOutMachine } from '#src/machines/shared/sold-out.machine';
import { assertWalksCover } from '../../support/path-coverage';

const CLOSE = '2026-11-26T03:00:00.000Z';

describe('sold-out machine (issue 45)', () => {
  it('reaches every state and transition', () => {
    const refused = new ApiError('Some fields are not valid.', { status: 400, code: 'invalid', fields: { until: 'Choose a time after now.' } });
    const events = [
      { type: 'mark', until: 'close' },
      { type: 'custom.open' },
      { type: 'custom.change', value: '2026-11-25T20:00' },
      { type: 'custom.submit' },
      { type: 'custom.cancel' },
      { type: 'back' },
      { type: 'alert.dismiss' },
      { type: 'row.changed', until: CLOSE },
      { type: 'xstate.done.actor.0.soldOut.saving', output: { id: 4, sold_out_until: CLOSE } },
      { type: 'xstate.error.actor.0.soldOut.saving', error: refused },
      { type: 'xstate.error.actor.0.soldOut.saving', error: new Error('HTTP 503') },
      { type: 'xstate.done.actor.0.soldOut.restoring', output: { id: 4, sold_out_until: null } },
      { type: 'xstate.error.actor.0.soldOut.restoring', error: new Error('HTTP 503') },
    ];
    assertWalksCover(soldOutMachine, [{ input: { target: 'item', id: 4, until: null }, events }]);
  });

  it('marks sold out until close, says the time it got, and puts it back on sale', async () => {
    const calls: string[] = [];
    const machine = soldOutMachine.provide({
      actors: {
        markSoldOut: fromPromise<SoldOutState, { target: 'item' | 'selection'; id: number; until: string }>(async ({ input }) => {
          calls.push(`POST ${input.target} ${input.id} ${input.until}`);
          return { id: input.id, sold_out_until: CLOSE };
        }),
        backOnSale: fromPromise<SoldOutState, { target: 'item' | 'selection'; id: number }>(async ({ input }) => {
          calls.push(`DELETE ${input.target} ${input.id}`);
          return { id: input.id, sold_out_until: null };
        }),
      },
    });
    const actor = createActor(machine, { input: { target: 'selection', id: 9, until: null } });
    const told: Array<string | null> = [];
    actor.on('soldOut.changed', (event) => told.push(event.until));
    actor.start();
    actor.send({ type: 'mark', until: 'close' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.until).toBe(CLOSE);
    actor.send({ type: 'back' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.until).toBeNull();
    expect(calls).toEqual([`POST selection 9 close`, 'DELETE selection 9']);
    expect(told).toEqual([CLOSE, null]);
  });

  it('sends the date and time as typed, for the server to read on the restaurant’s clock, and shows its refusal on the field', async () => {
    const sent: string[] = [];
    const machine = soldOutMachine.provide({
      actors: {
        markSoldOut: fromPromise<SoldOutState, { target: 'item' | 'selection'; id: number; until: string }>(async ({ input }) => {
          sent.push(input.until);
          throw new ApiError('Some fields are not valid.', { status: 400, code: 'invalid', fields: { until: 'Choose a time after now.' } });
        }),
      },
    });
    const actor = createActor(machine, { input: { target: 'item', id: 4, until: null } }).start();
    actor.send({ type: 'custom.open' });
    actor.send({ type: 'custom.change', value: '2020-01-01T10:00' });
    actor.send({ type: 'custom.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('choosing') && snapshot.context.fieldError !== null);
    expect(actor.getSnapshot().context.fieldError).toBe('Choose a time after now.');
    expect(sent).toEqual(['2020-01-01T10:00']);
  });
});
