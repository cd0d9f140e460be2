import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { REFUND_REASON_MAX, refundableCents } from '../../../contracts/ordering/refunds';
import { fromCents } from '../../../contracts/shared/cents';
import type { OrderRefundMachine, RefundField, RefundWay } from '../../machines/ordering/order-refund.machine';
import { FieldsToFix, focusFirstInError, labelsInError } from '../../components/form-errors';
import { formatMoney } from '../shared/money-format';
import { useScreen } from '../shared/use-screen';
import { lineTitle } from './order-text';

const FIELD_LABELS: readonly (readonly [RefundField, string])[] = [
  ['amount', 'Amount'],
  ['line_positions', 'Lines'],
  ['reason', 'Reason'],
];

type RefundActor = ActorRefFrom<OrderRefundMachine>;

/**
 * Refunding the open order (issue 44): an amount or chosen lines, and why. The machine holds the
 * form and checks it with the server's contract; a refusal moves the focus to the first field in
 * error and the summary says which. Open while the history runs the dialog's machine; the modal
 * stays mounted so that closing gives the focus back to the Refund button (Mantine's returnFocus).
 */
export function OrderRefundDialog({ actor }: { actor: RefundActor | undefined }) {
  return (
    <Modal
      opened={actor !== undefined}
      onClose={() => actor?.send({ type: 'refund.cancel' })}
      title={actor ? `Refund order #${actor.getSnapshot().context.order.number}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      {actor ? <RefundForm actor={actor} /> : null}
    </Modal>
  );
}

function RefundForm({ actor }: { actor: RefundActor }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const formRef = useRef<HTMLFormElement>(null);
  useScreen(actor, {
    'form.refused': () =>
      setTimeout(() => {
        if (formRef.current) focusFirstInError(formRef.current);
      }),
  });
  const { order, way, amount, lines, reason, errors, failure } = state.context;
  const saving = state.hasTag('saving');
  const money = (value: number) => formatMoney(value, order.currency);
  const left = fromCents(refundableCents(order.payment));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'refund.submit' });
  };
  const summary = labelsInError(errors, FIELD_LABELS);
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{`${money(left)} of ${money(order.payment.paid)} paid by card can still be refunded. The customer is told by mail.`}</Text>
        {failure || summary.length > 0 ? (
          <Text c="red.8" role="alert">
            {failure ?? <FieldsToFix labels={summary} />}
          </Text>
        ) : null}
        <Radio.Group label="Refund" value={way} onChange={(value) => actor.send({ type: 'refund.way', way: value as RefundWay })}>
          <Group gap="md" mt={4}>
            <Radio value="amount" label="An amount" />
            <Radio value="lines" label="Chosen lines" />
          </Group>
        </Radio.Group>
        {way === 'amount' ? (
          <TextInput
            data-autofocus
            label="Amount"
            inputMode="decimal"
            required
            value={amount}
            error={errors.amount}
            onChange={(event) => actor.send({ type: 'refund.amount', amount: event.currentTarget.value })}
          />
        ) : (
          <Checkbox.Group
            label="Lines"
            required
            value={lines.map(String)}
            error={errors.line_positions}
            onChange={(values) => actor.send({ type: 'refund.lines', positions: values.map(Number) })}
          >
            <Stack gap={4} mt={4}>
              {order.lines.map((line, position) => (
                <Checkbox key={position} value={String(position)} label={`${lineTitle(line)}: ${money(line.line_total)}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Textarea
          label="Reason"
          description="The customer reads it in their mail."
          required
          maxLength={REFUND_REASON_MAX}
          rows={2}
          value={reason}
          error={errors.reason}
          onChange={(event) => actor.send({ type: 'refund.reason', reason: event.currentTarget.value })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={saving} onClick={() => actor.send({ type: 'refund.cancel' })}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
