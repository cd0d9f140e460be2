import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Alert, Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { OwnerOrder } from '../../../contracts/ordering';
import { paymentLine, receiptLine } from '../../../contracts/ordering/order-receipt';
import { PREP_TIME_CHOICES, type OrderBoardEvent } from '../../machines/ordering/order-board.machine';
import { formatMoney } from '../shared/money-format';
import classes from './order-board.module.css';
import { OrderFlags } from './order-flags';
import { addressLine, bookedClock, cardId, clockTime, fulfilmentWord, lineExtras, lineTitle, prepWindowClock, waitedWords, whenWanted } from './order-text';

/** The one-step moves and their buttons; Accept (with a prep time) and Cancel (with a reason) are drawn apart. */
const SIMPLE_MOVES = [
  { to: 'ready', label: 'Ready' },
  { to: 'out_for_delivery', label: 'Out for delivery' },
  { to: 'completed', label: 'Complete' },
] as const;

type CardProps = {
  order: OwnerOrder;
  today: string | null;
  /** The board's clock (ISO 8601): how long the order has waited, whether a booked one may go to the kitchen. */
  now: string;
  /** Whether the lifecycle lets the order go to the kitchen now (a booked one only from its prep window). */
  acceptable: boolean;
  /** A move is out (for this order or another): every move waits for it. */
  busy: boolean;
  moving: boolean;
  refusal: string | null;
  send: (event: OrderBoardEvent) => void;
};

/** `tel:` wants the digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * One order on the board: who, what, when, how long it has waited, where it goes and who to
 * call (issue 40), and only the moves its `next_statuses` offer. Each
 * button's name adds the order's number to its visible words, so a list of buttons read out of
 * context still says which order it acts on. The card itself takes the focus after a move.
 */
export function OrderCard({ order, today, now, acceptable, busy, moving, refusal, send }: CardProps) {
  const titleId = `${cardId(order.id)}-title`;
  const refusalId = `${cardId(order.id)}-refusal`;
  const statusId = `${cardId(order.id)}-status`;
  const offers = (status: OwnerOrder['status']) => order.next_statuses.includes(status);
  const cancelled = order.status === 'cancelled';
  const waited = waitedWords(order, now);
  const payment = paymentLine(order);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      id={cardId(order.id)}
      tabIndex={-1}
      aria-labelledby={cancelled ? `${titleId} ${statusId}` : titleId}
      data-status={order.status}
      aria-describedby={refusal ? refusalId : undefined}
      aria-busy={moving || undefined}
      className={classes.card}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component="h3" fw={700} id={titleId}>
          #{order.number} · {order.customer.name}
        </Text>
        <Badge variant="light" color={order.fulfilment === 'delivery' ? 'grape' : 'teal'} className={classes.badge}>
          {fulfilmentWord(order)}
        </Badge>
      </Group>
      {cancelled ? (
        // Part of the card's name too, so a list of cards read out says which were cancelled.
        <Badge variant="filled" color="red" id={statusId} className={classes.statusBadge}>
          Cancelled
        </Badge>
      ) : null}
      <OrderFlags order={order} today={today} now={now} />
      <Text size="sm">
        Placed {clockTime(order.placed_at, order, today)} · {whenWanted(order, today)}
      </Text>
      {waited ? (
        <Text size="sm" fw={600}>
          {waited}
        </Text>
      ) : null}
      {order.address ? <Text size="sm">{`Deliver to ${addressLine(order.address)}`}</Text> : null}
      {order.address?.notes ? <Text size="sm" fs="italic">{`Delivery notes: ${order.address.notes}`}</Text> : null}
      <Text size="sm">
        Phone{' '}
        <Anchor href={telHref(order.customer.phone)} inherit>
          {order.customer.phone}
        </Anchor>
      </Text>
      <ul className={classes.lines}>
        {order.lines.map((line, index) => (
          <li key={`${line.item_id}-${index}`}>
            <Text size="sm">{lineTitle(line)}</Text>
            {lineExtras(line) ? <Text size="sm">{lineExtras(line)}</Text> : null}
            {line.note ? <Text size="sm" fs="italic">{`Note: ${line.note}`}</Text> : null}
          </li>
        ))}
      </ul>
      {order.note ? <Text size="sm" fs="italic">{`Order note: ${order.note}`}</Text> : null}
      {cancelled && order.cancel_reason ? <Text size="sm">{`Cancelled: ${order.cancel_reason}`}</Text> : null}
      {/* Where a coupon, a tax or a tip makes the total more than the dishes and the fee, the card says how. */}
      {order.discount > 0 || order.tax > 0 || order.tip > 0 ? <Text size="sm">{receiptLine(order)}</Text> : null}
      <Text size="sm" fw={600}>
        Total {formatMoney(order.total, order.currency)}
      </Text>
      {payment ? <Text size="sm">{payment}</Text> : null}
      {refusal ? (
        <Alert id={refusalId} role="alert" color="red" variant="light" p="xs">
          {refusal}
        </Alert>
      ) : null}
      {offers('accepted') && order.scheduled_for !== null ? <BookedAccept order={order} acceptable={acceptable} busy={busy} send={send} /> : null}
      {offers('accepted') && order.scheduled_for === null ? (
        <div role="group" aria-labelledby={`${titleId}-accept`}>
          <Text size="sm" fw={600} id={`${titleId}-accept`}>
            Accept: ready in
          </Text>
          <div className={classes.actions}>
            {PREP_TIME_CHOICES.map((minutes) => (
              <Button
                key={minutes}
                size="xs"
                variant="light"
                disabled={busy}
                aria-label={`${minutes} min, accept order #${order.number}`}
                onClick={() => send({ type: 'order.move', orderId: order.id, to: 'accepted', prep_minutes: minutes })}
              >
                {minutes} min
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <div className={classes.actions}>
        {SIMPLE_MOVES.filter((move) => offers(move.to)).map((move) => (
          <Button
            key={move.to}
            size="xs"
            disabled={busy}
            aria-label={`${move.label}, order #${order.number}`}
            onClick={() => send({ type: 'order.move', orderId: order.id, to: move.to })}
          >
            {move.label}
          </Button>
        ))}
        {offers('cancelled') ? (
          <Button
            size="xs"
            variant="outline"
            color="red"
            disabled={busy}
            aria-label={`Cancel order #${order.number}`}
            onClick={() => send({ type: 'cancel.open', orderId: order.id })}
          >
            Cancel order
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="default"
          aria-label={`Print ticket for order #${order.number}`}
          onClick={() => send({ type: 'ticket.print', orderId: order.id })}
        >
          Print ticket
        </Button>
      </div>
    </Paper>
  );
}

/**
 * A booked order is accepted for its booked time, no prep time asked (issue 40), and only from
 * its prep window on: before that the button waits, saying from when.
 */
function BookedAccept({ order, acceptable, busy, send }: Pick<CardProps, 'order' | 'acceptable' | 'busy' | 'send'>) {
  const hintId = `${cardId(order.id)}-window`;
  return (
    <div className={classes.actions}>
      <Button
        size="xs"
        classNames={{ root: classes.wrappingButton, label: classes.wrappingLabel }}
        disabled={busy || !acceptable}
        aria-label={`Accept order #${order.number} for ${bookedClock(order)}`}
        aria-describedby={acceptable ? undefined : hintId}
        onClick={() => send({ type: 'order.move', orderId: order.id, to: 'accepted' })}
      >
        Accept for {bookedClock(order)}
      </Button>
      {acceptable ? null : (
        <Text size="sm" id={hintId}>
          Goes to the kitchen from {prepWindowClock(order)}
        </Text>
      )}
    </div>
  );
}
