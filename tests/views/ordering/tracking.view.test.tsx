import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { is } from 'superstruct';
import { createActor } from 'xstate';
import { TrackParams, type OrderStatus, type TrackedOrder } from '#contracts/ordering';
import { trackingMachine } from '#src/machines/ordering/tracking.machine';
import { TrackingPage } from '#src/views/ordering/tracking.view';
import { jsonResponse } from '#tests/support/contract-double';

/**
 * The tracking page's content (issue 30) from the tracking API, whose route another part of issue
 * 30 adds: each request's token is checked with TrackParams, the struct that route validates with.
 */
const TOKEN = 'tok_abcdefghijklmnopqrstuv';
const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const order = (status: OrderStatus): TrackedOrder => ({
  number: 12,
  token: TOKEN,
  status,
  fulfilment: 'pickup',
  restaurant: { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago' },
  lines: [{ item_id: 21, size_id: null, name: 'Cola', size_name: '', quantity: 2, unit_price: 2.5, extras: [], line_total: 5, note: '' }],
  subtotal: 5,
  discount: 0,
  tax: 0,
  tip: 0,
  fee: 0,
  total: 5,
  prices_include_tax: false,
  coupon_code: null,
  currency: 'USD',
  placed_at: '2026-11-26T18:00:00.000Z',
  scheduled_for: null,
  estimated_at: status === 'completed' ? null : '2026-11-26T18:20:00.000Z',
  timeline: [
    { status: 'placed', at: '2026-11-26T18:00:00.000Z', detail: null },
    ...(status === 'placed' ? [] : [{ status: 'accepted' as const, at: '2026-11-26T18:02:00.000Z', detail: '20' }]),
  ],
  cancel_reason: null,
  payment: { method: 'in_person', state: 'none', paid: 0, refunded: 0 },
});

/** The page (issue 42: a React component, as the server renders it and the browser hydrates it) on a tracking machine refreshing every few milliseconds. */
function show(answers: (() => Response | Promise<Response>)[]) {
  globalThis.fetch = async (input) => {
    const token = /\/api\/v2\/orders\/track\/([^/]+)\/$/.exec(new Request(input).url)?.[1];
    if (!is({ token }, TrackParams)) throw new Error(`Not a tracking request: ${new Request(input).url}`);
    return answers.shift()!();
  };
  const actor = createActor(trackingMachine.provide({ delays: { refresh: 5 } }), { input: { token: TOKEN } });
  render(<TrackingPage store={{ name: 'Blue Door', logoUrl: null, slug: 'blue-door' }} tracking={actor} />);
  return actor;
}

describe('the tracking page', () => {
  it('shows the order, then announces each change of status politely until it is done', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const actor = show([
      () => jsonResponse(200, order('placed')),
      () => jsonResponse(200, order('accepted')),
      // Held until the test has read the first announcement.
      () => held.then(() => jsonResponse(200, order('completed'))),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Order #12: Accepted: being prepared.'));
    release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Order #12: Picked up.'));
    expect(actor.getSnapshot().status).toBe('done');
    const main = screen.getByRole('main');
    for (const words of ['Picked up', '2 × Cola', 'Total$5.00', 'Pay at pickup', '12:00 Placed', '12:02 Accepted: being prepared (20 min)'])
      expect(main).toHaveTextContent(words);
    expect(main).not.toHaveTextContent('This page updates by itself.');
  });

  it('tells a pickup where to collect it and whom to call; a cancelled delivery asks for no payment', async () => {
    const restaurant = {
      name: 'Blue Door',
      slug: 'blue-door',
      time_zone: 'America/Chicago',
      address: '12 Market St, Springfield, IL 62701',
      phone: '(217) 555-0101',
    };
    // Accepted, it would go on asking: stopped once read.
    const accepted = show([() => jsonResponse(200, { ...order('accepted'), restaurant })]);
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Pick up at Blue Door, 12 Market St, Springfield, IL 62701.'));
    expect(screen.getByRole('link', { name: '(217) 555-0101' })).toHaveAttribute('href', 'tel:2175550101');
    accepted.stop();
    cleanup();

    show([() => jsonResponse(200, { ...order('placed'), status: 'cancelled', fulfilment: 'delivery', cancel_reason: 'Out of dough', restaurant })]);
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Reason: Out of dough'));
    expect(screen.getByRole('main')).not.toHaveTextContent('Pay on delivery');
    expect(screen.getByRole('main')).not.toHaveTextContent('Pick up at');
  });

  it('writes a US order’s times in 12-hour time and names the day it was booked for (issue 40)', async () => {
    const restaurant = { name: 'Blue Door', slug: 'blue-door', time_zone: 'America/Chicago', country: 'United States' };
    // Placed Thursday 26 November at 12:00 for Tuesday 1 December, 18:00 in Chicago.
    const booked = { ...order('accepted'), restaurant, scheduled_for: '2026-12-02T00:00:00.000Z', estimated_at: '2026-12-02T00:00:00.000Z' };
    const actor = show([() => jsonResponse(200, booked), () => new Promise<Response>(() => undefined)]);
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main).toHaveTextContent('Ready around Tue, Dec 1, 6:00 PM (America/Chicago).'));
    for (const words of ['Asked for Tue, Dec 1, 6:00 PM.', '12:00 PM Placed', '12:02 PM Accepted']) expect(main).toHaveTextContent(words);
    actor.stop();
  });

  it('shows the coupon’s discount, the tax and the tip the order was charged, as its receipt (issue 43)', async () => {
    const charged = { ...order('accepted'), subtotal: 40, discount: 4, tax: 2.97, tip: 6, total: 44.97, coupon_code: 'SAVE10' };
    const actor = show([() => jsonResponse(200, charged)]);
    await screen.findByRole('heading', { level: 1, name: 'Order #12' });
    const main = screen.getByRole('main');
    for (const words of ['Subtotal$40.00', 'Discount (SAVE10)−$4.00', 'Tax$2.97', 'Tip$6.00', 'Total$44.97']) expect(main).toHaveTextContent(words);
    actor.stop();
  });

  it('says so for an unknown token, with a way back to the store', async () => {
    show([() => jsonResponse(404, { detail: 'Not found.', code: 'not_found' })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'We can’t find this order' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'go back to the store' })).toHaveAttribute('href', '/blue-door');
  });

  it('asks a card order not yet paid to try again, opens the new payment page, and says "Payment received" once paid (issue 44)', async () => {
    const awaiting: TrackedOrder = {
      ...order('placed'),
      status: 'awaiting_payment',
      timeline: [],
      payment: { method: 'card', state: 'pending', paid: 0, refunded: 0 },
    };
    const paid: TrackedOrder = { ...order('placed'), payment: { method: 'card', state: 'authorized', paid: 5, refunded: 0 } };
    const calls: string[] = [];
    const answers: Record<string, (() => Response)[]> = {
      GET: [() => jsonResponse(200, awaiting), () => jsonResponse(200, paid)],
      'POST payment/': [() => jsonResponse(200, awaiting)],
      'POST payment/retry/': [() => jsonResponse(200, { checkout_url: 'https://checkout.example/pay/cs_test_2' })],
    };
    globalThis.fetch = async (input, init) => {
      const url = new Request(input).url;
      const [, token, tail = ''] = /\/api\/v2\/orders\/track\/([^/]+)\/(.*)$/.exec(url) ?? [];
      if (!is({ token }, TrackParams)) throw new Error(`Not a tracking request: ${url}`);
      const call = init?.method === 'POST' ? `POST ${tail}` : 'GET';
      calls.push(call);
      return answers[call]!.shift()!();
    };
    const opened: string[] = [];
    const assign = vi.spyOn(window.location, 'assign').mockImplementation((url) => void opened.push(String(url)));
    const actor = createActor(trackingMachine.provide({ delays: { refresh: 60_000 } }), { input: { token: TOKEN } });
    render(<TrackingPage store={{ name: 'Blue Door', logoUrl: null, slug: 'blue-door' }} tracking={actor} />);
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('Waiting for your payment');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(opened).toEqual(['https://checkout.example/pay/cs_test_2']));
    expect(calls).toEqual(['GET', 'POST payment/', 'POST payment/retry/']);
    actor.send({ type: 'page.hidden' });
    actor.send({ type: 'page.visible' });
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Payment received: $5.00 by card.'));
    expect(screen.queryByRole('heading', { name: 'Payment not completed' })).toBeNull();
    assign.mockRestore();
    actor.stop();
  });
});
