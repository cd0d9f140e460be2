import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OrdersQuery } from '#contracts/ordering';
import { HISTORY_DEFAULTS, readHistoryAddress, writeHistoryAddress } from '#src/machines/ordering/order-history-address';
import { openOrderOf, orderHistoryMachine } from '#src/machines/ordering/order-history.machine';
import { orderRefundMachine } from '#src/machines/ordering/order-refund.machine';
import { ownerOrder } from '../../fixtures/ordering/owner-orders';
import type { OrdersFilters } from '#src/services/ordering/orders';
import type { DownloadedFile } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { recordedCall } from '../../support/recorded-call';
import { assertWalksCover } from '../../support/path-coverage';

const FILE: DownloadedFile = { blob: new Blob(['id\r\n']), filename: 'orders-2026-11-27.csv' };
/** A completed order paid by card, its $27.00 captured and nothing refunded yet. */
const capturedCardOrder = (id: number) =>
  ownerOrder({ id, status: 'completed', payment: { method: 'card', state: 'captured', paid: 27, refunded: 0 }, refunds: [] });
const loaded = (count: number, ids: number[]) => ({ orders: ids.map((id) => ownerOrder({ id })), count });

describe('order history machine (issue 40)', () => {
  it('reaches every state and transition, the page past the end and a failure included', () => {
    const events = [
      { type: 'xstate.done.actor.loadHistory', output: loaded(45, [1, 2]) },
      { type: 'xstate.done.actor.loadHistory', output: loaded(10, []) },
      { type: 'xstate.error.actor.loadHistory', error: new Error('HTTP 503') },
      { type: 'list.retry' },
      { type: 'filter.search', search: 'ada' },
      { type: 'filter.status', status: 'completed' },
      { type: 'filter.day', day: '2026-11-20' },
      { type: 'page.next' },
      { type: 'page.previous' },
      { type: 'order.open', orderId: 1 },
      { type: 'order.close' },
      { type: 'csv.download' },
      { type: 'xstate.done.actor.downloadHistory', output: FILE },
      { type: 'xstate.error.actor.downloadHistory', error: new Error('HTTP 503') },
    ];
    const card = capturedCardOrder(1);
    assertWalksCover(orderHistoryMachine, [
      { input: { restaurantId: 7, page: 3 }, events, limit: 20_000, skip: ['refund.open'] },
      { input: { restaurantId: null }, events, skip: ['refund.open'] },
      {
        // The refund dialog's region, from an open captured card order.
        input: { restaurantId: 7 },
        events: [
          { type: 'xstate.done.actor.loadHistory', output: { orders: [card], count: 1 } },
          { type: 'order.open', orderId: 1 },
          { type: 'refund.open' },
          { type: 'xstate.done.actor.refundDialog', output: { ...card, payment: { ...card.payment, refunded: 4.5 } } },
          { type: 'xstate.done.actor.refundDialog', output: null },
        ],
        skip: ['filter.search', 'filter.status', 'filter.day', 'page.next', 'page.previous', 'list.retry', 'csv.download', 'xstate.error.actor.loadHistory'],
      },
    ]);
  });

  it('asks for the restaurant’s orders with the filters, page 1 after each change, the search once typing pauses', async () => {
    const asked: OrdersQuery[] = [];
    const actor = createActor(
      provideChecked(orderHistoryMachine, {
        actors: {
          loadHistory: fromPromise<{ orders: ReturnType<typeof ownerOrder>[]; count: number }, OrdersQuery>(async ({ input }) => {
            asked.push(input);
            return loaded(45, [input.page ?? 1]);
          }),
        },
        delays: { searchPause: 5 },
      }),
      { input: { restaurantId: 7, page: 2, status: 'completed' } },
    ).start();
    const settled = () => waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    await settled();
    actor.send({ type: 'page.next' });
    await settled();
    actor.send({ type: 'order.open', orderId: 3 });
    expect(openOrderOf(actor.getSnapshot().context)?.id).toBe(3);
    actor.send({ type: 'order.open', orderId: 99 });
    expect(actor.getSnapshot().context.openId).toBe(3);
    actor.send({ type: 'filter.day', day: '2026-11-20' });
    expect(actor.getSnapshot().context.openId).toBeNull();
    await settled();
    actor.send({ type: 'filter.search', search: '#1' });
    actor.send({ type: 'filter.search', search: '#12' });
    await waitFor(actor, () => asked.length === 4);
    await settled();
    expect(asked).toEqual([
      { page: 2, page_size: 20, restaurant_id: 7, status: 'completed' },
      { page: 3, page_size: 20, restaurant_id: 7, status: 'completed' },
      { page: 1, page_size: 20, restaurant_id: 7, status: 'completed', day: '2026-11-20' },
      { page: 1, page_size: 20, restaurant_id: 7, status: 'completed', day: '2026-11-20', search: '#12' },
    ]);
  });

  it('downloads every page of the filters the list shows, not what is still being typed, and says when a download fails', async () => {
    const downloads = recordedCall(async (filters: OrdersFilters) => {
      if (filters.status === 'cancelled') throw new Error('{"detail":"The database is not answering.","code":"unavailable"}');
      return FILE;
    });
    const actor = createActor(
      provideChecked(orderHistoryMachine, {
        actors: { loadHistory: fromPromise<ReturnType<typeof loaded>, OrdersQuery>(async () => loaded(45, [1])), downloadHistory: downloads.actor },
        delays: { searchPause: 60_000 },
      }),
      { input: { restaurantId: 7, page: 2, status: 'completed', day: '2026-11-20', search: 'Ada' } },
    ).start();
    const saved: DownloadedFile[] = [];
    actor.on('screen.saveFile', (event) => saved.push(event.file));
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'filter.search', search: 'Grace' });
    actor.send({ type: 'csv.download' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('downloading'));
    expect(downloads.calls).toEqual([{ restaurant_id: 7, status: 'completed', day: '2026-11-20', search: 'Ada' }]);
    expect(saved).toEqual([FILE]);

    actor.send({ type: 'filter.status', status: 'cancelled' });
    actor.send({ type: 'csv.download' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('downloading'));
    expect(actor.getSnapshot().context.downloadError).toBe('Could not download the orders: The database is not answering.');
    expect(saved).toHaveLength(1);
    actor.send({ type: 'filter.status', status: null });
    actor.send({ type: 'csv.download' });
    expect(actor.getSnapshot().context.downloadError).toBeNull();
    await waitFor(actor, (snapshot) => !snapshot.hasTag('downloading'));
    expect(downloads.calls.at(-1)).toEqual({ restaurant_id: 7, day: '2026-11-20', search: 'Ada' });
    expect(saved).toHaveLength(2);
    actor.stop();
  });

  it('opens the refund dialog only on a captured card order with money left, and shows the refunded order with a sentence', async () => {
    const inPerson = ownerOrder({ id: 2, status: 'completed' });
    const card = capturedCardOrder(1);
    const after = { ...card, payment: { ...card.payment, refunded: 4.5 } };
    const actor = createActor(
      provideChecked(orderHistoryMachine, {
        actors: {
          loadHistory: fromPromise<ReturnType<typeof loaded>, OrdersQuery>(async () => ({ orders: [card, inPerson], count: 2 })),
          refundDialog: orderRefundMachine.provide({ actors: { refundOrder: fromPromise(async () => after) } }),
        },
      }),
      { input: { restaurantId: 7 } },
    ).start();
    const said: string[] = [];
    actor.on('screen.announce', (event) => said.push(event.message));
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'order.open', orderId: 2 });
    actor.send({ type: 'refund.open' });
    expect(actor.getSnapshot().hasTag('refunding')).toBe(false);
    actor.send({ type: 'order.open', orderId: 1 });
    actor.send({ type: 'refund.open' });
    const dialog = actor.getSnapshot().children.refundDialog!;
    dialog.send({ type: 'refund.amount', amount: '4.50' });
    dialog.send({ type: 'refund.reason', reason: 'Cold pizza' });
    dialog.send({ type: 'refund.submit' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('refunding'));
    expect(openOrderOf(actor.getSnapshot().context)?.payment.refunded).toBe(4.5);
    expect(said).toEqual(['$4.50 refunded on order #11.']);

    actor.send({ type: 'refund.open' });
    actor.getSnapshot().children.refundDialog!.send({ type: 'refund.cancel' });
    expect(actor.getSnapshot().hasTag('refunding')).toBe(false);
    expect(said).toHaveLength(1);
    actor.stop();
  });

  it('downloads nothing for an administrator with no restaurant chosen', () => {
    const actor = createActor(orderHistoryMachine, { input: { restaurantId: null } }).start();
    actor.send({ type: 'csv.download' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(false);
    actor.stop();
  });

  it('keeps its filters and page in the address, and reads a foreign one leniently', () => {
    const settings = { page: 2, pageSize: 50, status: 'cancelled' as const, day: '2026-11-20', search: 'Ada' };
    const address = writeHistoryAddress(settings);
    expect(address).toBe('page=2&page_size=50&status=cancelled&day=2026-11-20&search=Ada');
    expect(readHistoryAddress(address)).toEqual(settings);
    expect(readHistoryAddress('page=0&page_size=7&status=lost&day=tomorrow')).toEqual(HISTORY_DEFAULTS);
  });
});
