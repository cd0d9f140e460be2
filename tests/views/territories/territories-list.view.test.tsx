import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { Territory } from '#contracts/territories';
import { territoriesListMachine } from '#src/machines/territories/territories-list.machine';
import type { ListPage } from '#src/services/shared/api';
import { TERRITORIES_EMPTY, TerritoriesListView } from '#src/views/territories/territories-list.view';
import { provideChecked } from '../../support/contract-double';
import { territoryOf } from '../../machines/territories/fixtures';
import { renderScreen } from './territories-view-harness';

/** The list over an in-memory table; every call checked against the server's contracts. */
function memoryTerritories(rows: Territory[], fail: { load?: Error; remove?: Error } = {}) {
  const table = [...rows];
  const calls = { searches: [] as string[], deletes: [] as number[] };
  const machine = provideChecked(territoriesListMachine, {
    actors: {
      loadTerritories: fromPromise<ListPage<Territory>, { search: string }>(async ({ input }) => {
        calls.searches.push(input.search);
        if (fail.load) throw fail.load;
        const items = table.filter((row) => row.name.toLowerCase().includes(input.search.trim().toLowerCase()));
        return { items, count: items.length, next: null, previous: null };
      }),
      deleteTerritory: fromPromise<void, { id: number }>(async ({ input }) => {
        calls.deletes.push(input.id);
        if (fail.remove) throw fail.remove;
        table.splice(
          table.findIndex((row) => row.id === input.id),
          1,
        );
      }),
    },
  });
  return { machine, calls };
}

const ROWS = [territoryOf(), territoryOf({ id: 8, name: 'Sumqayit', slug: null, rep_name: null, num_stores: 0, num_zip_codes: 0, zips: [] })];

describe('territories list', () => {
  it("shows each territory with its address, counts, representative, details and delete, in the spec's columns", async () => {
    const { machine } = memoryTerritories(ROWS);
    renderScreen(<TerritoriesListView machine={machine} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Territories' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Territories · Back office · Tablefront'));
    const table = await screen.findByRole('table', { name: 'Territories' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Territory', 'URL', '# Stores', '# Zip Codes', 'Representative', 'Details', 'Delete']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['Baku North', '/baku-north', '3', '2', 'Aysel Mammadova']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['Sumqayit', '—', '0', '0', '—']);
    expect(within(rows[1]!).getByRole('link', { name: 'Details of Baku North' })).toHaveAttribute('href', '/territories/7');
    expect(screen.getByRole('region', { name: 'Territories table' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: 'Add territory' })).toHaveAttribute('href', '/territories/new');
  });

  it('says "No territories yet" when there are none', async () => {
    const { machine } = memoryTerritories([]);
    renderScreen(<TerritoriesListView machine={machine} />);
    expect(await screen.findByText(TERRITORIES_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('deletes a territory only once the question is confirmed', async () => {
    const { machine, calls } = memoryTerritories(ROWS);
    const { user } = renderScreen(<TerritoriesListView machine={machine} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Baku North' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Baku North?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Baku North' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Baku North?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Baku North')).toBeNull());
    expect(calls.deletes).toEqual([7]);
    expect(screen.getByText('Sumqayit')).toBeInTheDocument();
  });

  it('keeps the row and says why when the delete fails', async () => {
    const { machine } = memoryTerritories(ROWS, { remove: new Error('HTTP 500') });
    const { user } = renderScreen(<TerritoriesListView machine={machine} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Baku North' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to delete: /);
    expect(screen.getByText('Baku North')).toBeInTheDocument();
  });

  it('searches by what is typed, once typing pauses', async () => {
    const { machine, calls } = memoryTerritories(ROWS);
    const { user } = renderScreen(<TerritoriesListView machine={machine} />);
    await screen.findByText('Sumqayit');
    await user.type(screen.getByRole('searchbox', { name: 'Search territories' }), 'sum');
    await waitFor(() => expect(screen.queryByText('Baku North')).toBeNull());
    expect(calls.searches).toEqual(['', 'sum']);
  });

  it('shows why the list could not be loaded, and loads it again on Retry', async () => {
    const { machine, calls } = memoryTerritories(ROWS, { load: new Error('HTTP 503') });
    const { user } = renderScreen(<TerritoriesListView machine={machine} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this page");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.searches).toHaveLength(2));
  });
});
