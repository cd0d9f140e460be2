import './menu-styles';
import { Alert, Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { FieldsToFix } from '../../components/form-errors';
import { usePageTitle } from '../../components/page-title';

/**
 * The frame of every menu screen: a way back, the title, actions on the right (wrapping on phones).
 * Each screen renders it once, so it names the screen in the tab: `documentTitle` when the heading
 * changes as the person types (the category editor's), else the heading itself.
 */
export function MenuPage(props: {
  title: string; documentTitle?: string; back?: { href: string; label: string }; actions?: ReactNode; children: ReactNode; ref?: Ref<HTMLDivElement>;
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
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.actions ? <Group gap="xs">{props.actions}</Group> : null}
      </Group>
      {props.children}
    </Stack>
  );
}

/** Loading: a quiet spinner in place of the content. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih={200} aria-busy="true">
      <Loader size="sm" color="gray" aria-label={label} />
    </Center>
  );
}

/** An alert the person can dismiss (spec section 8's texts go here), then the fields to fix, if any. */
export function MenuAlert({ children, onClose, fields = [] }: { children: ReactNode; onClose?: () => void; fields?: readonly string[] }) {
  return (
    <Alert role="alert" color="red" variant="light" radius="md" withCloseButton={Boolean(onClose)} onClose={onClose} closeButtonLabel="Dismiss">
      {children}
      <FieldsToFix labels={fields} />
    </Alert>
  );
}

/** An empty list's one line, centred in a dashed box. */
export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" p="xl" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 12 }}>
      <Text c="dimmed">{children}</Text>
      {action}
    </Stack>
  );
}

/** Spec section 5: deleting asks for confirmation (shared with the other areas' lists). */
export { ConfirmDelete } from '../../components/confirm-delete';
