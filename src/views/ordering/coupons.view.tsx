import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import type { Coupon } from '../../../contracts/ordering/coupons';
import { DEFAULT_CURRENCY, type Currency } from '../../../contracts/shared/restaurants';
import { ConfirmDelete } from '../../components/confirm-delete';
import { focusFirstInError } from '../../components/form-errors';
import { LoadFailed } from '../../components/load-failed';
import { useNarrowerThan } from '../../components/narrow-screen';
import { RecordCards } from '../../components/record-cards';
import { ScreenFrame, ScreenLoading } from '../../components/screen-frame';
import { couponsMachine, pageCount, type CouponsMachine } from '../../machines/ordering/coupons.machine';
import { isAdmin, useSession } from '../shared/session-context';
import { useScreen } from '../shared/use-screen';
import { CouponDialog } from './coupon-dialog';
import { COUPON_COLUMNS } from './coupon-text';

export const COUPONS_TITLE = 'Coupons';
export const COUPONS_EMPTY = 'No coupons yet. Create one to run a promotion.';
const LIST_HEADING_ID = 'coupons-list-title';

/**
 * The Coupons screen (`/backoffice/coupons`, `/admin/coupons` for the restaurant chosen in the
 * header; issue 43). Keyed by the restaurant, so a new choice starts afresh.
 */
export function CouponsView({ machine = couponsMachine }: { machine?: CouponsMachine }) {
  const { user } = useSession();
  return <Coupons key={user.active_restaurant_id ?? 'none'} machine={machine} restaurantId={user.active_restaurant_id} admin={isAdmin(user)} />;
}

function Coupons({ machine, restaurantId, admin }: { machine: CouponsMachine; restaurantId: number | null; admin: boolean }) {
  const [state, send, actor] = useMachine(machine, { input: { restaurantId } });
  const { context } = state;
  const formRef = useRef<HTMLFormElement>(null);
  const [said, setSaid] = useState('');
  useScreen(actor, {
    // The event comes with the transition, before React has drawn the sentences: focus after it.
    'form.refused': () =>
      setTimeout(() => {
        if (formRef.current) focusFirstInError(formRef.current);
      }),
    'coupon.saved': ({ code, created }) => setSaid(`Coupon ${code} ${created ? 'created' : 'saved'}.`),
    // The row and its Delete are gone: the list's heading takes the focus.
    'coupon.deleted': ({ code }) => {
      setSaid(`Coupon ${code} deleted.`);
      document.getElementById(LIST_HEADING_ID)?.focus();
    },
  });

  const ready = state.hasTag('ready');
  const create = (
    <Button onClick={() => send({ type: 'coupon.new' })} disabled={!ready}>
      Create coupon
    </Button>
  );
  if (state.hasTag('noRestaurant')) {
    return (
      <ScreenFrame title={COUPONS_TITLE}>
        <Text>
          {admin
            ? 'Choose a restaurant in “Restaurant you work on” to see its coupons.'
            : 'Your restaurant is not set up yet: coupons come once it is launched.'}
        </Text>
      </ScreenFrame>
    );
  }
  const result = context.result;
  const currency = context.currency ?? DEFAULT_CURRENCY;
  const pages = pageCount(result?.count ?? 0);
  return (
    <ScreenFrame title={COUPONS_TITLE} actions={create}>
      <Text c="dimmed">Codes customers type at checkout for a discount. Each row says how often it was used and what it gave away.</Text>
      <Text role="status" size="sm" c="teal.9" fw={600}>
        {said}
      </Text>
      {context.listError ? (
        <Alert role="alert" color="red" variant="light" title="The coupon was not deleted">
          {context.listError}
        </Alert>
      ) : null}
      {state.hasTag('failed') ? <LoadFailed message={context.loadError} onRetry={() => send({ type: 'list.retry' })} /> : null}
      {result === null && state.hasTag('loading') ? <ScreenLoading label="Loading coupons" /> : null}
      {result === null ? null : (
        <Stack gap="sm" aria-busy={!ready}>
          <Text component="h2" fw={700} size="lg" id={LIST_HEADING_ID} tabIndex={-1}>
            {`${result.count} ${result.count === 1 ? 'coupon' : 'coupons'}`}
          </Text>
          {result.coupons.length === 0 ? (
            <Text>{COUPONS_EMPTY}</Text>
          ) : (
            <CouponList
              coupons={result.coupons}
              currency={currency}
              busy={!ready}
              onEdit={(id) => send({ type: 'coupon.edit', id })}
              onDelete={(id) => send({ type: 'coupon.delete', id })}
            />
          )}
          {pages > 1 ? (
            <Group justify="space-between" gap="sm">
              <Text>{`Page ${context.page} of ${pages}`}</Text>
              <Group gap="xs">
                <Button variant="default" disabled={context.page <= 1 || !ready} onClick={() => send({ type: 'page.previous' })}>
                  Previous
                </Button>
                <Button variant="default" disabled={context.page >= pages || !ready} onClick={() => send({ type: 'page.next' })}>
                  Next
                </Button>
              </Group>
            </Group>
          ) : null}
        </Stack>
      )}
      <CouponDialog
        opened={state.hasTag('editing')}
        editingCode={result?.coupons.find((coupon) => coupon.id === context.editingId)?.code ?? null}
        saving={state.hasTag('saving')}
        form={context.form}
        errors={context.fieldErrors}
        formError={context.formError}
        currency={currency}
        formRef={formRef}
        onChange={(field, value) => send({ type: 'field.change', field, value })}
        onSubmit={() => send({ type: 'form.submit' })}
        onClose={() => send({ type: 'form.close' })}
      />
    </ScreenFrame>
  );
}

type ListProps = { coupons: Coupon[]; currency: Currency; busy: boolean; onEdit: (id: number) => void; onDelete: (id: number) => void };

/** A table where it fits, one card per coupon on phones: the same columns either way. */
function CouponList({ coupons, currency, busy, onEdit, onDelete }: ListProps) {
  const phone = useNarrowerThan('md');
  const actions = (coupon: Coupon) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" disabled={busy} aria-label={`Edit ${coupon.code}`} onClick={() => onEdit(coupon.id)} aria-haspopup="dialog">
        Edit
      </Button>
      <ConfirmDelete what={`coupon ${coupon.code}`} label={`Delete ${coupon.code}`} disabled={busy} onConfirm={() => onDelete(coupon.id)} />
    </Group>
  );
  if (phone) {
    return (
      <RecordCards
        label="Coupons"
        cards={coupons.map((coupon) => ({
          key: coupon.id,
          title: coupon.code,
          fields: COUPON_COLUMNS.map(([label, value]) => [label, value(coupon, currency)] as const),
          actions: actions(coupon),
        }))}
      />
    );
  }
  return (
    <Table verticalSpacing="xs" aria-label="Coupons">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Code</Table.Th>
          {COUPON_COLUMNS.map(([label]) => (
            <Table.Th key={label} scope="col">
              {label}
            </Table.Th>
          ))}
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {coupons.map((coupon) => (
          <Table.Tr key={coupon.id}>
            <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
              {coupon.code}
            </Table.Th>
            {COUPON_COLUMNS.map(([label, value]) => (
              <Table.Td key={label}>{value(coupon, currency)}</Table.Td>
            ))}
            <Table.Td>{actions(coupon)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
