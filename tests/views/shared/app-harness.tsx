/** Renders the whole app (its route table) at one address, for tests that go through the real routes. */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '#contracts/shared/session';
import { AppRoutes } from '#src/app';
import { theme } from '#src/theme';
import { contractFetch } from '../../support/contract-double';

export function openAppAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <AppRoutes />
      </Router>
    </MantineProvider>,
  );
  return { currentPath: () => location.history!.at(-1), navigate: location.navigate };
}

export const OWNER: CurrentUser = {
  id: 7,
  email: 'owner@example.com',
  first_name: 'Olga',
  last_name: 'Owner',
  is_staff: false,
  is_superadmin: false,
  active_restaurant_id: 42,
  active_restaurant_name: 'Pizza Loco',
};
export const ADMIN: CurrentUser = { ...OWNER, id: 1, email: 'staff@example.com', is_staff: true, active_restaurant_id: null, active_restaurant_name: null };

/**
 * A stored token and a server (the page's fetch) that knows who it belongs to, as the guards
 * need; `launched` is what the onboarding status answers, `newOrders` the sidebar's count of new
 * orders (issue 40) and `unread` of unread notifications (issue 45), `answer` a test's own answers to other calls (undefined: 404). Undo with
 * `vi.unstubAllGlobals()`.
 */
export function signedInAs(
  user: CurrentUser,
  {
    launched = false,
    newOrders = 0,
    unread = 0,
    answer,
  }: {
    launched?: boolean;
    newOrders?: number;
    unread?: number;
    answer?: (request: { method: string; url: string; body: unknown }) => Response | undefined;
  } = {},
) {
  localStorage.setItem('access_token', 'token');
  // Each request is first checked against the real server's route and contract, as it would be there.
  vi.stubGlobal(
    'fetch',
    contractFetch((request) => {
      const path = new URL(request.url).pathname;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/v2/auth/me/') return json(user);
      if (path === '/api/v2/orders/new-count/') return json({ count: newOrders, unread_notifications: unread });
      if (path === '/api/v2/onboarding/42/status/') {
        const progress = { location: false, about: false, delivery: false, hours: false, additional: false, contacts: false, launch: launched };
        return json({ id: 42, launched, progress });
      }
      return answer?.(request) ?? json({ detail: 'Not found.', code: 'not_found' }, 404);
    }),
  );
}
