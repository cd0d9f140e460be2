import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../../support/happy-dom-gaps';
import { ADMIN, OWNER, openAppAt, signedInAs } from '../shared/app-harness';
import { DUPLICATE, moneyServer, savedCoupon } from './money-server';

/**
 * The Coupons screen (issue 43) through the real route, machine, service and client, against a
 * server double whose fetch checks every request with the server's contracts first.
 */
const FIRST_LOAD = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Coupons screen', () => {
  it('lists each coupon’s terms and use in the restaurant’s currency, and creates one after the server refuses a taken code', { timeout: 20_000 }, async () => {
    setViewport('desktop');
    const server = moneyServer({ coupons: [savedCoupon()] });
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/coupons');
    const table = await screen.findByRole('table', { name: 'Coupons' }, FIRST_LOAD);
    expect(within(table).getByRole('row', { name: /WELCOME5/ })).toHaveTextContent(
      'WELCOME5$5.00$20.00From Dec 1, 2026100 in all, 1 per customer, first orders onlyActive3 uses, $15.00 off',
    );

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create coupon' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'welcome 5');
    await user.type(within(dialog).getByRole('textbox', { name: /^Takes off/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(expect.stringContaining(DUPLICATE));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check Code.');

    await user.clear(code);
    await user.type(code, 'SUMMER10');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('status', {}, FIRST_LOAD)).toHaveTextContent('Coupon SUMMER10 created.');
    expect(await screen.findByRole('row', { name: /SUMMER10/ })).toHaveTextContent('SUMMER1010 %NoneAny dayNo limitActive0 uses, $0.00 off');
    expect(server.sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      expect.objectContaining({ code: 'welcome 5', kind: 'percent', value: 10, restaurant_id: 42 }),
      {
        code: 'SUMMER10',
        kind: 'percent',
        value: 10,
        min_subtotal: 0,
        starts_on: null,
        ends_on: null,
        max_uses: null,
        max_uses_per_customer: null,
        first_order_only: false,
        active: true,
        restaurant_id: 42,
      },
    ]);
  });

  it('edits a saved coupon with a PATCH and deletes one after asking, on a phone', { timeout: 20_000 }, async () => {
    setViewport('phone');
    const server = moneyServer({ coupons: [savedCoupon(), savedCoupon({ id: 2, code: 'OLD', kind: 'percent', value: 20 })] });
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/coupons');
    const cards = await screen.findByRole('list', { name: 'Coupons' }, FIRST_LOAD);
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit WELCOME5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon WELCOME5' });
    const value = within(dialog).getByRole('textbox', { name: /^Takes off/ });
    expect(value).toHaveValue('5.00');
    expect(within(dialog).getByRole('textbox', { name: /^Minimum order/ })).toHaveValue('20.00');
    await user.clear(value);
    await user.type(value, '7.50');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/v2/coupons/1/',
      body: { value: 7.5, active: false, min_subtotal: 20, code: 'WELCOME5' },
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(/\$7\.50.*Paused/));

    await user.click(screen.getByRole('button', { name: 'Delete OLD' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete coupon OLD?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete OLD' })).toBeNull());
    expect(server.sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/v2/coupons/2/' });
    expect(screen.getByRole('status')).toHaveTextContent('Coupon OLD deleted.');
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 coupon' })).toHaveFocus());
  });

  it('asks an administrator to choose a restaurant first', { timeout: 10_000 }, async () => {
    signedInAs(ADMIN, { answer: moneyServer().answer });
    openAppAt('/admin/coupons');
    expect(await screen.findByText('Choose a restaurant in “Restaurant you work on” to see its coupons.', {}, FIRST_LOAD)).toBeInTheDocument();
  });
});
