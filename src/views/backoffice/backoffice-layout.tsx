import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Text.css';
import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { PRODUCT_NAME } from '../../theme';
import { useSession } from '../session/session-context';
import { sidebarFor, type BackOfficeBase } from './navigation';

/** Header with the signed-in person and Sign out; the sidebar collapses behind a burger on phones. */
export function BackOfficeLayout({ base, children }: { base: BackOfficeBase; children: ReactNode }) {
  const { user, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Inside the nested /admin or /backoffice router, locations are relative to the base.
  const [location] = useLocation();
  const current = location.split('/')[1] ?? '';
  const who = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={800} size="lg" c="ember.7">
              {PRODUCT_NAME}
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {base === 'admin' ? 'Admin' : (user.active_restaurant_name ?? 'Back office')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={240}>
              {who}
            </Text>
            <Button variant="default" size="sm" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Group>
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
