import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Territory } from '#contracts/territories';
import { territoriesListMachine } from '#src/machines/territories/territories-list.machine';
import type { ListPage } from '#src/services/shared/api';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';
import { territoryOf } from './fixtures';

const pageOf = (items: Territory[]): ListPage<Territory> => ({ items, count: items.length, next: null, previous: null });

describe('territories list machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(territoriesListMachine, {
      events: [
        { type: 'xstate.done.actor.loadTerritories', output: pageOf([territoryOf()]) },
        { type: 'xstate.error.actor.loadTerritories', error: new Error('HTTP 503') },
        { type: 'xstate.done.actor.deleteTerritory', output: undefined },
        { type: 'xstate.error.actor.deleteTerritory', error: new Error('HTTP 500') },
        { type: 'search.changed', search: 'baku' },
        { type: 'item.delete', id: 7 },
        { type: 'list.reload' },
        { type: 'alert.dismiss' },
      ],
    });
  });

  it('deletes the confirmed territory and shows the list as the server has it then', async () => {
    let rows = [territoryOf(), territoryOf({ id: 8, name: 'Sumqayit' })];
    const deleted: number[] = [];
    const searched: string[] = [];
    const machine = provideChecked(territoriesListMachine, {
      actors: {
        loadTerritories: fromPromise<ListPage<Territory>, { search: string }>(async ({ input }) => {
          searched.push(input.search);
          return pageOf(rows);
        }),
        deleteTerritory: fromPromise<void, { id: number }>(async ({ input }) => {
          deleted.push(input.id);
          rows = rows.filter((row) => row.id !== input.id);
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'item.delete', id: 7 });
    await waitFor(actor, (snapshot) => snapshot.matches({ loaded: 'idle' }) && snapshot.context.items.length === 1);
    expect(deleted).toEqual([7]);
    expect(actor.getSnapshot().context.items.map((row) => row.name)).toEqual(['Sumqayit']);
    actor.send({ type: 'search.changed', search: 'S' });
    actor.send({ type: 'search.changed', search: 'Sum' });
    await waitFor(actor, (snapshot) => searched.length === 3 && snapshot.matches('loaded'), { timeout: 2000 });
    expect(searched).toEqual(['', '', 'Sum']);
  });

  it('tells the view what it shows through its tags, and offers a delete only while the list is settled', async () => {
    let fail = true;
    let finishDelete: () => void = () => undefined;
    const machine = provideChecked(territoriesListMachine, {
      actors: {
        loadTerritories: fromPromise<ListPage<Territory>, { search: string }>(async () => {
          if (fail) throw new Error('HTTP 503');
          return pageOf([territoryOf()]);
        }),
        deleteTerritory: fromPromise<void, { id: number }>(
          () =>
            new Promise((resolve) => {
              finishDelete = resolve;
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    const tags = () => [...actor.getSnapshot().tags].sort();
    const canDelete = () => actor.getSnapshot().can({ type: 'item.delete', id: 7 });
    expect([tags(), canDelete()]).toEqual([['loading'], false]);
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect([tags(), canDelete()]).toEqual([['failed'], false]);
    fail = false;
    actor.send({ type: 'list.reload' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect([tags(), canDelete()]).toEqual([['ready'], true]);
    actor.send({ type: 'item.delete', id: 7 });
    expect([tags(), canDelete()]).toEqual([['deleting', 'ready'], false]);
    finishDelete();
    await waitFor(actor, (snapshot) => snapshot.hasTag('loading'));
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    actor.send({ type: 'search.changed', search: 'Baku' });
    expect([tags(), canDelete()]).toEqual([['searching'], false]);
  });

  it('keeps the rows and says why when a delete fails', async () => {
    const machine = provideChecked(territoriesListMachine, {
      actors: {
        loadTerritories: fromPromise<ListPage<Territory>, { search: string }>(async () => pageOf([territoryOf()])),
        deleteTerritory: fromPromise<void, { id: number }>(() => Promise.reject(new Error('HTTP 500'))),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    actor.send({ type: 'item.delete', id: 7 });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toMatch(/^Failed to delete: /);
    expect(actor.getSnapshot().context.items).toHaveLength(1);
  });
});
