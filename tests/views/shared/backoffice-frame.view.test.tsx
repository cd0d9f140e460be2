/**
 * The back office's frame as a keyboard and screen-reader user meets it: the skip link, one
 * main landmark, the tab's title, the current screen in the sidebar, and the phone menu.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setViewport } from '../../support/happy-dom-gaps';
import { ADMIN, OWNER, openAppAt, signedInAs } from './app-harness';

// The first visit to an area compiles its chunk on the fly under Vitest: allow for it.
const FIRST_LOAD = { timeout: 10_000 };

afterEach(() => {
  localStorage.clear();
});

/** A phone, 375 px wide: below `sm` (48em), AppShell collapses the sidebar and the menu button shows. */
function onAPhone() {
  setViewport('phone');
}

async function openScreen(path: string, heading: string, user = OWNER) {
  signedInAs(user);
  const app = openAppAt(path);
  await screen.findByRole('heading', { level: 1, name: heading }, FIRST_LOAD);
  return app;
}

const sidebar = () => screen.getByRole('navigation', { name: 'Back office' });
const burger = () => screen.getByRole('button', { name: 'Open navigation' });

describe('back-office frame', () => {
  it.each([
    ['/backoffice/coupons', 'Coupons'],
    ['/backoffice/drivers', 'Drivers'],
    ['/backoffice/nothing-here', 'Not found'],
  ])('gives %s one main landmark and its own title', async (path, heading) => {
    await openScreen(path, heading);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(`${heading} · Back office · Tablefront`));
  });

  it('marks the screen shown as the current page in the sidebar, and its section while a sub-screen is open', async () => {
    await openScreen('/backoffice/coupons', 'Coupons');
    expect(within(sidebar()).getByRole('link', { name: 'Coupons' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(sidebar())
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);

    await userEvent.setup({ delay: null }).click(within(sidebar()).getByRole('link', { name: 'Menu' }));
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page'));
    expect(within(sidebar()).getByRole('link', { name: 'Coupons' })).not.toHaveAttribute('aria-current');
  });

  it('shows the count of new orders beside Orders on any page, in the link’s name too (issue 40)', async () => {
    signedInAs(OWNER, { newOrders: 3 });
    openAppAt('/backoffice/coupons');
    await screen.findByRole('heading', { level: 1, name: 'Coupons' }, FIRST_LOAD);
    const orders = await within(sidebar()).findByRole('link', { name: 'Orders, 3 new' });
    expect(orders).toHaveTextContent('3');
  });

  it('shows the count of unread notifications beside Notifications, “99+” past 99 (issue 45)', async () => {
    signedInAs(OWNER, { unread: 100 });
    openAppAt('/backoffice/coupons');
    await screen.findByRole('heading', { level: 1, name: 'Coupons' }, FIRST_LOAD);
    const notifications = await within(sidebar()).findByRole('link', { name: 'Notifications, 99+ unread' });
    expect(notifications).toHaveTextContent('Notifications 99+');
    expect(within(sidebar()).getByRole('link', { name: 'Orders' })).toHaveTextContent(/^Orders$/);
  });

  it('marks Menu as the current section on a menu sub-screen', async () => {
    signedInAs(OWNER);
    openAppAt('/backoffice/menu/toppings');
    await waitFor(() => expect(within(sidebar()).getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'true'), FIRST_LOAD);
  });

  it('starts with a skip link that moves the focus to the main content', async () => {
    await openScreen('/backoffice/coupons', 'Coupons');
    // As on a fresh page load, nothing has the focus (an earlier test's navigation may have moved it to the heading).
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    const user = userEvent.setup({ delay: null });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // The address is left as it was.
    expect(window.location.hash).toBe('');
  });

  it('names the menu button and says what it opens and whether it is open', async () => {
    onAPhone();
    await openScreen('/admin/coupons', 'Coupons', ADMIN);
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(burger().getAttribute('aria-controls')!)).toBe(sidebar());
    await userEvent.setup({ delay: null }).click(burger());
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the sidebar usable on a desktop, where it is always shown', async () => {
    await openScreen('/backoffice/coupons', 'Coupons');
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});

describe('back-office menu on a phone', () => {
  it('is inert while closed, and covers an inert page while open', async () => {
    onAPhone();
    await openScreen('/backoffice/coupons', 'Coupons');
    expect(sidebar()).toHaveAttribute('inert');
    await userEvent.setup({ delay: null }).click(burger());
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(screen.getByRole('main')).toHaveAttribute('inert');
  });

  it('closes with Escape and gives the focus back to the menu button', async () => {
    onAPhone();
    await openScreen('/backoffice/coupons', 'Coupons');
    const user = userEvent.setup({ delay: null });
    await user.click(burger());
    act(() => within(sidebar()).getByRole('link', { name: 'Reviews' }).focus());
    await user.keyboard('{Escape}');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(burger()).toHaveFocus();
    expect(sidebar()).toHaveAttribute('inert');
  });

  it('closes when a link is chosen, and the chosen screen opens', async () => {
    onAPhone();
    const { currentPath } = await openScreen('/backoffice/coupons', 'Coupons');
    const user = userEvent.setup({ delay: null });
    await user.click(burger());
    await user.click(within(sidebar()).getByRole('link', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(currentPath()).toBe('/backoffice/reviews');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('inert');
  });
});
