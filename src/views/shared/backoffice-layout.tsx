import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Text.css';
import { Anchor, AppShell, Burger, Button, getDefaultZIndex, NavLink, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { Fragment, Suspense, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useNarrowerThan } from '../../components/narrow-screen';
import { PageLoader } from '../../components/page-loader';
import { SkipLink, mainContentProps } from '../../components/skip-link';
import { PRODUCT_NAME } from '../../theme';
import { isAdmin, RestaurantLabelsProvider, useSession } from './session-context';
import classes from './backoffice.module.css';
import { sidebarFor, type BackOfficeBase } from './navigation';
import { CountedLabel, countedLinkName, SidebarCountsRefreshProvider, useSidebarCounts, type SidebarCounts } from './new-orders-count';
import { useRestaurantPicker } from './restaurant-picker';
import { RestaurantClockProvider } from './restaurant-clock';
import { StoreLinkRefreshProvider, useStoreLink, ViewStoreIcon, ViewStoreLabel } from './store-link';

/**
 * Header with the signed-in person and Sign out; the sidebar collapses behind a burger on phones.
 * A skip link comes before the header, and the sidebar marks the screen shown with aria-current.
 * "Orders" carries the count of new orders on every page (issue 40).
 * Staff and superadmins also get the restaurant picker: what they choose is what every list and
 * create applies to, and without a choice menu rows say which restaurant they belong to.
 */
export function BackOfficeLayout({ base, children }: { base: BackOfficeBase; children: ReactNode }) {
  const { user } = useSession();
  if (isAdmin(user)) return <AdminLayout base={base}>{children}</AdminLayout>;
  return (
    <Frame
      base={base}
      workingOn={
        <Text size="sm" c="dimmed" truncate visibleFrom="xs">
          {user.active_restaurant_name ?? 'Back office'}
        </Text>
      }
    >
      {children}
    </Frame>
  );
}

function AdminLayout({ base, children }: { base: BackOfficeBase; children: ReactNode }) {
  const { picker, labeller } = useRestaurantPicker();
  return (
    <Frame base={base} workingOn={picker} tall>
      <RestaurantLabelsProvider value={labeller}>{children}</RestaurantLabelsProvider>
    </Frame>
  );
}

/** Above the sidebar's (the app level plus one). */
const HEADER_Z_INDEX = getDefaultZIndex('app') + 2;

/** The sidebar's id, which the burger names as what it opens and closes. */
const NAVBAR_ID = 'backoffice-navigation';

/**
 * The sidebar link's `aria-current`: "page" on the screen shown, "true" on the section it belongs
 * to (Menu while a menu sub-screen is open), so screen readers say where the person is.
 */
function currentness(path: string, screen: string): 'page' | 'true' | undefined {
  if (path === screen) return 'page';
  return path.split('/')[0] === screen ? 'true' : undefined;
}

/** The count a sidebar entry shows beside its label, and what it counts: orders waiting, notifications unread. */
const countOf = (screen: string, counts: SidebarCounts) =>
  screen === 'orders'
    ? { count: counts.orders, what: 'new' as const }
    : screen === 'notifications'
      ? { count: counts.notifications, what: 'unread' as const }
      : null;

function Frame({ base, workingOn, tall = false, children }: { base: BackOfficeBase; workingOn: ReactNode; tall?: boolean; children: ReactNode }) {
  const { user, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The sidebar is a drawer behind the burger below `sm`, the breakpoint AppShell collapses it at.
  const phone = useNarrowerThan('sm');
  // Inside the nested /admin or /backoffice router, locations are relative to the base.
  const [location] = useLocation();
  const path = location.replace(/^\//, '');
  const who = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  const store = useStoreLink(user.active_restaurant_id);
  const counts = useSidebarCounts(user.active_restaurant_id, path);

  // On a phone the open menu covers the page: Escape closes it and hands the focus back to the
  // burger, as it does for any disclosure.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !phone || !opened) return;
    close();
    burger.current?.focus();
  });

  // A link chosen on a phone closes the menu; the focus waits on the burger until the new screen
  // takes it to its heading (usePageTitle), and stays there if the link was the screen shown.
  const chooseLink = () => {
    close();
    if (phone) burger.current?.focus();
  };

  return (
    <AppShell
      // On phones the picker takes a second row of the header.
      header={{ height: tall ? { base: 116, sm: 60 } : 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      {/* Mantine stacks the sidebar one above the header; the picker's list opens out of the header
          over the sidebar, so the header goes above it (the sidebar starts below the header, so
          nothing else of it is covered). */}
      <AppShell.Header zIndex={HEADER_Z_INDEX}>
        <div className={classes.header} data-rows={tall ? 2 : 1}>
          <div className={classes.brand}>
            <Burger
              ref={burger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open navigation"
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Text fw={800} size="lg" c="ember.7">
              {PRODUCT_NAME}
            </Text>
          </div>
          {tall ? workingOn : <div className={classes.picker}>{workingOn}</div>}
          <div className={classes.account}>
            {/* On phones the header has no room: the sidebar carries the same link. */}
            {store.href ? (
              <Anchor href={store.href} target="_blank" rel="noopener" size="sm" visibleFrom="sm" className={classes.storeLink}>
                <ViewStoreLabel />
                <ViewStoreIcon />
              </Anchor>
            ) : null}
            <Text size="sm" c="dimmed" visibleFrom="lg" truncate maw={240}>
              {who}
            </Text>
            <Button variant="default" size="sm" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </AppShell.Header>
      {/* Closed on a phone, the sidebar sits off screen: inert keeps its links out of the Tab order
          and away from screen readers. Open, it covers the page, which goes inert instead. */}
      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label="Back office" inert={phone && !opened}>
        {sidebarFor(base).map((entry) => {
          const counted = countOf(entry.screen, counts);
          return (
            <Fragment key={entry.screen}>
              <NavLink
                component={Link}
                href={`/${entry.screen}`}
                label={counted ? <CountedLabel label={entry.label} count={counted.count} /> : entry.label}
                aria-label={counted ? countedLinkName(entry.label, counted.count, counted.what) : undefined}
                active={currentness(path, entry.screen) !== undefined}
                aria-current={currentness(path, entry.screen)}
                onClick={chooseLink}
                py={10}
                style={{ borderRadius: 8 }}
              />
              {/* The public page beside the screen that changes it (issue 29: the sidebar names both). */}
              {entry.screen === 'store' && store.href ? (
                <NavLink
                  component="a"
                  href={store.href}
                  target="_blank"
                  rel="noopener"
                  label={<ViewStoreLabel />}
                  rightSection={<ViewStoreIcon />}
                  onClick={chooseLink}
                  py={10}
                  style={{ borderRadius: 8 }}
                />
              ) : null}
            </Fragment>
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main {...mainContentProps} inert={phone && opened}>
        <StoreLinkRefreshProvider value={store.refresh}>
          <RestaurantClockProvider value={store.clock}>
            <SidebarCountsRefreshProvider value={counts.refresh}>
              <Suspense fallback={<PageLoader />}>{children}</Suspense>
            </SidebarCountsRefreshProvider>
          </RestaurantClockProvider>
        </StoreLinkRefreshProvider>
      </AppShell.Main>
    </AppShell>
  );
}
