import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StorePageData } from '#contracts/storefront';
import { storeBrowser } from '#src/store-page';
import { StoreRoot } from '#src/store-roots';
import { MARGHERITA, SMALL, storeData, storefrontOf } from '#tests/fixtures/ordering/store-data';

/**
 * The specification's category model in the item dialog (issue 42, item 5): a crust to choose, a
 * topping to leave off, extra toppings up to the category's limit, a dressing; the order engine
 * refuses more extras than allowed on their group, and the cart line says every choice in words.
 */

const THIN = 301;
const THICK = 302;
const [ONIONS, OLIVES, PEPPERS] = [401, 402, 403];
const RANCH = 501;

const base = storeData({ hours: { ...storeData().hours, open_247: true } });
const data: StorePageData = {
  ...base,
  categories: base.categories.map((category) =>
    category.id === 1
      ? {
          ...category,
          extra_groups: [],
          primary_option_sets: [
            {
              id: 30,
              name: 'Crust',
              selections: [
                { id: THIN, name: 'Thin', image_url: null },
                { id: THICK, name: 'Thick', image_url: null },
              ],
            },
          ],
          toppings: [
            { id: ONIONS, name: 'Onions', image_url: null },
            { id: OLIVES, name: 'Olives', image_url: null },
            { id: PEPPERS, name: 'Peppers', image_url: null },
          ],
          dressings: [{ id: RANCH, name: 'Ranch' }],
          allow_remove_toppings: true,
          allow_add_toppings: true,
          max_extra_toppings: 2,
        }
      : category,
  ),
};

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function start(page: StorePageData = data) {
  const store = storefrontOf(page);
  render(<StoreRoot store={store} today={{ date: '2026-11-26', weekday: 4 }} browser={storeBrowser(store, () => undefined)} />);
}

describe('the item dialog’s primary options, toppings and dressing', () => {
  it('orders a crust, a topping left off, extras up to the limit (refused beyond it) and a dressing, and says them in the cart', async () => {
    const user = userEvent.setup();
    start();
    await user.click(screen.getByRole('button', { name: 'Details: Margherita' }));
    const dialog = screen.getByRole('dialog', { name: 'Margherita' });
    const crust = within(dialog).getByRole('group', { name: 'Crust' });
    expect(within(crust).getByRole('radio', { name: 'Thin' })).toBeChecked();
    await user.click(within(crust).getByRole('radio', { name: 'Thick' }));

    const toppings = within(dialog).getByRole('group', { name: 'Toppings' });
    expect(
      within(toppings)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(within(toppings).getByRole('checkbox', { name: 'Onions' }));

    const extras = within(dialog).getByRole('group', { name: 'Extra toppings' });
    expect(extras).toHaveAccessibleDescription('Optional: add up to 2.');
    for (const name of ['Extra onions', 'Extra olives', 'Extra peppers']) await user.click(within(extras).getByRole('checkbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: /^Add to order/ }));
    // Three is one too many: the engine's sentence on the group, the focus on its first box, nothing added.
    expect(extras).toHaveAttribute('aria-invalid', 'true');
    expect(extras).toHaveAccessibleDescription(/Add at most 2 extra toppings\./);
    expect(within(extras).getByRole('checkbox', { name: 'Extra onions' })).toHaveFocus();
    expect(localStorage.getItem('cart:blue-door')).toBeNull();
    await user.click(within(extras).getByRole('checkbox', { name: 'Extra onions' }));
    expect(extras).not.toHaveAttribute('aria-invalid');

    const dressing = within(dialog).getByRole('group', { name: 'Dressing' });
    expect(within(dressing).getByRole('radio', { name: 'No dressing' })).toBeChecked();
    await user.click(within(dressing).getByRole('radio', { name: 'Ranch' }));
    // Options cost nothing unless the owner priced them: the small pizza's $9.00.
    await user.click(within(dialog).getByRole('button', { name: 'Add to order · $9.00' }));
    expect(dialog).not.toHaveAttribute('open');

    expect(JSON.parse(localStorage.getItem('cart:blue-door')!)).toMatchObject([
      {
        item_id: MARGHERITA,
        size_id: SMALL,
        primary_selection_ids: [THICK],
        removed_topping_ids: [ONIONS],
        added_topping_ids: [OLIVES, PEPPERS],
        dressing_id: RANCH,
        unit_cents: 900,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Your order · 1 item · $9.00' }));
    expect(screen.getByRole('dialog', { name: 'Your order' })).toHaveTextContent('Crust: Thick, No onions, Extra olives, Extra peppers, Dressing: Ranch');
  });

  it('shows a priced option’s price and adds it to the line', async () => {
    const user = userEvent.setup();
    // The store's data carries no option prices today (the menu has none); the engine and the dialog take one if it comes.
    const priced = {
      ...data,
      categories: data.categories.map((category) => (category.id === 1 ? { ...category, dressings: [{ id: RANCH, name: 'Ranch', price: 0.5 }] } : category)),
    };
    start(priced);
    await user.click(screen.getByRole('button', { name: 'Details: Margherita' }));
    const dialog = screen.getByRole('dialog', { name: 'Margherita' });
    await user.click(within(dialog).getByRole('radio', { name: /Ranch/ }));
    expect(within(dialog).getByRole('radio', { name: /Ranch/ }).closest('label')).toHaveTextContent('Ranch+$0.50');
    expect(within(dialog).getByRole('button', { name: 'Add to order · $9.50' })).toBeVisible();
  });

  it('says the toppings in words where the owner does not let them be left off, and flags a kept line whose crust went', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'cart:blue-door',
      JSON.stringify([
        { key: 'line-1', item_id: MARGHERITA, size_id: SMALL, extra_selection_ids: [], primary_selection_ids: [999], quantity: 1, note: '', unit_cents: 900 },
      ]),
    );
    start({
      ...data,
      categories: data.categories.map((category) => (category.id === 1 ? { ...category, allow_remove_toppings: false, max_extra_toppings: 0 } : category)),
    });
    await user.click(screen.getByRole('button', { name: 'Details: Margherita' }));
    const dialog = screen.getByRole('dialog', { name: 'Margherita' });
    expect(dialog).toHaveTextContent('Comes with onions, olives, peppers.');
    expect(within(dialog).queryByRole('group', { name: 'Toppings' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Extra toppings' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /Your order/ }));
    expect(screen.getByRole('dialog', { name: 'Your order' })).toHaveTextContent(
      'This item changed since you added it. Please remove this line and add it again.',
    );
  });
});
