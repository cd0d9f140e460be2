import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Table } from '@mantine/core';
import type { Message } from '../../../contracts/leads';
import { RecordCards } from '../../components/record-cards';
import classes from './messages-inbox.module.css';

/** The inbox's messages: a table on wider screens, one card each on phones. Same fields, same actions. */

type MessageListProps = {
  messages: readonly Message[];
  /** A request is under way: the actions wait for it. */
  busy: boolean;
  onMarkRead: (id: number) => void;
  onArchive: (id: number) => void;
};

/** "Nov 25, 2026, 9:42 AM" in the reader's own time zone. */
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function CreatedAt({ iso }: { iso: string }) {
  return <time dateTime={iso}>{WHEN.format(new Date(iso))}</time>;
}

/** A long user agent shows its start on one line; the whole text is in its title. */
function UserAgent({ text }: { text: string | null }) {
  return (
    <span className={classes.agent} title={text ?? undefined}>
      {text ?? ''}
    </span>
  );
}

function Actions({ message, busy, onMarkRead, onArchive }: Omit<MessageListProps, 'messages'> & { message: Message }) {
  return (
    <Group gap={4} wrap="nowrap">
      {/* Spec: Mark read only where the status is not read. Archive is ours (docs/api.md). */}
      {message.status !== 'read' ? (
        <Button size="xs" variant="light" disabled={busy} onClick={() => onMarkRead(message.id)} aria-label={`Mark read: ${message.email}`}>
          Mark read
        </Button>
      ) : null}
      {message.status !== 'archived' ? (
        <Button size="xs" variant="subtle" disabled={busy} onClick={() => onArchive(message.id)} aria-label={`Archive: ${message.email}`}>
          Archive
        </Button>
      ) : null}
    </Group>
  );
}

export function MessageTable({ messages, ...actions }: MessageListProps) {
  return (
    // Between phone and desktop widths the table scrolls sideways inside its own region, which Tab can reach and name.
    <Table.ScrollContainer minWidth={900} type="native" tabIndex={0} role="region" aria-label="Messages table">
      <Table verticalSpacing="xs" aria-label="Messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th className={classes.nowrap}>Zip code</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th className={classes.nowrap}>User agent</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id}>
              <Table.Td>{message.id}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <CreatedAt iso={message.created_at} />
              </Table.Td>
              <Table.Td>{message.email}</Table.Td>
              <Table.Td className={classes.nowrap}>{message.zip_code}</Table.Td>
              <Table.Td>{message.status}</Table.Td>
              <Table.Td>
                <UserAgent text={message.user_agent} />
              </Table.Td>
              <Table.Td>
                <Actions message={message} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MessageCards({ messages, ...actions }: MessageListProps) {
  return (
    <RecordCards
      label="Messages"
      cards={messages.map((message) => ({
        key: message.id,
        title: message.email,
        fields: [
          ['ID', message.id],
          ['Created', <CreatedAt iso={message.created_at} />],
          ['Zip code', message.zip_code],
          ['Status', message.status],
          ['User agent', <UserAgent text={message.user_agent} />],
        ],
        actions: <Actions message={message} {...actions} />,
      }))}
    />
  );
}
