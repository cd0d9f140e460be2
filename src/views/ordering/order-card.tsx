import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import { Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { OwnerOrder } from '../../../contracts/ordering';
import { PREP_TIME_CHOICES, type OrderBoardEvent } from '../../machines/ordering/order-board.machine';
import { formatMoney } from '../shared/money-format';
import classes from './order-board.module.css';
import { cardId, clockTime, fulfilmentWord, lineExtras, lineTitle, whenWanted } from './order-text';

/** The one-step moves and their buttons; Accept (with a prep time) and Cancel (with a reason) are drawn apart. */
const SIMPLE_MOVES = [
  { to: 'ready', label: 'Ready' },
  { to: 'out_for_delivery', label: 'Out for delivery' },
  { to: 'completed', label: 'Complete' },
] as const;

type CardProps = {
  order: OwnerOrder;
  today: string | null;
  /** A move is out (for this order or another): every move waits for it. */
  busy: boolean;
  moving: boolean;
  refusal: string | null;
  send: (event: OrderBoardEvent) => void;
};

/**
 * One order on the board: who, what, when, and only the moves its `next_statuses` offer. Each
 * button's name adds the order's number to its visible words, so a list of buttons read out of
 * context still says which order it acts on. The card itself takes the focus after a move.
 */
export function OrderCard({ order, today, busy, moving, refusal, send }: CardProps) {
  const titleId = `${cardId(order.id)}-title`;
  const refusalId = `${cardId(order.id)}-refusal`;
  const offers = (status: OwnerOrder['status']) => order.next_statuses.includes(status);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      id={cardId(order.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
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
      <Text size="sm">
        Placed {clockTime(order.placed_at, order, today)} · {whenWanted(order, today)}
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
      {order.status === 'cancelled' && order.cancel_reason ? <Text size="sm">{`Cancelled: ${order.cancel_reason}`}</Text> : null}
      <Text size="sm" fw={600}>
        Total {formatMoney(order.total, order.currency)}
      </Text>
      {refusal ? (
        <Alert id={refusalId} role="alert" color="red" variant="light" p="xs">
          {refusal}
        </Alert>
      ) : null}
      {offers('accepted') ? (
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
