import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from './page-title';

/**
 * The one plain panel a back-office screen shows until it is built, so an unfinished route is an
 * honest "not yet" with a way out rather than a blank page or a crash. `area` names the screen:
 * it is the heading and the tab's title, so a person knows where they are. It sits inside the
 * back office's `main`, so it renders no `main` of its own.
 */
export function ComingSoon({ area }: { area: string }) {
  usePageTitle(area, 'Back office');
  return (
    <Container size={520} py={{ base: 48, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            {area}
          </Title>
          <Text fw={700} size="lg">
            Coming in a later release
          </Text>
          <Text c="dimmed">This part of the product is not ready yet. We are building it now and it will arrive in a later release.</Text>
          <Anchor component={Link} href="~/" fw={600} py={10}>
            Back to the home page
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
