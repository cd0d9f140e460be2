import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_WAY_TO_PAY } from '#contracts/ordering/payment-settings';
import { CARD_UNAVAILABLE, TAX_NOTICE } from '#src/views/ordering/store-money';
import { OWNER, openAppAt, signedInAs } from '../shared/app-harness';
import { moneyServer } from './money-server';

/**
 * The Store screen's Taxes and Tips sections (issue 43), Payments (issue 44) and Kitchen (issue 45) through the real route (app.tsx hands
 * them to the Store screen), machines, services and client, against a contract-checking double.
 */
const FIRST_LOAD = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const section = (name: string) => screen.findByRole('region', { name }, FIRST_LOAD);

describe('the Store screen’s Taxes and Tips', () => {
  it('says no tax is charged until a rate is saved, refuses a rate out of range on its field, and saves 8.25 % with a category’s own rate', {
    timeout: 20_000,
  }, async () => {
    const server = moneyServer();
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/store');
    const taxes = await section('Taxes');
    expect(await within(taxes).findByText(TAX_NOTICE, {}, FIRST_LOAD)).toBeInTheDocument();
    const rate = within(taxes).getByRole('textbox', { name: /^Tax rate/ });
    const drinks = within(taxes).getByRole('textbox', { name: 'Drinks (%)' });
    expect(within(taxes).getByRole('textbox', { name: 'Pizza (%)' })).toHaveValue('');

    const user = userEvent.setup({ delay: null });
    await user.clear(rate);
    await user.type(rate, '31');
    await user.type(drinks, '0');
    await user.click(within(taxes).getByRole('button', { name: 'Save taxes' }));
    await waitFor(() => expect(rate).toHaveFocus());
    expect(rate).toHaveAccessibleDescription(expect.stringContaining('A tax rate is a percentage from 0 to 30'));
    expect(server.sent).toEqual([]);

    await user.clear(rate);
    await user.type(rate, '8.25');
    await user.click(within(taxes).getByRole('button', { name: 'Save taxes' }));
    await waitFor(() => expect(within(taxes).getByRole('status')).toHaveTextContent('Saved'));
    expect(server.sent).toEqual([
      {
        method: 'PUT',
        path: '/api/v2/restaurants/42/settings/taxes/',
        body: { prices_include_tax: false, default_rate: 8.25, delivery_fee_taxable: false, category_rates: [{ category_id: 5, rate: 0 }] },
      },
    ]);
    expect(within(taxes).queryByText(TAX_NOTICE)).toBeNull();
  });

  it('offers tips with the choices typed, the empty fields left out', { timeout: 20_000 }, async () => {
    const server = moneyServer();
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/store');
    const tips = await section('Tips');
    const offer = await within(tips).findByRole('switch', { name: /^Offer a tip/ }, FIRST_LOAD);
    const user = userEvent.setup({ delay: null });
    await user.click(offer);
    const third = within(tips).getByRole('textbox', { name: 'Third choice' });
    await user.clear(third);
    await user.type(within(tips).getByRole('textbox', { name: 'Fourth choice' }), '25');
    await user.click(within(tips).getByRole('button', { name: 'Save tips' }));
    await waitFor(() => expect(within(tips).getByRole('status')).toHaveTextContent('Saved'));
    expect(server.sent).toEqual([
      { method: 'PUT', path: '/api/v2/restaurants/42/settings/tips/', body: { enabled: true, choices: [10, 15, 25], allow_custom: true } },
    ]);
    expect(within(tips).getByRole('textbox', { name: 'Third choice' })).toHaveValue('25');
  });
});

describe('the Store screen’s Payments', () => {
  it('takes cards online beside payment in person', { timeout: 20_000 }, async () => {
    const server = moneyServer();
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/store');
    const payments = await section('Payments');
    const card = await within(payments).findByRole('switch', { name: /^Card online \(Stripe\)/ }, FIRST_LOAD);
    expect(within(payments).getByRole('switch', { name: /^In person \(at pickup or on delivery\)/ })).toBeChecked();
    const user = userEvent.setup({ delay: null });
    await user.click(card);
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await waitFor(() => expect(within(payments).getByRole('status')).toHaveTextContent('Saved'));
    expect(server.sent).toEqual([{ method: 'PUT', path: '/api/v2/restaurants/42/settings/payments/', body: { card_online: true, in_person: true } }]);
  });

  it('where the platform has no Stripe keys, says why cards cannot be turned on, and refuses turning every way off', { timeout: 20_000 }, async () => {
    const server = moneyServer({ payments: { card_online: false, in_person: true, card_available: false } });
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/store');
    const payments = await section('Payments');
    const card = await within(payments).findByRole('switch', { name: /^Card online \(Stripe\)/ }, FIRST_LOAD);
    expect(card).toBeDisabled();
    expect(card).toHaveAccessibleDescription(CARD_UNAVAILABLE);
    const inPerson = within(payments).getByRole('switch', { name: /^In person \(at pickup or on delivery\)/ });
    const user = userEvent.setup({ delay: null });
    await user.click(inPerson);
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await waitFor(() => expect(inPerson).toHaveFocus());
    expect(inPerson).toHaveAccessibleDescription(expect.stringContaining(NO_WAY_TO_PAY));
    expect(server.sent).toEqual([]);
  });
});

describe('the Store screen’s Kitchen', () => {
  it('refuses a limit out of range on its field, then saves limits per 15 minutes and auto-accept', { timeout: 20_000 }, async () => {
    const server = moneyServer();
    signedInAs(OWNER, { answer: server.answer });
    openAppAt('/backoffice/store');
    const kitchen = await section('Kitchen');
    const orders = await within(kitchen).findByRole('textbox', { name: /^Most orders per 15 minutes/ }, FIRST_LOAD);
    expect(orders).toHaveValue('');
    const prep = within(kitchen).getByRole('textbox', { name: /^Prep time for accepted orders/ });
    expect(prep).toHaveValue('20');

    const user = userEvent.setup({ delay: null });
    await user.type(orders, '0');
    await user.click(within(kitchen).getByRole('button', { name: 'Save kitchen settings' }));
    await waitFor(() => expect(orders).toHaveFocus());
    expect(orders).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number from 1 to 1000, or leave it empty for no limit.'));
    expect(server.sent).toEqual([]);

    await user.clear(orders);
    await user.type(orders, '5');
    await user.type(within(kitchen).getByRole('textbox', { name: /^Most items per 15 minutes/ }), '40');
    await user.click(within(kitchen).getByRole('switch', { name: /^Accept new orders automatically/ }));
    await user.click(within(kitchen).getByRole('button', { name: 'Save kitchen settings' }));
    await waitFor(() => expect(within(kitchen).getByRole('status')).toHaveTextContent('Saved'));
    expect(server.sent).toEqual([
      {
        method: 'PUT',
        path: '/api/v2/restaurants/42/settings/kitchen/',
        body: { max_orders_per_slot: 5, max_items_per_slot: 40, min_lead_minutes: 0, auto_accept: true, default_prep_minutes: 20 },
      },
    ]);
  });
});
