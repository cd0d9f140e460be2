import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Text.css';
import { AppShell, Burger, Button, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { PRODUCT_NAME } from '../../theme';
import { isAdmin, RestaurantLabelsProvider, useSession } from './session-context';
import classes from './backoffice.module.css';
import { sidebarFor, type BackOfficeBase } from './navigation';
import { useRestaurantPicker } from './restaurant-picker';

/**
 * Header with the signed-in person and Sign out; the sidebar collapses behind a burger on phones.
 * Staff and superadmins also get the restaurant picker: what they choose is what every list and
 * create applies to, and without a choice menu rows say which restaurant they belong to.
 */
export function BackOfficeLayout({ base, children }: { base: BackOfficeBase; children: ReactNode }) {
  const { user } = useSession();
  if (isAdmin(user)) return <AdminLayout base={base}>{children}</AdminLayout>;
  return (
    <Frame base={base} workingOn={<Text size="sm" c="dimmed" truncate visibleFrom="xs">{user.active_restaurant_name ?? 'Back office'}</Text>}>
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

function Frame({ base, workingOn, tall = false, children }: { base: BackOfficeBase; workingOn: ReactNode; tall?: boolean; children: ReactNode }) {
  const { user, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Inside the nested /admin or /backoffice router, locations are relative to the base.
  const [location] = useLocation();
  const current = location.split('/')[1] ?? '';
  const who = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

  return (
    <AppShell
      // On phones the picker takes a second row of the header.
      header={{ height: tall ? { base: 116, sm: 60 } : 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <div className={classes.header} data-rows={tall ? 2 : 1}>
          <div className={classes.brand}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={800} size="lg" c="ember.7">
              {PRODUCT_NAME}
            </Text>
          </div>
          {tall ? workingOn : <div className={classes.picker}>{workingOn}</div>}
          <div className={classes.account}>
            <Text size="sm" c="dimmed" visibleFrom="lg" truncate maw={240}>
              {who}
            </Text>
            <Button variant="default" size="sm" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Back office">
        {sidebarFor(base).map((entry) => (
          <NavLink
            key={entry.screen}
            component={Link}
            href={`/${entry.screen}`}
            label={entry.label}
            active={current === entry.screen}
            onClick={close}
            py={10}
            style={{ borderRadius: 8 }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
