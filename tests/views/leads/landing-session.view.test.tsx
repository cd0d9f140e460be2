import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '#src/theme';
import { LandingView } from '#src/views/leads/landing.view';

/**
 * Issue 10, item 6: the landing page for someone signed in (read from what the browser keeps,
 * no call). Launch leads to the back office, not here (issue 40).
 */
function openLanding() {
  const location = memoryLocation({ path: '/', record: true });
  const view = render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <LandingView />
      </Router>
    </MantineProvider>,
  );
  return { ...view, path: () => location.history!.at(-1), account: () => within(screen.getByRole('navigation', { name: 'Account' })) };
}

/** What sign-in and the onboarding leave in the browser (src/services/shared/session-summary.ts). */
function signedIn(store: Storage, role: 'admin' | 'user', { superadmin = false, onboarding = null as null | { id: number; launched: boolean } } = {}) {
  store.setItem('access_token', 'token');
  store.setItem('refresh_token', 'refresh');
  store.setItem('auth', '1');
  store.setItem('role', role);
  store.setItem('scope', JSON.stringify({ rid: onboarding?.id ?? null, name: null, is_superadmin: superadmin }));
  if (onboarding) store.setItem('onboarding', JSON.stringify(onboarding));
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('landing page header', () => {
  it('offers Login and Join to visitors', () => {
    const { account } = openLanding();
    expect(account().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(account().getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/register');
  });

  it('offers a launched owner the back office instead of Login and Join', () => {
    signedIn(localStorage, 'user', { onboarding: { id: 42, launched: true } });
    const { account } = openLanding();
    expect(account().getByRole('link', { name: 'Open back office' })).toHaveAttribute('href', '/backoffice');
    expect(account().queryByRole('link', { name: 'Login' })).toBeNull();
    expect(account().queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('offers an owner who has not launched to continue the onboarding (a tab-only session too)', () => {
    signedIn(sessionStorage, 'user', { onboarding: { id: 42, launched: false } });
    const { account } = openLanding();
    expect(account().getByRole('link', { name: 'Continue setup' })).toHaveAttribute('href', '/onboard/42/location');
  });

  it('follows the base-path rule outside the back office: superadmins to /admin, staff to /backoffice', () => {
    signedIn(localStorage, 'admin', { superadmin: true });
    const first = openLanding();
    expect(first.account().getByRole('link', { name: 'Open back office' })).toHaveAttribute('href', '/admin');
    first.unmount();
    localStorage.clear();
    signedIn(localStorage, 'admin');
    expect(openLanding().account().getByRole('link', { name: 'Open back office' })).toHaveAttribute('href', '/backoffice');
  });
});

describe('after Launch', () => {
  it('never tells guests-can-find-you news on the marketing page: Launch leads to the back office (issue 40)', () => {
    signedIn(sessionStorage, 'user', { onboarding: { id: 42, launched: true } });
    // A note an older build left behind is not read either.
    sessionStorage.setItem('launch_notice', '42');
    openLanding();
    expect(screen.queryByText('Your restaurant is live')).toBeNull();
    expect(screen.queryByText(/Guests can now find you/)).toBeNull();
  });
});
