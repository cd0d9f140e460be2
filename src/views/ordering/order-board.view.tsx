import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Badge, Group, Stack, Switch, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMachine, useSelector } from '@xstate/react';
import { useState } from 'react';
import { BOARD_COLUMNS, boardColumns, type ColumnKey } from '../../machines/ordering/order-board.columns';
import {
  bookedOrderDue,
  orderBoardMachine,
  selectCancel,
  selectComplete,
  selectLive,
  selectMovingId,
  selectNow,
  selectOrders,
  selectRefusal,
  selectSound,
  selectTicket,
  selectToday,
  type OrderBoardActor,
  type OrderBoardMachine,
} from '../../machines/ordering/order-board.machine';
import { LoadFailed } from '../../components/load-failed';
import { useNarrowerThan } from '../../components/narrow-screen';
import { documentTitle, usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { isAdmin, useSession } from '../shared/session-context';
import { useScreen } from '../shared/use-screen';
import { KitchenTicket } from './kitchen-ticket';
import { OrderCancelDialog } from './order-cancel-dialog';
import { OrderCard } from './order-card';
import { playNewOrderTone } from './order-tone';
import { NewOrderAlert } from './new-order-alert';
import { SoundBlockedNote } from './sound-blocked-note';
import { SoldOutButton } from './sold-out-dialog';
import { BusyControls } from './busy-controls';
import { OrderHistoryLink } from './order-history-link';
import classes from './order-board.module.css';
import { cardId } from './order-text';

export const ORDERS_TITLE = 'Orders';

/**
 * Focus the order's card once React has drawn it in `column` (where the move put it): until then
 * the old card, or none, is in the page, so look again on the next frames, a few at most.
 */
function focusCard(orderId: number, column: ColumnKey | null, frames = 30): void {
  const card = document.getElementById(cardId(orderId));
  if (card && (column === null || card.closest(`[data-column="${column}"]`))) {
    card.focus();
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusCard(orderId, column, frames - 1));
}

/**
 * The owner's live order board (`/backoffice/orders`, `/admin/orders` for the restaurant chosen
 * in the header; issue 30). Keyed by that restaurant, so a new choice starts a new board and stream.
 */
export function OrderBoardView({ machine = orderBoardMachine }: { machine?: OrderBoardMachine }) {
  usePageTitle(ORDERS_TITLE, 'Back office');
  const { user } = useSession();
  return (
    <Stack gap="lg" w="100%">
      <Title order={1} size="h2">
        {ORDERS_TITLE}
      </Title>
      <OrderHistoryLink />
      <OrderBoard key={user.active_restaurant_id ?? 'none'} machine={machine} restaurantId={user.active_restaurant_id} admin={isAdmin(user)} />
    </Stack>
  );
}

function OrderBoard({ machine, restaurantId, admin }: { machine: OrderBoardMachine; restaurantId: number | null; admin: boolean }) {
  const [snapshot, send, actor] = useMachine(machine, { input: { restaurantId } });
  const [announcement, setAnnouncement] = useState('');
  // The column a phone shows; it follows an order the owner moves (issue 40).
  const [tab, setTab] = useState<ColumnKey>('new');
  // The column a phone shows; it follows an order the owner moves (issue 40).
  useScreen(actor, {
    'screen.announce': ({ message }) => setAnnouncement(message),
    'screen.sound': playNewOrderTone,
    'screen.title': ({ count }) => {
      document.title = `${count > 0 ? `(${count}) ` : ''}${documentTitle(ORDERS_TITLE, 'Back office')}`;
    },
    'screen.focus': ({ orderId, column }) => {
      if (column) setTab(column);
      focusCard(orderId, column);
    },
    'screen.print': () => setTimeout(() => window.print()),
  });
  const sound = useSelector(actor, selectSound);
  const live = useSelector(actor, selectLive);

  if (snapshot.hasTag('noRestaurant')) {
    return (
      <Text>
        {admin ? 'Choose a restaurant in “Restaurant you work on” to see its orders.' : 'Your restaurant is not set up yet: orders come once it is launched.'}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{live ? 'Live: new orders appear here as they arrive.' : 'Connecting to new orders…'}</Text>
        <Switch label="Sound on new orders" checked={sound} onChange={(event) => send({ type: 'sound.toggle', on: event.currentTarget.checked })} />
        {restaurantId !== null ? <SoldOutButton restaurantId={restaurantId} /> : null}
      </Group>
      <SoundBlockedNote actor={actor} />
      <NewOrderAlert actor={actor} />
      <BusyControls restaurantId={restaurantId} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {snapshot.hasTag('loadFailed') ? <LoadFailed message={snapshot.context.loadError} onRetry={() => send({ type: 'board.retry' })} /> : null}
      {snapshot.hasTag('loading') ? <Spinner label="Loading orders" /> : null}
      {snapshot.hasTag('ready') ? <Board actor={actor} tab={tab} onTab={setTab} /> : null}
      <BoardDialogs actor={actor} />
    </Stack>
  );
}

function BoardDialogs({ actor }: { actor: OrderBoardActor }) {
  const cancel = useSelector(actor, selectCancel);
  const orders = useSelector(actor, selectOrders);
  const ticket = useSelector(actor, selectTicket);
  const today = useSelector(actor, selectToday);
  const cancelled = orders.find((order) => order.id === cancel?.orderId);
  return (
    <>
      <OrderCancelDialog form={cancel} orderNumber={cancelled?.number ?? null} send={actor.send} />
      <KitchenTicket order={ticket} today={today} />
    </>
  );
}

/** The columns side by side; below Mantine's `sm` (phones) one tab per column, each with its count. */
function Board({ actor, tab, onTab }: { actor: OrderBoardActor; tab: ColumnKey; onTab: (column: ColumnKey) => void }) {
  const orders = useSelector(actor, selectOrders);
  const today = useSelector(actor, selectToday);
  const complete = useSelector(actor, selectComplete);
  const narrow = useNarrowerThan('sm');
  const columns = boardColumns(orders, today);
  return (
    <>
      {complete ? null : <Text size="sm">Some lists were longer than one page: the newest orders are shown.</Text>}
      {narrow ? (
        <Tabs value={tab} onChange={(value) => onTab((value as ColumnKey | null) ?? 'new')} keepMounted={false}>
          <Tabs.List grow>
            {BOARD_COLUMNS.map((column) => (
              <Tabs.Tab key={column.key} value={column.key}>
                {column.label} ({columns[column.key].length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BOARD_COLUMNS.map((column) => (
            <Tabs.Panel key={column.key} value={column.key} pt="md">
              <Column actor={actor} columnKey={column.key} label={column.label} orders={columns[column.key]} />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <div className={classes.columns}>
          {BOARD_COLUMNS.map((column) => (
            <Column key={column.key} actor={actor} columnKey={column.key} label={column.label} orders={columns[column.key]} />
          ))}
        </div>
      )}
    </>
  );
}

function Column({
  actor,
  columnKey,
  label,
  orders,
}: {
  actor: OrderBoardActor;
  columnKey: ColumnKey;
  label: string;
  orders: ReturnType<typeof boardColumns>[ColumnKey];
}) {
  const today = useSelector(actor, selectToday);
  const movingId = useSelector(actor, selectMovingId);
  const refusal = useSelector(actor, selectRefusal);
  const now = useSelector(actor, selectNow);
  const headingId = `orders-column-${columnKey}`;
  return (
    <section className={classes.column} aria-labelledby={headingId} data-column={columnKey}>
      <h2 className={classes.columnTitle} id={headingId}>
        {label}
        <Badge variant="light" color="gray">
          {orders.length}
        </Badge>
      </h2>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders
        </Text>
      ) : (
        <ul className={classes.cards}>
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                today={today}
                now={now}
                acceptable={bookedOrderDue(order, now)}
                busy={movingId !== null}
                moving={movingId === order.id}
                refusal={refusal?.orderId === order.id ? refusal.message : null}
                send={actor.send}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
