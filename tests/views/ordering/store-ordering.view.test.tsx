import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assert, validate } from 'superstruct';
import { OrderQuote, PlaceOrderBody, type PlacedOrder } from '#contracts/ordering';
import { formatTime } from '#contracts/shared/clock-format';
import type { StorePageData } from '#contracts/storefront';
import { storeBrowser } from '#src/store-page';
import { StoreRoot } from '#src/store-roots';
import { contractFetch, jsonResponse } from '#tests/support/contract-double';
import { COLA, LARGE, MARGHERITA, storeData, storefrontOf, TIPPING } from '#tests/fixtures/ordering/store-data';
import { quoteFor, UNKNOWN_COUPON } from '#tests/fixtures/ordering/order-quote';

/**
 * The store page's cart and checkout (issue 30) in React (issue 42), the page's root rendered with
 * the browser's parts as src/store-page.tsx hydrates it,
 * with every request checked: the delivery check against the server's own route and contract, the
 * placement (whose route another part of issue 30 adds) against PlaceOrderBody, the struct that
 * route validates with, and its Idempotency-Key.
 */

// Open around the clock, so "as soon as possible" is offered whenever the test runs; in the US, whose times are 12-hour (issue 40).
const data = storeData({ country: 'United States', hours: { ...storeData().hours, open_247: true } });
const TOKEN = 'tok_abcdefghijklmnopqrstuv';
type Placement = { body: unknown; key: string | null };
let placements: Placement[];
let answers: Response[];
/** The bodies the checkout asked the server to quote, and how the server answers the next one (its engine's quote unless a test says otherwise). */
let quoted: unknown[];
let quoteAnswers: Response[];
/** What the fake server's quotes add to the engine's figures: when the order would be ready (issue 45). */
let quoteTiming: Pick<OrderQuote, 'estimated_at' | 'asap_moved'>;
let navigated: string[];
const realFetch = globalThis.fetch;

beforeEach(() => {
  placements = [];
  answers = [];
  quoted = [];
  quoteAnswers = [];
  quoteTiming = {};
  navigated = [];
  localStorage.clear();
  const checked = contractFetch(() => jsonResponse(200, { zip: '60606', delivers: true, fee: 3, min_order: 15, free_over: 40, eta_from: 30, eta_to: 45 }));
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const quoting = request.url.endsWith(`/storefront/${data.slug}/quote/`);
    if (request.method !== 'POST' || !(quoting || request.url.endsWith(`/storefront/${data.slug}/orders/`))) return checked(input, init);
    const body: unknown = await request.json();
    // The quote route (issue 43) takes the order body as placing does, without an Idempotency-Key.
    const [failure, valid] = validate(body, PlaceOrderBody, { coerce: true });
    if (failure) throw new Error(`PlaceOrderBody refuses the body: ${failure.message}`);
    if (quoting) {
      expect(request.headers.get('idempotency-key')).toBeNull();
      quoted.push(body);
      return quoteAnswers.shift() ?? served({ ...quoteFor(valid), ...quoteTiming });
    }
    placements.push({ body, key: request.headers.get('idempotency-key') });
    return answers.shift()!;
  };
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/** A quote answer, checked against the contract the real route answers with. */
function served(quote: OrderQuote, status = 200) {
  assert(quote, OrderQuote);
  return jsonResponse(status, quote);
}

/** The store page of `page` as the browser runs it, whose placed orders "navigate" into `navigated`. */
function start(page: StorePageData = data) {
  const store = storefrontOf(page);
  render(<StoreRoot store={store} today={{ date: '2026-11-26', weekday: 4 }} browser={storeBrowser(store, (path) => navigated.push(path))} />);
}
/** Opens the cart, then the checkout from it: the checkout's dialog, on its first step. */
async function openCheckout(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Your order/ }));
  await user.click(screen.getByRole('button', { name: 'Check out' }));
  // The checkout's code is a chunk of its own (src/store-checkout.ts): the dialog comes once it is here.
  return screen.findByRole('dialog', { name: 'How would you like your order?' });
}
const placed = {
  id: 5,
  number: 12,
  token: TOKEN,
  restaurant: { name: 'Blue Door', slug: data.slug, time_zone: data.time_zone },
  payment: { method: 'in_person', state: 'none', paid: 0, refunded: 0 },
} as PlacedOrder;

describe('the store page’s cart and checkout', () => {
  it('adds an item with its size, choices and quantity, refusing a missing required choice on its field', async () => {
    const user = userEvent.setup();
    start();
    await user.click(screen.getByRole('button', { name: 'Details: Margherita' }));
    const dialog = screen.getByRole('dialog', { name: 'Margherita' });
    await user.click(within(dialog).getByRole('radio', { name: /Large/ }));
    // Without its crust the line has no price yet.
    await user.click(within(dialog).getByRole('button', { name: 'Add to order' }));
    const crust = within(dialog).getByRole('group', { name: 'Crust' });
    expect(crust).toHaveAttribute('aria-invalid', 'true');
    expect(crust).toHaveAccessibleDescription(/Choose one: Crust\./);
    expect(within(crust).getByRole('radio', { name: /Thin/ })).toHaveFocus();

    await user.click(within(crust).getByRole('radio', { name: /Thick/ }));
    // Changed, the crust is no longer marked: the cart judges it again at the next Add.
    expect(crust).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('checkbox', { name: /Olives/ }));
    // Large $14.00 + Thick $1.50 + Olives $0.75, once; then twice with + (issue 42: the line's price on the button, − and + as in the cart).
    expect(within(dialog).getByRole('button', { name: 'Add to order · $16.25' })).toBeVisible();
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    expect(within(dialog).getByRole('button', { name: 'One less' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'One more' }));
    expect(quantity).toHaveValue(2);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'One less' }));
    expect(quantity).toHaveValue(2);
    await user.click(within(dialog).getByRole('button', { name: 'Add to order · $32.50' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.getByText('Added 2 × Margherita to your order.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Your order · 2 items · $32.50' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('cart:blue-door')!)).toMatchObject([{ item_id: MARGHERITA, size_id: LARGE, quantity: 2, unit_cents: 1625 }]);
  });

  it('flags a kept line the menu no longer has, charges nothing for it, and checks out once it is removed', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([
        { key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 2, note: '', unit_cents: 250 },
        { key: 'line-2', item_id: 999, size_id: null, extra_selection_ids: [], quantity: 1, note: '', unit_cents: 900 },
      ]),
    );
    start();
    await user.click(screen.getByRole('button', { name: 'Your order · 2 items · $5.00' }));
    const panel = screen.getByRole('dialog', { name: 'Your order' });
    expect(panel).toHaveTextContent('No longer on the menu. Please remove this line.');
    expect(within(panel).queryByRole('button', { name: 'Check out' })).toBeNull();
    expect(panel).toHaveTextContent('Please remove the marked lines before you check out.');
    await user.click(within(panel).getByRole('button', { name: 'Remove An item' }));
    await user.click(within(panel).getByRole('button', { name: 'One more: Cola' }));
    expect(within(panel).getByText('Subtotal').nextSibling).toHaveTextContent('$7.50');
    expect(within(panel).getByRole('button', { name: 'Check out' })).toBeVisible();
  });

  it('shows a sold-out item as sold out with Add disabled, flags the kept line and checks out once it is removed (issue 45)', async () => {
    const user = userEvent.setup();
    // An hour after the test’s own clock, whenever it runs: sold out now.
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const page = {
      ...data,
      categories: data.categories.map((category) => ({
        ...category,
        items: category.items.map((item) => (item.id === MARGHERITA ? { ...item, sold_out_until: until } : item)),
      })),
    };
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([
        { key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 2, note: '', unit_cents: 250 },
        { key: 'line-2', item_id: MARGHERITA, size_id: LARGE, extra_selection_ids: [102], quantity: 1, note: '', unit_cents: 1550 },
      ]),
    );
    start(page);
    const card = screen.getByRole('heading', { name: 'Margherita' }).closest('li')!;
    expect(card).toHaveTextContent(/Sold out until/);
    await user.click(within(card).getByRole('button', { name: 'Details: Margherita' }));
    const details = screen.getByRole('dialog', { name: 'Margherita' });
    expect(within(details).getByRole('button', { name: /Add to order/ })).toBeDisabled();
    expect(within(details).getByRole('button', { name: /Add to order/ })).toHaveAccessibleDescription(/^Sold out until/);
    await user.click(within(details).getByRole('button', { name: /Close/ }));
    await user.click(screen.getByRole('button', { name: 'Your order · 2 items · $5.00' }));
    const panel = screen.getByRole('dialog', { name: 'Your order' });
    expect(panel).toHaveTextContent('Sold out: remove it to place your order.');
    expect(within(panel).queryByRole('button', { name: 'Check out' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Remove Margherita (Large)' }));
    expect(within(panel).getByRole('button', { name: 'Check out' })).toBeVisible();
  });

  it('keeps the cart open and says so when the checkout’s code cannot be fetched, and opens it when pressed again', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 1, note: '', unit_cents: 250 }]),
    );
    const store = storefrontOf(data);
    const browser = storeBrowser(store, () => undefined);
    let offline = true;
    const loadCheckout = () => (offline ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : browser.loadCheckout());
    render(<StoreRoot store={store} today={{ date: '2026-11-26', weekday: 4 }} browser={{ ...browser, loadCheckout }} />);
    await user.click(screen.getByRole('button', { name: /Your order/ }));
    const panel = screen.getByRole('dialog', { name: 'Your order' });
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('The checkout could not be loaded. Check your connection and try again.');
    expect(panel).toHaveAttribute('open');
    expect(within(panel).getByRole('button', { name: 'Check out' })).toHaveAccessibleDescription(alert.textContent!);
    offline = false;
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('dialog', { name: 'How would you like your order?' })).toHaveAttribute('open');
    expect(panel).not.toHaveAttribute('open');
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('shows the cart in the store’s own currency (issue 40)', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 2, note: '', unit_cents: 250 }]),
    );
    start({ ...data, currency: 'GBP' as const });
    await user.click(screen.getByRole('button', { name: 'Your order · 2 items · £5.00' }));
    expect(within(screen.getByRole('dialog', { name: 'Your order' })).getByText('Subtotal').nextSibling).toHaveTextContent('£5.00');
  });

  it('checks out a delivery step by step, sends the server’s refusal back to its field, and retries with a new key', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 8, note: '', unit_cents: 250 }]),
    );
    start();
    const checkout = await openCheckout(user);
    await waitFor(() => expect(within(checkout).getByRole('heading', { level: 2 })).toHaveFocus());
    await user.click(within(checkout).getByRole('radio', { name: /Delivery/ }));
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(checkout).getByRole('heading', { name: 'Delivery address' })).toHaveFocus());
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    const street = within(checkout).getByRole('textbox', { name: 'Street and number' });
    await waitFor(() => expect(street).toHaveFocus());
    expect(street).toHaveAccessibleDescription('Please enter the street and number.');
    await user.type(street, '1 Main St');
    await user.type(within(checkout).getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.type(within(checkout).getByRole('textbox', { name: 'Zip or postal code' }), '60606');
    await user.type(within(checkout).getByRole('textbox', { name: /^Flat, floor/ }), 'Ring twice');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(checkout).getByRole('heading', { name: 'When?' })).toHaveFocus());
    const when = within(checkout).getByRole('combobox', { name: 'When should we deliver?' });
    expect(when).toHaveAccessibleDescription('Times are the restaurant’s local time (America/Chicago).');
    // Slots by day as people write them ("Tuesday, December 1"), each a 12-hour time ("6:15 PM").
    const days = [...when.querySelectorAll('optgroup')].map((group) => group.label);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) expect(day).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}$/);
    for (const slot of when.querySelectorAll('optgroup option')) expect(slot.textContent).toMatch(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/);
    await user.selectOptions(when, 'As soon as possible');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(checkout).getByRole('heading', { name: 'Your details' })).toHaveFocus());
    await user.type(within(checkout).getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(checkout).getByRole('textbox', { name: 'Phone' }), '312 555 0199');
    await user.type(within(checkout).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(within(checkout).getByRole('textbox', { name: /^Note for the restaurant/ }), 'No onions');
    await user.click(within(checkout).getByRole('button', { name: 'Review your order' }));

    await waitFor(() => expect(within(checkout).getByRole('heading', { name: 'Review your order' })).toHaveFocus());
    // The server's quote: tax added (8.25 %), line by line.
    await waitFor(() => expect(checkout).toHaveTextContent('Total$24.65'));
    for (const words of [
      '8 × Cola',
      'Subtotal$20.00',
      'Tax$1.65',
      'Delivery fee$3.00',
      'Free delivery over $40.00',
      'Minimum order $15.00',
      'Pay on delivery',
      'Delivery notes: Ring twice',
      'Note for the restaurant: No onions',
    ])
      expect(checkout).toHaveTextContent(words);
    answers.push(jsonResponse(400, { detail: 'Some fields are not valid.', code: 'invalid', fields: { 'customer.phone': 'We cannot call this number.' } }));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    const phone = within(checkout).getByRole('textbox', { name: 'Phone' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('We cannot call this number.');
    expect(within(checkout).getByRole('alert')).toHaveTextContent('Some fields are not valid.');

    await user.click(within(checkout).getByRole('button', { name: 'Review your order' }));
    answers.push(jsonResponse(201, placed));
    await waitFor(() => expect(within(checkout).getByRole('button', { name: 'Place order' })).not.toHaveAttribute('aria-disabled'));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(navigated).toEqual([`/blue-door/orders/${TOKEN}`]));
    expect(placements).toHaveLength(2);
    expect(placements[0]!.body).toEqual({
      fulfilment: 'delivery',
      lines: [{ item_id: COLA, size_id: null, quantity: 8, extra_selection_ids: [] }],
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: 'Ring twice' },
      scheduled_for: null,
      note: 'No onions',
      agreed_total: 24.65,
    });
    expect(placements[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(placements[1]!.key).not.toBe(placements[0]!.key);
    expect(localStorage.getItem('cart:blue-door')).toBeNull();
  });

  it('says the delivery minimum at the choice, keeps what was typed when the customer steps back to the menu, and remembers the details when asked', async () => {
    const user = userEvent.setup();
    const cola = (quantity: number) =>
      JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity, note: '', unit_cents: 250 }]);
    localStorage.setItem('cart:blue-door', cola(2));
    start();
    const checkout = await openCheckout(user);
    await user.click(within(checkout).getByRole('radio', { name: /Delivery/ }));
    // Said at the choice, in the words the review and the server use.
    expect(within(checkout).getByRole('status')).toHaveTextContent('Delivery needs a minimum order of $15.00: add $10.00 more to place it.');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.type(within(checkout).getByRole('textbox', { name: 'Street and number' }), '1 Main St');
    await user.type(within(checkout).getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.type(within(checkout).getByRole('textbox', { name: 'Zip or postal code' }), '60606');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await within(checkout).findByRole('combobox', { name: 'When should we deliver?' }), 'As soon as possible');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.type(await within(checkout).findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(checkout).getByRole('textbox', { name: 'Phone' }), '312 555 0199');
    await user.type(within(checkout).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    const remember = within(checkout).getByRole('checkbox', { name: 'Remember my details on this device' });
    expect(remember).not.toBeChecked();
    expect(remember).toHaveAccessibleDescription(
      'Your name, phone, email and delivery address are kept in this browser when you place the order, and filled in next time.',
    );
    await user.click(remember);
    // Nothing is kept before the order is placed.
    expect(localStorage.getItem('details:blue-door')).toBeNull();

    // Back to the menu: the cart grows to the minimum, and the checkout opens where the customer left it.
    await user.click(within(checkout).getByRole('button', { name: 'Close the checkout' }));
    expect(checkout).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: /Your order/ }));
    for (let more = 0; more < 4; more++) await user.click(screen.getByRole('button', { name: 'One more: Cola' }));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await within(checkout).findByRole('radio', { name: /Delivery/ })).toBeChecked();
    expect(within(checkout).getByRole('status')).toHaveTextContent(/^$/);
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    expect(within(checkout).getByRole('textbox', { name: 'Street and number' })).toHaveValue('1 Main St');
    expect(within(checkout).getByRole('textbox', { name: 'Zip or postal code' })).toHaveValue('60606');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    expect(await within(checkout).findByRole('combobox', { name: 'When should we deliver?' })).toHaveValue('asap');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    expect(await within(checkout).findByRole('textbox', { name: 'Name' })).toHaveValue('Ada');
    expect(within(checkout).getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(within(checkout).getByRole('checkbox', { name: 'Remember my details on this device' })).toBeChecked();
    // A server without the quote route (before issue 43): the cart's new lines and its own figures, placed without an agreed total.
    quoteAnswers.push(jsonResponse(404, { detail: 'Not found.', code: 'not_found' }));
    await user.click(within(checkout).getByRole('button', { name: 'Review your order' }));
    await waitFor(() => expect(checkout).toHaveTextContent('Total$18.00'));
    for (const words of ['6 × Cola', 'Subtotal$15.00']) expect(checkout).toHaveTextContent(words);
    expect(within(checkout).queryByRole('textbox', { name: /Coupon code/ })).toBeNull();
    answers.push(jsonResponse(201, placed));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(navigated).toEqual([`/blue-door/orders/${TOKEN}`]));
    expect(placements[0]!.body).not.toHaveProperty('agreed_total');
    expect(JSON.parse(localStorage.getItem('details:blue-door')!)).toEqual({
      customer: { name: 'Ada', phone: '312 555 0199', email: 'ada@example.com' },
      address: { street: '1 Main St', city: 'Chicago', zip_code: '60606', notes: '' },
    });

    // The next visit: filled in from this device, and forgotten on request.
    cleanup();
    localStorage.setItem('cart:blue-door', cola(6));
    start();
    const next = await openCheckout(user);
    await user.click(within(next).getByRole('radio', { name: /Delivery/ }));
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(within(next).getByRole('textbox', { name: 'City' })).toHaveValue('Chicago');
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await within(next).findByRole('combobox', { name: 'When should we deliver?' }), 'As soon as possible');
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    expect(await within(next).findByRole('textbox', { name: 'Phone' })).toHaveValue('312 555 0199');
    await user.click(within(next).getByRole('button', { name: 'Forget my details' }));
    expect(localStorage.getItem('details:blue-door')).toBeNull();
    const unticked = within(next).getByRole('checkbox', { name: 'Remember my details on this device' });
    expect(unticked).not.toBeChecked();
    await waitFor(() => expect(unticked).toHaveFocus());
    expect(within(next).getByRole('status')).toHaveTextContent('Your details are no longer kept on this device.');
    expect(within(next).queryByRole('button', { name: 'Forget my details' })).toBeNull();
  });

  it('ignores contact details kept in a shape it does not know, and shows the minimum on the cart where delivery is the only way', async () => {
    const user = userEvent.setup();
    localStorage.setItem('details:blue-door', JSON.stringify({ customer: { name: 'Ada', phone: 312 }, address: null }));
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity: 2, note: '', unit_cents: 250 }]),
    );
    start({ ...data, pickup_available: false, pickup: { ...data.pickup, available: false } });
    await user.click(screen.getByRole('button', { name: /Your order/ }));
    const panel = screen.getByRole('dialog', { name: 'Your order' });
    expect(panel).toHaveTextContent('Delivery needs a minimum order of $15.00: add $10.00 more to place it.');
    await user.click(within(panel).getByRole('button', { name: 'Check out' }));
    const checkout = await screen.findByRole('dialog', { name: 'How would you like your order?' });
    // The only way offered is chosen already, and the minimum said there too.
    expect(within(checkout).getByRole('status')).toHaveTextContent('Delivery needs a minimum order of $15.00: add $10.00 more to place it.');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    expect(within(checkout).getByRole('textbox', { name: 'Street and number' })).toHaveValue('');
    await user.type(within(checkout).getByRole('textbox', { name: 'Street and number' }), '1 Main St');
    await user.type(within(checkout).getByRole('textbox', { name: 'City' }), 'Chicago');
    await user.type(within(checkout).getByRole('textbox', { name: 'Zip or postal code' }), '60606');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await within(checkout).findByRole('combobox', { name: 'When should we deliver?' }), 'As soon as possible');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    expect(await within(checkout).findByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(checkout).getByRole('checkbox', { name: 'Remember my details on this device' })).not.toBeChecked();
    expect(within(checkout).queryByRole('button', { name: 'Forget my details' })).toBeNull();
  });
});

describe('the store page’s money (issue 43)', () => {
  const colas = (quantity: number) =>
    JSON.stringify([{ key: 'line-1', item_id: COLA, size_id: null, extra_selection_ids: [], quantity, note: '', unit_cents: 250 }]);

  it('says in the first HTML whether prices include tax, and hydrates it unchanged', async () => {
    const cases = [
      [{ ...data, currency: 'GBP' as const }, { ...TIPPING, prices_include_tax: true }, 'Prices include VAT.'],
      [{ ...data, currency: 'CAD' as const }, { ...TIPPING, prices_include_tax: true }, 'Prices include tax.'],
      [data, TIPPING, 'Tax is added at checkout.'],
      [data, undefined, 'Tax is added at checkout.'],
    ] as const;
    for (const [page, money, words] of cases) {
      const store = storefrontOf(page, money);
      const today = { date: '2026-11-26', weekday: 4 };
      const container = document.createElement('div');
      container.innerHTML = renderToString(<StoreRoot store={store} today={today} />);
      expect(container.querySelector('#tax-statement')).toHaveTextContent(words);
      document.body.append(container);
      const mismatches: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, <StoreRoot store={store} today={today} browser={storeBrowser(store, () => undefined)} />, {
          onRecoverableError: (error) => mismatches.push(error),
        }),
      );
      expect(mismatches).toEqual([]);
      expect(container.querySelector('#tax-statement')).toHaveTextContent(words);
      act(() => root.unmount());
      container.remove();
    }
  });

  it('prices the review with the server’s quote, takes a tip and a coupon, and asks again when the total changed', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart:blue-door', colas(8));
    const store = storefrontOf(data, TIPPING);
    render(<StoreRoot store={store} today={{ date: '2026-11-26', weekday: 4 }} browser={storeBrowser(store, (path) => navigated.push(path))} />);
    const checkout = await openCheckout(user);
    await user.click(within(checkout).getByRole('radio', { name: /Pickup/ }));
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await within(checkout).findByRole('combobox', { name: 'When will you pick it up?' }), 'As soon as possible');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.type(await within(checkout).findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(checkout).getByRole('textbox', { name: 'Phone' }), '312 555 0199');
    await user.type(within(checkout).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    // The first quote gets no answer: the review says so, and placing waits for figures.
    quoteAnswers.push(jsonResponse(503, { detail: 'Unavailable.', code: 'unavailable' }));
    await user.click(within(checkout).getByRole('button', { name: 'Review your order' }));
    expect(await within(checkout).findByRole('alert')).toHaveTextContent('We could not work out your total just now. Please try again.');
    const place = within(checkout).getByRole('button', { name: 'Place order' });
    expect(place).toHaveAttribute('aria-disabled', 'true');
    expect(place).toHaveAccessibleDescription('Your order can be placed once its total is worked out.');
    // The kitchen's earliest slots are full (issue 45): the quote says when as soon as possible is, and that it moved.
    quoteTiming = { estimated_at: '2026-11-26T19:45:00.000Z', asap_moved: true };
    await user.click(within(checkout).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(checkout).toHaveTextContent('Total$21.65'));
    const at = formatTime('2026-11-26T19:45:00.000Z', { zone: data.time_zone, country: data.country });
    expect(checkout).toHaveTextContent(`Pickup at the restaurant. As soon as possible (ready about ${at}) (${data.time_zone}).`);
    expect(checkout).toHaveTextContent(`The earlier times are full, so the kitchen can have it ready at about ${at}.`);
    for (const words of ['8 × Cola$20.00', 'Subtotal$20.00', 'Tax$1.65']) expect(checkout).toHaveTextContent(words);

    // The tips offered, each with what it comes to.
    const tip = within(checkout).getByRole('group', { name: 'Add a tip' });
    expect(
      within(tip)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['No tip', '10 % · $2.00', '15 % · $3.00', '20 % · $4.00', 'Other amount']);
    expect(within(tip).getByRole('radio', { name: 'No tip' })).toBeChecked();
    await user.click(within(tip).getByRole('radio', { name: /^15 %/ }));
    await waitFor(() => expect(checkout).toHaveTextContent('Tip$3.00'));

    // A code the server does not know: its sentence on the field, which takes the focus; then one it knows, applied with Enter.
    const coupon = within(checkout).getByRole('textbox', { name: /^Coupon code/ });
    await user.type(coupon, 'FREEPIZZA');
    await user.click(within(checkout).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(coupon).toHaveFocus());
    expect(coupon).toHaveAttribute('aria-invalid', 'true');
    expect(coupon).toHaveAccessibleDescription(UNKNOWN_COUPON);
    await user.clear(coupon);
    await user.type(coupon, 'save10{Enter}');
    await waitFor(() => expect(checkout).toHaveTextContent('Discount (SAVE10)−$2.00'));
    expect(coupon).not.toHaveAttribute('aria-invalid');
    // $20.00 − $2.00, tax 8.25 % of $18.00, the tip on $20.00.
    for (const words of ['Tax$1.49', 'Tip$3.00', 'Total$22.49']) expect(checkout).toHaveTextContent(words);
    expect(placements).toEqual([]);

    // Meanwhile the tax went up: the server refuses the total agreed to, with its new figures.
    const raised = quoteFor(quoted.at(-1) as PlaceOrderBody, { rate: 10 });
    answers.push(jsonResponse(409, { detail: 'The total of this order has changed.', code: 'price_changed', quote: raised }));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    const changed = await within(checkout).findByText(/^The total changed since you reviewed it/);
    await waitFor(() => expect(changed).toHaveFocus());
    expect(checkout).toHaveTextContent('Total$22.80');
    answers.push(jsonResponse(201, placed));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(navigated).toEqual([`/blue-door/orders/${TOKEN}`]));
    expect(placements.map((placement) => placement.body)).toEqual([
      expect.objectContaining({ tip: { percent: 15 }, coupon_code: 'save10', agreed_total: 22.49 }),
      expect.objectContaining({ tip: { percent: 15 }, coupon_code: 'save10', agreed_total: 22.8 }),
    ]);
    expect(quoted.map((body) => [(body as PlaceOrderBody).tip, (body as PlaceOrderBody).coupon_code])).toEqual([
      [null, undefined],
      [null, undefined],
      [{ percent: 15 }, undefined],
      [{ percent: 15 }, 'FREEPIZZA'],
      [{ percent: 15 }, 'save10'],
    ]);
  });
  it('takes a tip of the customer’s own, its refusal tied to its field, and leaves tip and coupon out where the server quotes nothing', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cart:blue-door', colas(8));
    const store = storefrontOf(data, TIPPING);
    render(<StoreRoot store={store} today={{ date: '2026-11-26', weekday: 4 }} browser={storeBrowser(store, (path) => navigated.push(path))} />);
    const checkout = await openCheckout(user);
    await user.click(within(checkout).getByRole('radio', { name: /Pickup/ }));
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.selectOptions(await within(checkout).findByRole('combobox', { name: 'When will you pick it up?' }), 'As soon as possible');
    await user.click(within(checkout).getByRole('button', { name: 'Continue' }));
    await user.type(await within(checkout).findByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(within(checkout).getByRole('textbox', { name: 'Phone' }), '312 555 0199');
    await user.type(within(checkout).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(checkout).getByRole('button', { name: 'Review your order' }));
    await waitFor(() => expect(checkout).toHaveTextContent('Total$21.65'));
    await user.click(within(checkout).getByRole('radio', { name: 'Other amount' }));
    // The figures still hold the tip chosen before until Add tip: the group says so.
    expect(within(checkout).getByRole('group', { name: 'Add a tip' })).toHaveAccessibleDescription(
      'Type the amount and press Add tip: the total changes then.',
    );
    const amount = within(checkout).getByRole('textbox', { name: 'Tip amount ($)' });
    await user.type(amount, '4.555');
    await user.click(within(checkout).getByRole('button', { name: 'Add tip' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Enter an amount from 0 to 1000000 with at most two decimals.');
    await user.clear(amount);
    await user.type(amount, '4.50{Enter}');
    await waitFor(() => expect(checkout).toHaveTextContent('Tip$4.50'));
    expect(checkout).toHaveTextContent('Total$26.15');
    expect((quoted.at(-1) as PlaceOrderBody).tip).toEqual({ amount: 4.5 });

    // Back, and the server has no quote route: the cart's figures, no tip or coupon to choose.
    quoteAnswers.push(jsonResponse(404, { detail: 'Not found.', code: 'not_found' }));
    await user.click(within(checkout).getByRole('button', { name: 'Back' }));
    await user.click(await within(checkout).findByRole('button', { name: 'Review your order' }));
    await waitFor(() => expect(checkout).toHaveTextContent('Total$20.00'));
    expect(within(checkout).queryByRole('group', { name: 'Add a tip' })).toBeNull();
    expect(within(checkout).queryByRole('textbox', { name: /^Coupon code/ })).toBeNull();
    answers.push(jsonResponse(201, placed));
    await user.click(within(checkout).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(navigated).toEqual([`/blue-door/orders/${TOKEN}`]));
    expect(placements[0]!.body).not.toHaveProperty('tip');
    expect(placements[0]!.body).not.toHaveProperty('agreed_total');
  });
});
