import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { clockOf, formatDayTimeWithYear } from '../../../contracts/shared/clock-format';
import type { CustomersPage } from '../../../contracts/shared/order-figures';
import { NAME_MAX } from '../../../contracts/shared/text';
import { useNarrowerThan } from '../../components/narrow-screen';
import { RecordCards } from '../../components/record-cards';
import { saveFile } from '../../components/save-file';
import { Spinner } from '../../components/spinner';
import { CUSTOMERS_PAGE_SIZE, customersMachine, type CustomersMachine } from '../../machines/insights/customers.machine';
import { formatMoney } from '../shared/money-format';
import { formatCount } from './insight-parts';
import { useRestaurantChanged } from '../shared/restaurant-changed';

export const CUSTOMERS_CSV_NAME = 'customers.csv';

/** "3 customers", "No customer matches “ada”.": what the list holds, said in its live region. */
function summary(count: number, search: string): string {
  if (count === 0) return search ? `No customer matches “${search}”.` : 'No customers yet: they appear here with their first order.';
  return `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}${search ? ` matching “${search}”` : ''}.`;
}

/**
 * The restaurant's customers, counted from its orders (issue 30): searchable by name or email, a
 * page at a time, and downloadable as CSV (every customer matching the search, from the server).
 */
export function CustomerList({ restaurantId, machine = customersMachine }: { restaurantId: number | null; machine?: CustomersMachine }) {
  const withSaving = useMemo(
    () => machine.provide({ actions: { saveDownload: (_, params: { file: Parameters<typeof saveFile>[0] }) => saveFile(params.file, CUSTOMERS_CSV_NAME) } }),
    [machine],
  );
  const [state, send] = useMachine(withSaving, { input: { restaurantId } });
  useRestaurantChanged(send, restaurantId);
  const { result, search, page, loadError, downloadError } = state.context;
  const pages = Math.max(1, Math.ceil((result?.count ?? 0) / CUSTOMERS_PAGE_SIZE));
  const ready = state.hasTag('ready');
  // On a phone each customer is a card: the table's five columns would scroll sideways.
  const phone = useNarrowerThan('xs');
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'customers.search', search: String(new FormData(event.currentTarget).get('search') ?? '') });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="customer-list-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="customer-list-title">
          Customer list
        </Title>
        <Text size="sm" c="dimmed">
          Everyone who ordered from your store, by email, the latest to order first. Cancelled orders are not counted.
        </Text>
        <form onSubmit={onSearch} role="search" aria-label="Customers">
          <Group gap="sm" align="end" wrap="wrap">
            <TextInput name="search" label="Search customers" description="By name or email" maxLength={NAME_MAX} defaultValue={search} />
            <Button type="submit" variant="default" disabled={!ready}>
              Search
            </Button>
            <Button variant="default" loading={state.hasTag('downloading')} onClick={() => send({ type: 'csv.download' })}>
              Download CSV
            </Button>
          </Group>
        </form>
        {downloadError ? (
          <Alert role="alert" color="red" variant="light">
            {downloadError}
          </Alert>
        ) : null}
        {state.hasTag('loading') ? <Spinner label="Loading customers" /> : null}
        {state.hasTag('loadFailed') ? (
          <Alert role="alert" color="red" variant="light" title="Couldn't load customers">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{loadError}</Text>
              <Button size="xs" variant="default" onClick={() => send({ type: 'customers.retry' })}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Text role="status" size="sm">
          {ready && result ? summary(result.count, search) : ''}
        </Text>
        {/* Kept while another page loads, so the focus stays on the button that asked for it. */}
        {result && result.results.length > 0 ? (
          <>
            {phone ? <CustomerCards customers={result.results} /> : <CustomerTable customers={result.results} />}
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Text size="sm">
                Page {page} / {pages}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" disabled={page <= 1} onClick={() => send({ type: 'customers.page', page: page - 1 })}>
                  Previous page
                </Button>
                <Button size="xs" variant="default" disabled={page >= pages} onClick={() => send({ type: 'customers.page', page: page + 1 })}>
                  Next page
                </Button>
              </Group>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

type Customer = CustomersPage['results'][number];

function CustomerTable({ customers }: { customers: readonly Customer[] }) {
  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Customers table">
      <Table striped aria-labelledby="customer-list-title">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Orders</Table.Th>
            <Table.Th scope="col">Total spent</Table.Th>
            <Table.Th scope="col">Last order ({customers[0]!.time_zone})</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.email}>
              <Table.Th scope="row">{customer.name}</Table.Th>
              <Table.Td>{customer.email}</Table.Td>
              <Table.Td>{formatCount(customer.orders)}</Table.Td>
              <Table.Td>{formatMoney(customer.total_spent, customer.currency)}</Table.Td>
              <Table.Td>{formatDayTimeWithYear(customer.last_order_at, clockOf(customer))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CustomerCards({ customers }: { customers: readonly Customer[] }) {
  return (
    <RecordCards
      label="Customers"
      cards={customers.map((customer) => ({
        key: customer.email,
        title: customer.name,
        fields: [
          ['Email', customer.email],
          ['Orders', formatCount(customer.orders)],
          ['Total spent', formatMoney(customer.total_spent, customer.currency)],
          ['Last order', `${formatDayTimeWithYear(customer.last_order_at, clockOf(customer))} (${customer.time_zone})`],
        ],
        actions: null,
      }))}
    />
  );
}
