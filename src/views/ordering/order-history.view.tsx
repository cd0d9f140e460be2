import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Button, Drawer, Group, NativeSelect, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Fragment, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { KITCHEN_STATUSES, type KitchenStatus, type OwnerOrder } from '../../../contracts/ordering';
import { clockOf, formatDayTimeWithYear } from '../../../contracts/shared/clock-format';
import { paymentLine, receiptRows } from '../../../contracts/ordering/order-receipt';
import { refundableCents } from '../../../contracts/ordering/refunds';
import { LoadFailed } from '../../components/load-failed';
import { saveFile } from '../../components/save-file';
import { useNarrowerThan } from '../../components/narrow-screen';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { readHistoryAddress, writeHistoryAddress } from '../../machines/ordering/order-history-address';
import { openOrderOf, orderHistoryMachine, pageCount, type OrderHistoryMachine } from '../../machines/ordering/order-history.machine';
import { OrderRefundDialog } from './order-refund-dialog';
import { formatMoney } from '../shared/money-format';
import { isAdmin, useSession } from '../shared/session-context';
import { useScreen } from '../shared/use-screen';
import classes from './order-history.module.css';
import { fulfilmentWord, lineExtras, lineTitle } from './order-text';
import { DownloadFailed } from '../../components/download-failed';

export const HISTORY_TITLE = 'Order history';
export const HISTORY_EMPTY = 'No orders match.';
/** The file's name when the server's answer names none (it does: `orders-<day>.csv`). */
const HISTORY_CSV_NAME = 'orders.csv';

/** A status as the history's list and filter name it. */
export const STATUS_NAMES: Record<KitchenStatus, string> = {
  placed: 'New',
  accepted: 'In the kitchen',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const ALL = '';
const STATUS_CHOICES = [{ value: ALL, label: 'All statuses' }, ...KITCHEN_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] }))];

/**
 * "Tue 1 Dec 2026, 18:05" / "Tue, Dec 1, 2026, 6:05 PM" on the restaurant's wall clock, written its
 * country's way (contracts/shared/clock-format.ts), with the year: a history reaches back.
 */
const when = (iso: string, order: OwnerOrder) => formatDayTimeWithYear(iso, clockOf(order.restaurant));

const rowId = (orderId: number) => `history-order-${orderId}`;

/**
 * The order history (`/backoffice/orders/history`, `/admin/orders/history` for the restaurant
 * chosen in the header; issue 40): every order the restaurant took, searched, filtered, paged,
 * each opened in full. Keyed by the restaurant, so a new choice starts afresh.
 */
export function OrderHistoryView({ machine = orderHistoryMachine }: { machine?: OrderHistoryMachine }) {
  usePageTitle(HISTORY_TITLE, 'Back office');
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={960} w="100%">
      <Group justify="space-between" align="baseline" gap="sm">
        <Title order={1} size="h2">
          {HISTORY_TITLE}
        </Title>
        <Anchor component={Link} href="/orders">
          Back to the order board
        </Anchor>
      </Group>
      <OrderHistory key={user.active_restaurant_id ?? 'none'} machine={machine} restaurantId={user.active_restaurant_id} admin={isAdmin(user)} />
    </Stack>
  );
}

function OrderHistory({ machine, restaurantId, admin }: { machine: OrderHistoryMachine; restaurantId: number | null; admin: boolean }) {
  const [search, setSearch] = useSearchParams();
  // Read once: from then on the machine owns the filters and the address follows it.
  const [initial] = useState(() => readHistoryAddress(search.toString()));
  const [state, send, actor] = useMachine(machine, { input: { ...initial, restaurantId } });
  // What the last refund said, for its order's drawer only.
  const [said, setSaid] = useState<{ orderId: number; message: string } | null>(null);
  useScreen(actor, {
    'screen.saveFile': ({ file }) => saveFile(file, HISTORY_CSV_NAME),
    'screen.announce': ({ orderId, message }) => setSaid({ orderId, message }),
  });
  const { context } = state;
  const refundDialog = state.children.refundDialog;

  // The address follows the filters (a link shares them): a sync of the context to the URL.
  const address = writeHistoryAddress(context);
  useEffect(() => {
    if (address !== search.toString()) setSearch(address, { replace: true });
  }, [address, search, setSearch]);

  if (state.hasTag('noRestaurant')) {
    return (
      <Text>
        {admin ? 'Choose a restaurant in “Restaurant you work on” to see its orders.' : 'Your restaurant is not set up yet: orders come once it is launched.'}
      </Text>
    );
  }
  const result = context.result;
  const pages = pageCount(result?.count ?? 0, context.pageSize);
  const ready = state.hasTag('ready');
  const open = openOrderOf(context);
  return (
    <Stack gap="md">
      <div className={classes.filters}>
        <TextInput
          label="Search"
          description="Order number, name or phone"
          type="search"
          value={context.searchTyped}
          onChange={(event) => send({ type: 'filter.search', search: event.currentTarget.value })}
        />
        <NativeSelect
          label="Status"
          data={STATUS_CHOICES}
          value={context.status ?? ALL}
          onChange={(event) => send({ type: 'filter.status', status: (event.currentTarget.value || null) as KitchenStatus | null })}
        />
        <TextInput label="Day" type="date" value={context.day} onChange={(event) => send({ type: 'filter.day', day: event.currentTarget.value })} />
      </div>
      <Group gap="sm">
        <Button variant="default" loading={state.hasTag('downloading')} onClick={() => send({ type: 'csv.download' })}>
          Download CSV
        </Button>
        <Text size="sm" c="dimmed">
          Every order matching these filters, all pages.
        </Text>
      </Group>
      <DownloadFailed message={context.downloadError} />
      {state.hasTag('failed') ? <LoadFailed message={context.loadError} onRetry={() => send({ type: 'list.retry' })} /> : null}
      {result === null && state.hasTag('loading') ? <Spinner label="Loading orders" /> : null}
      {result === null ? null : (
        <Stack gap="sm" aria-busy={!ready}>
          {result.orders.length === 0 ? (
            <Text>{HISTORY_EMPTY}</Text>
          ) : (
            <ul className={classes.rows} aria-label="Orders">
              {result.orders.map((order) => (
                <li key={order.id}>
                  <HistoryRow order={order} onOpen={() => send({ type: 'order.open', orderId: order.id })} />
                </li>
              ))}
            </ul>
          )}
          <Group justify="space-between" gap="sm">
            <Text>{`Page ${context.page} of ${pages} · ${result.count} ${result.count === 1 ? 'order' : 'orders'}`}</Text>
            <Group gap="xs">
              <Button variant="default" disabled={context.page <= 1 || !ready} onClick={() => send({ type: 'page.previous' })}>
                Previous
              </Button>
              <Button variant="default" disabled={context.page >= pages || !ready} onClick={() => send({ type: 'page.next' })}>
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
      <OrderDetail
        order={open}
        onClose={() => send({ type: 'order.close' })}
        onRefund={() => send({ type: 'refund.open' })}
        said={said !== null && said.orderId === open?.id ? said.message : ''}
      />
      <OrderRefundDialog actor={refundDialog} />
    </Stack>
  );
}

/** One past order: a button that opens it, saying what a person scans for. */
function HistoryRow({ order, onOpen }: { order: OwnerOrder; onOpen: () => void }) {
  return (
    <UnstyledButton id={rowId(order.id)} className={classes.row} onClick={onOpen} aria-haspopup="dialog">
      <span className={classes.rowMain}>
        <strong>#{order.number}</strong> {order.customer.name}
      </span>
      <span className={classes.rowMeta}>
        {when(order.placed_at, order)} · {fulfilmentWord(order)} · <span data-status={order.status}>{STATUS_NAMES[order.status]}</span> ·{' '}
        {formatMoney(order.total, order.currency)}
      </span>
    </UnstyledButton>
  );
}

/**
 * The order in full: customer, address, lines, totals, payment and refunds, note, timeline. The
 * drawer returns the focus to its row.
 */
function OrderDetail({ order, onClose, onRefund, said }: { order: OwnerOrder | null; onClose: () => void; onRefund: () => void; said: string }) {
  const phone = useNarrowerThan('sm');
  const money = (amount: number) => (order ? formatMoney(amount, order.currency) : '');
  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={order ? `Order #${order.number}` : ''}
      closeButtonProps={{ 'aria-label': 'Close the order' }}
    >
      {order ? (
        <Stack gap="md">
          <Text>
            {STATUS_NAMES[order.status]} · {fulfilmentWord(order)} · placed {when(order.placed_at, order)}
            {order.scheduled_for ? ` · for ${when(order.scheduled_for, order)}` : ''}
          </Text>
          <section aria-label="Customer">
            <Text fw={700}>{order.customer.name}</Text>
            <Text>
              <Anchor href={`tel:${order.customer.phone}`}>{order.customer.phone}</Anchor> ·{' '}
              <Anchor href={`mailto:${order.customer.email}`}>{order.customer.email}</Anchor>
            </Text>
            {order.address ? (
              <Text>
                {order.address.street}, {order.address.city} {order.address.zip_code}
                {order.address.notes ? ` (${order.address.notes})` : ''}
              </Text>
            ) : null}
            {order.note ? <Text>Note: {order.note}</Text> : null}
          </section>
          <ul className={classes.lines} aria-label="What was ordered">
            {order.lines.map((line, index) => (
              <li key={index}>
                <span>
                  {lineTitle(line)}
                  {line.extras.length > 0 ? <Text size="sm">{lineExtras(line)}</Text> : null}
                  {line.note ? <Text size="sm">“{line.note}”</Text> : null}
                </span>
                <span>{money(line.line_total)}</span>
              </li>
            ))}
          </ul>
          <dl className={classes.totals}>
            {receiptRows(order).map((row) => (
              <Fragment key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.amount}</dd>
              </Fragment>
            ))}
          </dl>
          <OrderPayment order={order} onRefund={onRefund} said={said} />
          <section aria-label="Timeline">
            <Title order={3} size="h5">
              Timeline
            </Title>
            <ol className={classes.timeline}>
              {order.timeline.map((entry) => (
                <li key={`${entry.status}-${entry.at}`}>
                  {when(entry.at, order)}: {STATUS_NAMES[entry.status]}
                  {entry.detail ? ` (${entry.status === 'accepted' ? `${entry.detail} min` : entry.detail})` : ''}
                </li>
              ))}
            </ol>
          </section>
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** How the order was paid, its refunds ("$4.50 refunded on … — Cold pizza (by owner@…)"), and Refund while money is left. */
function OrderPayment({ order, onRefund, said }: { order: OwnerOrder; onRefund: () => void; said: string }) {
  const paid = paymentLine(order);
  const refunds = order.refunds ?? [];
  return (
    <section aria-label="Payment">
      {paid ? <Text>{paid}</Text> : null}
      {refunds.length > 0 ? (
        <ul className={classes.refunds} aria-label="Refunds">
          {refunds.map((refund, index) => (
            // Oldest first, never reordered: refunds made at once may share their instant.
            <li key={index}>
              {`${formatMoney(refund.amount, order.currency)} ${refund.pending ? 'refund being confirmed, asked' : 'refunded'} on ${when(refund.at, order)} — ${refund.reason}${refund.by ? ` (by ${refund.by})` : ''}`}
            </li>
          ))}
        </ul>
      ) : null}
      <Text role="status" size="sm">
        {said}
      </Text>
      {refundableCents(order.payment) > 0 ? (
        <Button variant="default" mt="xs" aria-haspopup="dialog" onClick={onRefund}>
          Refund
        </Button>
      ) : null}
    </section>
  );
}
