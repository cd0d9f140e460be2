import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from './page-title';

/**
 * What an unknown back-office child shows (spec: "An unknown child shows 'Not found'"). It sits
 * inside the back office's `main`, so it is a section of it, not a `main` of its own.
 */
export function NotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  usePageTitle('Not found', 'Back office');
  return (
    <Container size={520} py={{ base: 48, sm: 96 }}>
      <Stack gap="sm">
        <Title order={1} size="h2">
          Not found
        </Title>
        <Text c="dimmed">There is no page at this address.</Text>
        <Anchor component={Link} href={backTo} fw={600} py={10}>
          {backLabel}
        </Anchor>
      </Stack>
    </Container>
  );
}
