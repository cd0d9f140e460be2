import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RouteErrorBoundary } from '#src/components/route-error-boundary';
import { OWNER_SIDEBAR } from '../../fixtures/backoffice/sidebar';
import { ADMIN, OWNER, openAppAt, signedInAs } from './app-harness';

const COMING_SOON = 'Coming in a later release';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it('shows the landing page at /', async () => {
    openAppAt('/');
    expect(await screen.findByRole('button', { name: 'Notify me!' })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/register', 'Create your account'],
    ['/forgot', 'Forgot password'],
    ['/reset', 'Reset password'],
    ['/oauth/complete', 'Sign-in did not complete'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('shows the sign-in area’s screen at %s', async (path, heading) => {
    const { currentPath } = openAppAt(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe(path);
  });

  it('shows the operator survey at /surveys/restaurants', async () => {
    const { currentPath } = openAppAt('/surveys/restaurants');
    expect(await screen.findByRole('heading', { name: 'Help us build for restaurants like yours' })).toBeInTheDocument();
    expect(currentPath()).toBe('/surveys/restaurants');
  });

  // The first visit to an area compiles its chunk on the fly under Vitest: allow for it.
  const FIRST_LOAD = { timeout: 10_000 };

  it.each([
    ['/admin', '/admin/menu', 'Menu'],
    ['/backoffice', '/backoffice/menu', 'Menu'],
    ['/onboard/42', '/onboard/42/location', 'Where is your restaurant?'],
  ])('sends the index %s to %s', async (from, to, heading) => {
    signedInAs(ADMIN);
    const { currentPath } = openAppAt(from);
    await waitFor(() => expect(currentPath()).toBe(to));
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, FIRST_LOAD)).toBeInTheDocument();
  });

  it.each([
    ['/admin/menu/categories/7/editor', 'Categories'],
    ['/backoffice/menu/categories/new', 'Add new category'],
    ['/onboard/42/launch', 'Ready to launch'],
    ['/admin/territories', 'Territories'],
    ['/admin/territories/7', 'Edit territory'],
  ])('knows %s', async (path, heading) => {
    signedInAs(ADMIN);
    const { currentPath } = openAppAt(path);
    // A screen may swap its loading frame for the loaded one: check the heading that stays.
    await waitFor(() => expect(screen.getByRole('heading', { name: heading, level: 1 })).toBeInTheDocument(), FIRST_LOAD);
    expect(currentPath()).toBe(path);
  });

  // The insight area (issue 15), under either base: each screen's own heading and tab title on its own address.
  it.each([
    ['/backoffice/dashboard', 'Menu dashboard'],
    ['/admin/analytics', 'Analytics'],
    ['/backoffice/drivers', 'Drivers'],
    ['/admin/customers', 'Customers'],
  ])('shows the insight screen %s, named %s', async (path, name) => {
    signedInAs(ADMIN);
    const { currentPath } = openAppAt(path);
    expect(await screen.findByRole('heading', { name, level: 1 }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.queryByText(COMING_SOON)).toBeNull();
    // The title is set by an effect, which React may run just after the commit that showed the heading.
    await waitFor(() => expect(document.title).toBe(`${name} · Back office · Tablefront`));
    expect(currentPath()).toBe(path);
  });

  it.each(['/backoffice/territories', '/backoffice/territories/new', '/admin/territories/abc', '/admin/nothing-here', '/backoffice/menu/unknown'])(
    'shows Not found for the unknown back-office child %s',
    async (path) => {
      signedInAs(ADMIN);
      openAppAt(path);
      expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    },
  );

  it.each(['/nowhere', '/admins', '/onboard', '/onboard/42/nowhere'])('redirects the unknown path %s to /', async (path) => {
    signedInAs(OWNER);
    const { currentPath } = openAppAt(path);
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Notify me!' })).toBeInTheDocument();
  });
});

describe('guards and the back-office shell', () => {
  it.each(['/backoffice/menu', '/admin/pos', '/onboard/42/about'])('sends a visitor without a session from %s to /login, remembering it', async (path) => {
    const { currentPath } = openAppAt(path);
    await waitFor(() => expect(currentPath()).toMatch(/^\/login\?next=/));
    expect(decodeURIComponent(currentPath()!.split('next=')[1]!)).toBe(window.location.pathname + window.location.search);
  });

  it('sends an owner who opens /admin to /backoffice', async () => {
    signedInAs(OWNER);
    const { currentPath } = openAppAt('/admin/menu');
    await waitFor(() => expect(currentPath()).toBe('/backoffice/menu'));
  });

  it('shows Territories in the admin sidebar only', async () => {
    signedInAs(ADMIN);
    openAppAt('/admin/menu');
    const adminNav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(adminNav).getByRole('link', { name: 'Territories' })).toHaveAttribute('href', '/admin/territories');
    cleanup();

    signedInAs(OWNER);
    openAppAt('/backoffice/menu');
    const ownerNav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(ownerNav).queryByRole('link', { name: 'Territories' })).toBeNull();
    expect(within(ownerNav).getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/backoffice/menu');
    expect(
      within(ownerNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(OWNER_SIDEBAR);
  });

  it.each([
    ['notifications', 'Configure push, email, and SMS notifications.'],
    ['reviews', 'Moderate and reply to customer reviews.'],
    ['media', 'Upload and manage images and assets.'],
    ['pos', 'Configure POS terminals and in-store ordering.'],
    ['support', 'Get help, documentation, and contact support.'],
  ])('shows the %s placeholder word for word', async (screenName, text) => {
    signedInAs(OWNER);
    openAppAt(`/backoffice/${screenName}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('sends a launched onboarding to the back office', async () => {
    signedInAs(OWNER, { launched: true });
    const { currentPath } = openAppAt('/onboard/42/location');
    await waitFor(() => expect(currentPath()).toBe('/backoffice/menu'));
  });

  it('sends a superadmin’s launched onboarding to /admin (the base-path rule’s third clause)', async () => {
    signedInAs({ ...ADMIN, is_superadmin: true }, { launched: true });
    const { currentPath } = openAppAt('/onboard/42/location');
    await waitFor(() => expect(currentPath()).toBe('/admin/menu'));
  });

  it('shows the seven-step rail on an open onboarding', async () => {
    signedInAs(OWNER);
    openAppAt('/onboard/42/hours');
    for (const label of ['Location', 'About', 'Delivery', 'Hours', 'Additional', 'Contacts', 'Launch']) {
      expect(await screen.findByText(label)).toBeInTheDocument();
    }
  });
});

describe('route error boundary', () => {
  it('replaces a crashed page with the specified fallback and a way home', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    quiet.mockRestore();
  });
});
