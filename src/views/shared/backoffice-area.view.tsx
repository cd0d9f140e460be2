import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { ComingSoon } from '../../components/coming-soon';
import { useSession } from './session-context';
import { PLACEHOLDER_SCREENS, type BackOfficeBase } from './navigation';

export type { BackOfficeBase } from './navigation';

// The menu screens are their own chunk, loaded when one of them opens (the layout's Suspense waits).
const MenuArea = lazy(() => import('../menu/menu-area.view').then((m) => ({ default: m.MenuArea })));
const isMenuScreen = (screen: string) => screen === 'menu' || screen.startsWith('menu/');

/** One back-office screen. Placeholder screens show their line of the spec; the rest arrive later. */
export function BackOfficeArea({ screen, params }: { base: BackOfficeBase; screen: string; params?: Record<string, string | undefined> }) {
  const { user } = useSession();
  // A new working restaurant (the admin's picker) starts the menu screens afresh: every list
  // re-reads what now applies, and no half-made row is sent to the wrong restaurant.
  if (isMenuScreen(screen)) return <MenuArea key={user.active_restaurant_id ?? 'none'} screen={screen} params={params} />;
  const placeholder = PLACEHOLDER_SCREENS[screen];
  if (!placeholder) return <ComingSoon area="Back office" />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {placeholder.title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Text>{placeholder.text}</Text>
      </Paper>
    </Stack>
  );
}
