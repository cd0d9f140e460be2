import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '#src/theme';
import { NEW_ORDER_MAIL_LABEL, StoreNotificationsSection } from '#src/views/onboarding/store-notifications';
import { contractFetch } from '../../support/contract-double';

/** The Store screen's Notifications section (issue 40) with its real machine and client, against a contract-checking double. */
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function serve(refusePut: boolean) {
  const puts: unknown[] = [];
  localStorage.setItem('access_token', 'token');
  vi.stubGlobal(
    'fetch',
    contractFetch((request) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (request.method === 'PUT') {
        puts.push(request.body);
        return refusePut ? json({ detail: 'Restaurant not found.', code: 'not_found' }, 404) : json(request.body);
      }
      return json({ new_order_mail: true });
    }),
  );
  render(
    <MantineProvider env="test" theme={theme}>
      <StoreNotificationsSection restaurantId={42} />
    </MantineProvider>,
  );
  return puts;
}

describe('the Store screen’s Notifications section', () => {
  it('shows the new order mail on by default and saves it off as soon as it is switched', { timeout: 10_000 }, async () => {
    const puts = serve(false);
    const mail = await screen.findByRole('switch', { name: NEW_ORDER_MAIL_LABEL });
    expect(mail).toBeChecked();
    await userEvent.setup({ delay: null }).click(mail);
    await waitFor(() => expect(puts).toEqual([{ new_order_mail: false }]));
    await waitFor(() => expect(mail).toBeEnabled());
    expect(mail).not.toBeChecked();
  });

  it('puts the switch back and says why when the save is refused', { timeout: 10_000 }, async () => {
    serve(true);
    const mail = await screen.findByRole('switch', { name: NEW_ORDER_MAIL_LABEL });
    await userEvent.setup({ delay: null }).click(mail);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your change was not saved: Restaurant not found.'));
    expect(mail).toBeChecked();
  });
});
