import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { notificationLink, notificationWords, type Notification } from '../../../contracts/ordering/notifications';
import { formatDayTimeWithYear, type Clock } from '../../../contracts/shared/clock-format';
import { LoadFailed } from '../../components/load-failed';
import { ScreenFrame, ScreenLoading } from '../../components/screen-frame';
import { notificationsMachine, type NotificationsMachine } from '../../machines/ordering/notifications.machine';
import { PLACEHOLDER_TEXTS, screenLabel } from '../shared/navigation';
import { useSidebarCountsRefresh } from '../shared/new-orders-count';
import { isAdmin, useSession } from '../shared/session-context';
import classes from './notifications.module.css';

export const NOTIFICATIONS_EMPTY = 'Nothing yet. New orders, cancellations, payments, refunds, used-up coupons and dishes back on sale show up here.';
export const MARK_ALL_READ = 'Mark all as read';
export const LOAD_MORE = 'Load more';

/**
 * The Notifications screen (`/backoffice/notifications`, `/admin/notifications` for the restaurant
 * chosen in the header; issue 45): the restaurant's feed, newest first, each row a link to what it
 * is about, unread ones in bold. The specification's line stays on top, with the way to the
 * notification settings, which live with the store's other settings.
 */
export function NotificationsView({ machine = notificationsMachine }: { machine?: NotificationsMachine }) {
  const { user } = useSession();
  return <Notifications key={user.active_restaurant_id ?? 'none'} machine={machine} restaurantId={user.active_restaurant_id} admin={isAdmin(user)} />;
}

function Notifications({ machine, restaurantId, admin }: { machine: NotificationsMachine; restaurantId: number | null; admin: boolean }) {
  const [state, send] = useMachine(machine, { input: { restaurantId } });
  const { context } = state;
  const ready = state.hasTag('ready');
  // Rows opened or marked read here: the sidebar's count follows at once rather than at its next
  // poll. Only a change of a count already loaded: opening the screen refreshes the sidebar anyway.
  const refreshSidebar = useSidebarCountsRefresh();
  const loadedUnread = useRef<number | null>(null);
  const { unread } = context;
  useEffect(() => {
    if (!ready) return;
    if (loadedUnread.current !== null && loadedUnread.current !== unread) refreshSidebar();
    loadedUnread.current = unread;
  }, [ready, unread, refreshSidebar]);
  const busy = state.hasTag('busy');
  const markAll = (
    <Button
      variant="default"
      disabled={!ready || busy || context.unread === 0}
      loading={state.matches('marking')}
      onClick={() => send({ type: 'list.markAll' })}
    >
      {MARK_ALL_READ}
    </Button>
  );
  return (
    <ScreenFrame title={screenLabel('notifications')} actions={state.hasTag('noRestaurant') ? undefined : markAll}>
      <Text c="dimmed">
        {PLACEHOLDER_TEXTS.notifications}{' '}
        <Anchor component={Link} href="/store#store-notifications" underline="always">
          Notification settings
        </Anchor>
      </Text>
      {state.hasTag('noRestaurant') ? (
        <Text>
          {admin
            ? 'Choose a restaurant in “Restaurant you work on” to see its notifications.'
            : 'Your restaurant is not set up yet: notifications come once it is launched.'}
        </Text>
      ) : null}
      {state.hasTag('failed') ? <LoadFailed message={context.loadError} onRetry={() => send({ type: 'list.retry' })} /> : null}
      {state.hasTag('loading') ? <ScreenLoading label="Loading notifications" /> : null}
      {ready ? (
        <Stack gap="sm" aria-busy={busy}>
          <Text fw={700} size="lg" role="status">
            {context.unread === 0 ? 'All read' : `${context.unread} unread`}
          </Text>
          {context.actionError ? (
            <Alert role="alert" color="red" variant="light">
              {context.actionError}
            </Alert>
          ) : null}
          {context.rows.length === 0 ? (
            <Text>{NOTIFICATIONS_EMPTY}</Text>
          ) : (
            <ul className={classes.list} aria-label="Notifications">
              {context.rows.map((row) => (
                <FeedRow key={row.id} row={row} clock={context.clock} onOpen={() => send({ type: 'row.open', id: row.id })} />
              ))}
            </ul>
          )}
          {context.nextBefore !== null ? (
            <Button variant="default" w="fit-content" loading={state.matches('loadingMore')} disabled={busy} onClick={() => send({ type: 'list.more' })}>
              {LOAD_MORE}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </ScreenFrame>
  );
}

/** One row: its words as a link, bold and said "Unread" until opened or marked, and when it happened on the restaurant's clock. */
function FeedRow({ row, clock, onOpen }: { row: Notification; clock: Clock; onOpen: () => void }) {
  return (
    <li className={classes.row} data-unread={row.read ? undefined : ''}>
      <Group gap="xs" wrap="nowrap" align="baseline">
        {row.read ? null : (
          <Badge size="xs" color="ember.8" aria-hidden="true" className={classes.dot}>
            New
          </Badge>
        )}
        <Anchor component={Link} href={notificationLink(row)} onClick={onOpen} fw={row.read ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
          {row.read ? null : <VisuallyHidden>Unread:</VisuallyHidden>}
          {row.read ? '' : ' '}
          {notificationWords(row)}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" component="time" dateTime={row.at}>
        {formatDayTimeWithYear(row.at, clock)}
      </Text>
    </li>
  );
}
