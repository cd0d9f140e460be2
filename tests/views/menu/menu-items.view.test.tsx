import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '#contracts/menu';
import type { SizeRow } from '#src/machines/menu/category-editor.rows';
import { MenuItemsList } from '#src/views/menu/menu-items-list';
import { CurrencyProvider } from '#src/views/menu/money';
import { formatMoney } from '#src/views/shared/money-format';
import { OWNER } from '../../machines/menu/category-editor.fixtures';
import { menuItemsListMachine } from '#src/machines/menu/menu-lists';
import { memoryList, renderScreen } from './menu-view-harness';

const SIZES: SizeRow[] = [
  { table: 'size', key: 'size-21', id: 21, status: 'idle', name: 'Small', units: 10, measurement: 'Inches', position: 1 },
  { table: 'size', key: 'size-22', id: 22, status: 'idle', name: 'Large', units: 14, measurement: 'Inches', position: 2 },
  // Not saved yet: no price can be given for it.
  { table: 'size', key: 'tmp-1', id: null, status: 'saving', name: 'New', units: null, measurement: null, position: 3 },
];
const MARGHERITA: MenuItem = {
  id: 1,
  category_id: 1,
  name: 'Margherita',
  description: 'Tomato, mozzarella',
  price: null,
  prices: [
    { size_id: 21, price: 9 },
    { size_id: 22, price: 13.5 },
  ],
  image_url: null,
  available: true,
};
/** Offered in Small only: Large was left without a price. */
const CALZONE: MenuItem = { ...MARGHERITA, id: 3, name: 'Calzone', prices: [{ size_id: 21, price: 8 }] };
/** Offered in no size yet. */
const FOCACCIA: MenuItem = { ...MARGHERITA, id: 4, name: 'Focaccia', prices: [] };

describe('menu items of a category', () => {
  it('shows per-size prices, a size without one as not offered (never $0.00), and turns Available off with one save', async () => {
    const list = memoryList(menuItemsListMachine, [MARGHERITA, CALZONE, FOCACCIA]);
    const { user } = renderScreen(<MenuItemsList categoryId={1} scope={OWNER} sizes={SIZES} bySize machine={list.machine} />);
    const item = await screen.findByRole('article', { name: 'Margherita' });
    expect(item).toHaveTextContent('Small $9.00 · Large $13.50');
    expect(screen.getByRole('article', { name: 'Calzone' })).toHaveTextContent('Small $8.00 · Large not offered');
    expect(screen.getByRole('article', { name: 'Focaccia' })).toHaveTextContent('Not offered in any size yet');
    expect(screen.getByRole('article', { name: 'Focaccia' })).not.toHaveTextContent('$');
    expect(list.calls.loads[0]).toMatchObject({ ownerId: 1, scope: OWNER });
    await user.click(within(item).getByRole('switch', { name: 'Available: Margherita' }));
    await waitFor(() => expect(list.calls.saves).toEqual([expect.objectContaining({ id: 1, values: { available: false } })]));
  });

  it('adds a dish with a price for each saved size it is offered in: a typed 0 is free, a blank size is left out', async () => {
    const list = memoryList(menuItemsListMachine, []);
    const { user } = renderScreen(<MenuItemsList categoryId={1} scope={OWNER} sizes={SIZES} bySize machine={list.machine} />);
    await user.click(await screen.findByRole('button', { name: 'Add menu item' }));
    await user.type(screen.getByLabelText('Item name'), 'Pepperoni');
    // Blank sizes warn, tied to their field, that they are not offered.
    expect(screen.getByLabelText('Price Large')).toHaveAccessibleDescription('Not offered in this size. Enter 0 to offer it free.');
    await user.type(screen.getByLabelText('Price Small'), '0');
    expect(screen.getByLabelText('Price Small')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Price Large')).toHaveAccessibleDescription('Not offered in this size. Enter 0 to offer it free.');
    expect(screen.queryByLabelText('Price New')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(list.calls.saves).toHaveLength(1));
    expect(list.calls.saves[0]).toMatchObject({
      id: null,
      ownerId: 1,
      values: {
        name: 'Pepperoni',
        description: '',
        image_url: '',
        prices: [{ size_id: 21, price: 0 }],
      },
    });
  });

  it('a category not priced by size takes one price, left blank it is no price (not $0.00); a blank name is refused', async () => {
    const list = memoryList(menuItemsListMachine, []);
    const { user } = renderScreen(<MenuItemsList categoryId={1} scope={OWNER} sizes={[]} bySize={false} machine={list.machine} />);
    await user.click(await screen.findByRole('button', { name: 'Add menu item' }));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a name.');
    await user.type(screen.getByLabelText('Item name'), 'Soup');
    expect(screen.getByLabelText('Price')).toHaveValue('');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('No price: not offered until it has one. Enter 0 to offer it free.');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(list.calls.saves[0]?.values).toMatchObject({ name: 'Soup', price: null }));
  });
});

describe('currency', () => {
  it('shows prices and price inputs in the restaurant’s currency, and no price under a removed size', async () => {
    const list = memoryList(menuItemsListMachine, [MARGHERITA]);
    const { user } = renderScreen(
      <CurrencyProvider value="GBP">
        {/* Large (22) was removed: its prices went with it on the server. */}
        <MenuItemsList categoryId={1} scope={OWNER} sizes={SIZES.filter((size) => size.id !== 22)} bySize machine={list.machine} />
      </CurrencyProvider>,
    );
    const item = await screen.findByRole('article', { name: 'Margherita' });
    expect(item).toHaveTextContent('Small £9.00');
    expect(item).not.toHaveTextContent('13.50');
    await user.click(within(item).getByRole('button', { name: 'Edit Margherita' }));
    expect(screen.getByLabelText('Price Small').closest('.mantine-NumberInput-root')).toHaveTextContent('£');
  });

  it('writes each currency as its country does: USD and CAD as $, GBP as £', () => {
    expect([formatMoney(1234.5, 'USD'), formatMoney(1234.5, 'CAD'), formatMoney(1234.5, 'GBP')]).toEqual(['$1,234.50', '$1,234.50', '£1,234.50']);
  });
});

describe('price fields', () => {
  it('replace the amount shown when the owner clicks in and types, instead of appending to "5.00"', async () => {
    const soup: MenuItem = { ...MARGHERITA, id: 2, name: 'Soup', price: 5, prices: [] };
    // Margherita was priced by size and its category is now priced by one price: it has none yet.
    const list = memoryList(menuItemsListMachine, [soup, MARGHERITA]);
    const { user } = renderScreen(<MenuItemsList categoryId={1} scope={OWNER} sizes={[]} bySize={false} machine={list.machine} />);
    expect(await screen.findByRole('article', { name: 'Margherita' })).toHaveTextContent('No price: not offered');
    expect(screen.getByRole('article', { name: 'Margherita' })).not.toHaveTextContent('$');
    const item = screen.getByRole('article', { name: 'Soup' });
    await user.click(within(item).getByRole('button', { name: 'Edit Soup' }));
    const price = screen.getByLabelText('Price');
    expect(price).toHaveValue('5.00');
    await user.click(price);
    await user.keyboard('7.5');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(list.calls.saves[0]).toMatchObject({ id: 2, values: { price: 7.5 } }));
  });
});
