import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';

/** What an unknown back-office child shows (spec: "An unknown child shows 'Not found'"). */
export function NotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <Container size={520} py={{ base: 48, sm: 96 }} component="main">
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
