import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import type { Territory } from '../../../contracts/territories';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LoadFailed } from '../../components/load-failed';
import { territoriesListMachine, type TerritoriesListMachine } from '../../machines/territories/territories-list.machine';
import { ScreenFrame, ScreenLoading as Loading } from '../../components/screen-frame';

/** Spec section 2's empty list. */
export const TERRITORIES_EMPTY = 'No territories yet';

/** Spec section 2: the slug after a slash, or a dash. */
export const territoryUrl = (territory: Pick<Territory, 'slug'>) => (territory.slug ? `/${territory.slug}` : '—');

/** The territories list (spec section 2, administrators only). */
export function TerritoriesListView({ machine = territoriesListMachine }: { machine?: TerritoriesListMachine }) {
  const [state, send] = useMachine(machine);
  const { items, error, search } = state.context;
  const addButton = (
    <Button component={Link} href="/territories/new">
      Add territory
    </Button>
  );
  const ready = state.hasTag('ready');
  const failed = state.hasTag('failed');
  // A delete waits for the list to settle: no other delete, search or load under way.
  const canDelete = state.can({ type: 'item.delete', id: 0 });

  return (
    <ScreenFrame title="Territories" actions={addButton}>
      <TextInput
        label="Search territories"
        type="search"
        value={search}
        onChange={(event) => send({ type: 'search.changed', search: event.currentTarget.value })}
        maw={360}
      />
      {error && ready ? (
        <Alert role="alert" color="red" variant="light" radius="md" withCloseButton closeButtonLabel="Dismiss" onClose={() => send({ type: 'alert.dismiss' })}>
          {error}
        </Alert>
      ) : null}
      {failed ? <LoadFailed message={error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.hasTag('loading') && items.length === 0 ? <Loading label="Loading territories" /> : null}
      {ready && items.length === 0 ? (
        <Stack align="center" gap="sm" p="xl" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 12 }}>
          <Text c="dimmed">{search.trim() ? `No territories match “${search.trim()}”` : TERRITORIES_EMPTY}</Text>
        </Stack>
      ) : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!failed && items.length > 0 ? (
        // On a phone the table scrolls sideways inside its own region, which Tab can reach and name.
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Territories table">
          <Table highlightOnHover verticalSpacing="sm" aria-label="Territories" aria-busy={state.hasTag('searching') || state.hasTag('loading') || undefined}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Territory</Table.Th>
                <Table.Th>URL</Table.Th>
                <Table.Th># Stores</Table.Th>
                <Table.Th># Zip Codes</Table.Th>
                <Table.Th>Representative</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>Delete</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((territory) => (
                <Table.Tr key={territory.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {territory.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{territoryUrl(territory)}</Table.Td>
                  <Table.Td>{territory.num_stores}</Table.Td>
                  <Table.Td>{territory.num_zip_codes}</Table.Td>
                  <Table.Td>{territory.rep_name ?? '—'}</Table.Td>
                  <Table.Td>
                    {/* The name starts with the visible word (WCAG 2.5.3), then says whose details. */}
                    <Anchor component={Link} href={`/territories/${territory.id}`} size="sm" aria-label={`Details of ${territory.name}`}>
                      Details
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ConfirmDelete what={territory.name} disabled={!canDelete} onConfirm={() => send({ type: 'item.delete', id: territory.id })} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </ScreenFrame>
  );
}
