import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '../../components/page-title';

/** The frame of the territories screens: a way back, the one h1, actions beside it (wrapping on phones). */
export function TerritoriesPage(props: { title: string; documentTitle?: string; back?: boolean; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(props.documentTitle ?? props.title, 'Back office');
  return (
    <Stack gap="lg" maw={1100} w="100%">
      {props.back ? (
        <Anchor component={Link} href="/territories" size="sm" c="dimmed" w="fit-content">
          ← Territories
        </Anchor>
      ) : null}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {props.title}
        </Title>
        {props.actions ? <Group gap="xs">{props.actions}</Group> : null}
      </Group>
      {props.children}
    </Stack>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Center mih={200} aria-busy="true">
      <Loader size="sm" color="gray" aria-label={label} />
    </Center>
  );
}
