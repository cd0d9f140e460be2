import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Center, Group, Stack, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from './page-title';
import { Spinner } from './spinner';

/**
 * The frame of a back-office screen: a way back, the one h1, actions on the right (wrapping on
 * phones). Each screen renders it once, so it names the screen in the tab: `documentTitle` when
 * the heading changes as the person types (an editor's), else the heading itself.
 */
export function ScreenFrame(props: {
  title: string;
  documentTitle?: string;
  back?: { href: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  usePageTitle(props.documentTitle ?? props.title, 'Back office');
  return (
    <Stack gap="lg" maw={1100} w="100%" ref={props.ref}>
      {props.back ? (
        <Anchor component={Link} href={props.back.href} size="sm" c="dimmed" w="fit-content">
          ← {props.back.label}
        </Anchor>
      ) : null}
      <Group justify="space-between" align="center" gap="sm">
        {/* A long name typed without spaces wraps instead of pushing the page sideways. */}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {props.title}
        </Title>
        {props.actions ? <Group gap="xs">{props.actions}</Group> : null}
      </Group>
      {props.children}
    </Stack>
  );
}

/** Loading: a quiet spinner in place of the content. */
export function ScreenLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={200} aria-busy="true">
      <Spinner label={label} />
    </Center>
  );
}
