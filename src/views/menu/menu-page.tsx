import './menu-styles';
import { Alert, Anchor, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode, type Ref } from 'react';
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

/**
 * Spec section 5: deleting asks for confirmation. Renders the trigger; the question opens in a
 * modal whose Delete does the work. Cancel takes the first focus, so Enter never deletes by
 * accident; Escape closes, and the focus goes back to the trigger (Mantine's returnFocus).
 */
export function ConfirmDelete(props: { what: string; onConfirm: () => void; label?: string; disabled?: boolean; size?: 'xs' | 'sm' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={props.size ?? 'xs'}
        variant="subtle"
        color="red"
        disabled={props.disabled}
        aria-label={props.label ?? `Delete ${props.what}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${props.what}?`} closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Stack gap="md">
          <Text size="sm">This cannot be undone.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" data-autofocus onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setOpen(false);
                props.onConfirm();
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
