import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../../contracts/menu';
import { ApiError } from '../../../src/services/shared/api';
import { extraOptionsMachine, type ExtraOptionsEvent, type GroupsData, type LoadGroupsCall, type SaveGroupsCall } from '../../../src/machines/menu/extra-options.machine';
import type { MenuScope } from '../../../src/services/menu/menu-types';
import { assertPathCoverage } from '../../support/path-coverage';
import { OWNER } from './category-editor.fixtures';
import { provideChecked } from '../../support/contract-double';

const PIZZA: Category = { id: 1, name: 'Pizza', description: '', restaurant_id: 3 };
const GROUPS: GroupsData = {
  groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: true }],
  selections: [{ id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null }],
  currency: 'CAD',
};
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });

describe('extra options machine: path coverage', () => {
  it('reaches every state and transition, every failure branch included', () => {
    const report = assertPathCoverage(extraOptionsMachine, {
      input: { scope: OWNER, rowLimit: 2 },
      events: [
        done('loadCategories', [PIZZA]),
        done('loadGroups', { groups: [], selections: [], currency: 'USD' }),
        done('saveGroups', undefined),
        { type: 'category.pick', categoryId: 1 },
        { type: 'selection.add', groupKey: 'tmp-1' },
        { type: 'row.remove', key: 'tmp-1' },
      ],
    });
    expect(report.states.missing).toEqual([]);
  });
});

function start(save: (call: SaveGroupsCall) => Promise<void>) {
  const saves: SaveGroupsCall[] = [];
  let reads = 0;
  const loads: LoadGroupsCall[] = [];
  const actor = createActor(provideChecked(extraOptionsMachine, {
    actors: {
      loadCategories: fromPromise<Category[], { scope: MenuScope }>(async () => [PIZZA]),
      loadGroups: fromPromise<GroupsData, LoadGroupsCall>(async ({ input }) => { reads += 1; loads.push(input); return structuredClone(GROUPS); }),
      saveGroups: fromPromise<void, SaveGroupsCall>(({ input }) => { saves.push(input); return save(input); }),
    },
  }), { input: { scope: OWNER } }).start();
  const send = (...events: ExtraOptionsEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, send, saves, loads, reads: () => reads };
}

describe('extra options machine: behaviour', () => {
  it('reads the picked category’s restaurant currency with its groups', async () => {
    const { actor, send, loads } = start(async () => undefined);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    expect(actor.getSnapshot().context.currency).toBe('USD');
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    expect(loads[0]).toEqual({ scope: OWNER, categoryId: 1, restaurantId: 3 });
    expect(actor.getSnapshot().context.currency).toBe('CAD');
  });

  it('keeps edits local until Save, then sends the removals and the rows in screen order', async () => {
    const { actor, send, saves, reads } = start(async () => undefined);
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send(
      { type: 'row.remove', key: 'selection-41' },
      { type: 'group.add' },
      { type: 'selection.add', groupKey: 'tmp-1' }, { type: 'selection.add', groupKey: 'tmp-1' },
      { type: 'row.change', key: 'tmp-2', patch: { price: 2.5 } },
    );
    const rows = actor.getSnapshot().context.rows;
    expect(rows.map((row) => [row.key, row.name])).toEqual([['group-31', 'Sauces'], ['tmp-1', 'New group'], ['tmp-2', 'New'], ['tmp-3', 'New 2']]);
    expect(saves).toEqual([]);
    send({ type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && reads() === 2);
    expect(saves[0]!.removed).toEqual([{ table: 'selection', id: 41 }]);
    expect(saves[0]!.rows.find((row) => row.key === 'tmp-2')).toMatchObject({ price: 2.5, groupKey: 'tmp-1' });
  });

  it('a failed save says "Save failed: ..." and shows what the server has', async () => {
    const { actor, send, reads } = start(async () => { throw new ApiError('Enter a price of 0 or more with at most two decimals.', { status: 400 }); });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'unpicked' }));
    send({ type: 'category.pick', categoryId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }));
    send({ type: 'group.add' }, { type: 'groups.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'editing' }) && reads() === 2);
    expect(actor.getSnapshot().context.error).toBe('Save failed: Enter a price of 0 or more with at most two decimals.');
    expect(actor.getSnapshot().context.rows.map((row) => row.key)).toEqual(['group-31', 'selection-41']);
  });
});
