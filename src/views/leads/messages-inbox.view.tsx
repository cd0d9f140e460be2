import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Center, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { MESSAGE_PAGE_SIZES, type MessageStatus } from '../../../contracts/leads';
import { usePageTitle } from '../../components/page-title';
import { useNarrowerThan } from '../../components/narrow-screen';
import { saveFile } from '../../components/save-file';
import { readInboxAddress, writeInboxAddress } from '../../machines/leads/inbox-address';
import { messagesInboxMachine, pageCount, type MessagesInboxMachine } from '../../machines/leads/messages-inbox.machine';
import { MessagesTabs } from '../shared/messages-tabs';
import { useScreen } from '../shared/use-screen';
import { MessageCards, MessageTable } from './message-list';
import classes from './messages-inbox.module.css';
import { Spinner } from '../../components/spinner';

export const INBOX_TITLE = 'Messages';
export const INBOX_EMPTY = 'No messages.';
/** What the browser saves the export as if the server's answer named no file. */
const EXPORT_FALLBACK_NAME = 'leads.csv';

const ALL_STATUSES = '';
const STATUS_CHOICES = [
  { value: ALL_STATUSES, label: 'All statuses' },
  { value: 'new', label: 'new' },
  { value: 'read', label: 'read' },
  { value: 'archived', label: 'archived' },
];

export interface MessagesInboxViewProps {
  /** The inbox machine; tests pass one whose server calls they answer. */
  machine?: MessagesInboxMachine;
}

/** The administrators' inbox of landing-page sign-ups (second document, "Messages inbox"). */
export function MessagesInboxView({ machine = messagesInboxMachine }: MessagesInboxViewProps) {
  usePageTitle(INBOX_TITLE, 'Back office');
  const [search, setSearch] = useSearchParams();
  // Read once: from then on the machine owns the filters and the address follows it.
  const [initial] = useState(() => readInboxAddress(search.toString()));
  const [state, send, actor] = useMachine(machine, { input: initial });
  useScreen(actor, { 'screen.saveFile': ({ file }) => saveFile(file, EXPORT_FALLBACK_NAME) });
  const { context } = state;

  // The address follows the filters (a link shares them): a sync of the context to the URL.
  const address = writeInboxAddress(context);
  useEffect(() => {
    if (address !== search.toString()) setSearch(address, { replace: true });
  }, [address, search, setSearch]);

  const result = context.result;
  // Phones (below xs) get one card per row: a table would hide its last columns behind a sideways scroll.
  const phone = useNarrowerThan('xs');
  const markRead = (id: number) => send({ type: 'message.markRead', id });
  const archive = (id: number) => send({ type: 'message.archive', id });
  const idle = state.hasTag('idle');
  const pages = pageCount(result?.count ?? 0, context.pageSize);

  return (
    <Stack gap="lg" maw={1200} w="100%">
      <Title order={1} size="h2">
        {INBOX_TITLE}
      </Title>
      <MessagesTabs />
      <Group align="flex-end" gap="sm" className={classes.filters}>
        <TextInput
          label="Email"
          type="search"
          value={context.emailTyped}
          onChange={(event) => send({ type: 'filter.email', email: event.currentTarget.value })}
          className={classes.emailFilter}
        />
        <NativeSelect
          label="Status"
          data={STATUS_CHOICES}
          value={context.status ?? ALL_STATUSES}
          onChange={(event) => send({ type: 'filter.status', status: (event.currentTarget.value || null) as MessageStatus | null })}
        />
        <NativeSelect
          label="Page size"
          data={MESSAGE_PAGE_SIZES.map(String)}
          value={String(context.pageSize)}
          onChange={(event) => send({ type: 'filter.pageSize', pageSize: Number(event.currentTarget.value) })}
        />
        <Button variant="default" onClick={() => send({ type: 'export.start' })} loading={state.hasTag('exporting')}>
          Export CSV
        </Button>
      </Group>
      {context.exportError ? (
        <Alert role="alert" color="red" variant="light">
          {context.exportError}
        </Alert>
      ) : null}
      {context.actionError ? (
        <Alert role="alert" color="red" variant="light">
          {context.actionError}
        </Alert>
      ) : null}
      {state.hasTag('failed') ? (
        // Spec: the error message in red, in place of the table.
        <Text role="alert" c="red">
          {context.loadError}
        </Text>
      ) : result === null ? (
        <Center mih={160}>
          <Spinner label="Loading messages" />
        </Center>
      ) : (
        <Stack gap="sm" aria-busy={!idle}>
          {result.results.length === 0 ? (
            <Text>{INBOX_EMPTY}</Text>
          ) : phone ? (
            <MessageCards messages={result.results} busy={!idle} onMarkRead={markRead} onArchive={archive} />
          ) : (
            <MessageTable messages={result.results} busy={!idle} onMarkRead={markRead} onArchive={archive} />
          )}
          <Group justify="space-between" gap="sm">
            <Text>{`Page ${context.page} / ${pages} • ${result.count}`}</Text>
            <Group gap="xs">
              <Button variant="default" disabled={context.page <= 1 || !idle} onClick={() => send({ type: 'page.previous' })}>
                Prev
              </Button>
              <Button variant="default" disabled={context.page >= pages || !idle} onClick={() => send({ type: 'page.next' })}>
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
