import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/**
 * The one plain panel every area shows until it is built, so an unfinished route is an
 * honest "not yet" with a way out rather than a blank page or a crash.
 */
export function ComingSoon({ area }: { area: string }) {
  return (
    <Container size={520} py={{ base: 48, sm: 96 }} component="main">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="sm">
          <Text size="sm" fw={600} c="dimmed" tt="uppercase">
            {area}
          </Text>
          <Title order={1} size="h2">
            Coming in a later release
          </Title>
          <Text c="dimmed">
            This part of the product is not ready yet. We are building it now and it will arrive in a later release.
          </Text>
          <Anchor component={Link} href="~/" fw={600} py={10}>
            Back to the home page
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
