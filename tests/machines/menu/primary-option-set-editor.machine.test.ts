import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { PrimaryOptionSetUpdate, type PrimaryOptionSet } from '#contracts/menu';
import { parseWith } from '#contracts/shared/validation';
import { ApiError } from '#src/services/shared/api';
import {
  cleanSelections,
  primaryOptionSetEditorMachine,
  type OptionSetEditorEvent,
  type SaveSetCall,
} from '#src/machines/menu/primary-option-set-editor.machine';
import { assertWalksCover } from '../../support/path-coverage';
import { OWNER } from './category-editor.fixtures';
import { provideChecked, requestsOf } from '../../support/contract-double';

const CRUST: PrimaryOptionSet = {
  id: 5,
  name: 'Crust',
  restaurant_id: 3,
  prevent_restaurant_changes: false,
  allow_images: true,
  selections: [
    { id: 52, name: 'Thick', image_url: null, position: 1 },
    { id: 51, name: 'Thin', image_url: '/uploads/thin.jpg', position: 0 },
  ],
};
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });

describe('primary option set editor machine: path coverage', () => {
  it('reaches every state and transition (new and edit, every failure)', () => {
    const events = [
      done('loadSet', CRUST),
      done('saveSet', CRUST),
      { type: 'name.change', value: 'Crust' },
      { type: 'selection.change', key: 'new-1', name: 'Thin' },
    ];
    assertWalksCover(
      primaryOptionSetEditorMachine,
      [null, 5].map((setId) => ({ input: { setId, scope: OWNER, maxSelections: 1 }, events })),
    );
  });
});

function start(setId: number | null, save: (call: SaveSetCall) => Promise<PrimaryOptionSet>, load: () => Promise<PrimaryOptionSet> = async () => CRUST) {
  const saved: SaveSetCall[] = [];
  const actor = createActor(
    provideChecked(primaryOptionSetEditorMachine, {
      actors: {
        loadSet: fromPromise<PrimaryOptionSet, { id: number }>(() => load()),
        saveSet: fromPromise<PrimaryOptionSet, SaveSetCall>(({ input }) => {
          saved.push(input);
          return save(input);
        }),
      },
    }),
    { input: { setId, scope: OWNER } },
  ).start();
  const send = (...events: OptionSetEditorEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, send, saved };
}

describe('primary option set editor machine: behaviour', () => {
  it('trims selections, drops blanks and later duplicates (spec section 5)', () => {
    const rows = ['  Thin ', '', 'thin', 'Thick', '  '].map((name, index) => ({ key: `new-${index}`, id: null, name, image_url: null }));
    expect(cleanSelections(rows).map((row) => row.name)).toEqual(['Thin', 'Thick']);
  });

  it('refuses a set with no name or no selection with the specified sentence', () => {
    const { actor, send, saved } = start(null, async () => CRUST);
    send({ type: 'name.change', value: 'Crust' }, { type: 'selection.add' }, { type: 'set.save' });
    expect(actor.getSnapshot().context.error).toBe('Please enter a set name and at least one unique selection.');
    send({ type: 'name.change', value: '  ' }, { type: 'selection.change', key: 'new-1', name: 'Thin' }, { type: 'set.save' });
    expect(actor.getSnapshot().context.error).toBe('Please enter a set name and at least one unique selection.');
    expect(saved).toEqual([]);
  });

  it('creates a new set with its selections in order, and tells the screen it is saved', async () => {
    const { actor, send, saved } = start(null, async () => CRUST);
    const savedSignal = vi.fn();
    actor.on('set.saved', savedSignal);
    send(
      { type: 'name.change', value: ' Crust ' },
      { type: 'flag.change', flag: 'preventChanges', value: true },
      { type: 'selection.add' },
      { type: 'selection.change', key: 'new-1', name: 'Thin' },
      { type: 'selection.add' },
      { type: 'selection.change', key: 'new-2', name: 'Thick' },
      { type: 'selection.move', key: 'new-2', by: -1 },
      { type: 'selection.image', key: 'new-1', url: '/uploads/t.jpg' },
      { type: 'set.save' },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(savedSignal).toHaveBeenCalledTimes(1);
    expect(saved[0]).toEqual({
      id: null,
      scope: OWNER,
      body: {
        name: 'Crust',
        prevent_restaurant_changes: true,
        allow_images: false,
        selections: [
          { name: 'Thick', image_url: '' },
          { name: 'Thin', image_url: '/uploads/t.jpg' },
        ],
      },
    });
  });

  it('saves a saved set left with no selection (only a new set needs one), in a body the server accepts', async () => {
    const { actor, send, saved } = start(5, async () => ({ ...CRUST, selections: [] }));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    send({ type: 'selection.remove', key: 'sel-51' }, { type: 'selection.remove', key: 'sel-52' }, { type: 'set.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(saved[0]!.body).toEqual({ name: 'Crust', prevent_restaurant_changes: false, allow_images: true, selections: [] });
    expect(() => parseWith(PrimaryOptionSetUpdate, saved[0]!.body)).not.toThrow();
    // A blank name is still refused.
    const blank = start(5, async () => CRUST);
    await waitFor(blank.actor, (snapshot) => snapshot.matches('editing'));
    blank.send({ type: 'name.change', value: ' ' }, { type: 'set.save' });
    expect(blank.actor.getSnapshot().context.error).toBe('Please enter a set name and at least one unique selection.');
  });

  it('edits a set: keeps ids, applies the order, and says "Save failed: ..." on a failure', async () => {
    const { actor, send, saved } = start(5, async () => {
      throw new ApiError('Library sets cannot be changed.', { status: 403 });
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.selections.map((row) => row.name)).toEqual(['Thin', 'Thick']);
    send(
      { type: 'selection.move', key: 'sel-51', by: 1 },
      { type: 'selection.remove', key: 'sel-52' },
      { type: 'selection.add' },
      { type: 'selection.change', key: 'new-1', name: 'Pan' },
      { type: 'set.save' },
    );
    const savedSignal = vi.fn();
    actor.on('set.saved', savedSignal);
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== null);
    // A failed save leaves the editor open: the screen is not told it was saved.
    expect(savedSignal).not.toHaveBeenCalled();
    expect(saved[0]!.body.selections).toEqual([
      { id: 51, name: 'Thin', image_url: '/uploads/thin.jpg' },
      { name: 'Pan', image_url: '' },
    ]);
    expect(actor.getSnapshot().context.error).toBe('Save failed: Library sets cannot be changed.');
  });
});

describe('primary option set editor machine: editing the form', () => {
  const keysAndNames = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.selections.map((row) => `${row.key}:${row.name}`);

  it('says why a set could not be read, and reads it again on Retry', async () => {
    let fails = true;
    const { actor } = start(
      5,
      async () => CRUST,
      async () => {
        if (fails) throw new ApiError('Option set not found.', { status: 404 });
        return CRUST;
      },
    );
    // The screen shows "Loading option set" while the set is read, and the failure once it is refused.
    expect([...actor.getSnapshot().tags]).toEqual(['loading']);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect([...actor.getSnapshot().tags]).toEqual(['failed']);
    expect(actor.getSnapshot().context.error).toBe('Option set not found.');
    fails = false;
    actor.send({ type: 'set.reload' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect([...actor.getSnapshot().tags]).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Crust', preventChanges: false, allowImages: true });
  });

  it('gives an added row the smallest free key, and stops adding at the most a set may hold', () => {
    const machine = provideChecked(primaryOptionSetEditorMachine, { actors: {} });
    const actor = createActor(machine, { input: { setId: null, scope: OWNER, maxSelections: 3 } }).start();
    const send = (...events: OptionSetEditorEvent[]) => events.forEach((event) => actor.send(event));
    send({ type: 'selection.add' }, { type: 'selection.add' }, { type: 'selection.remove', key: 'new-1' }, { type: 'selection.add' });
    expect(keysAndNames(actor)).toEqual(['new-2:', 'new-1:']);
    send({ type: 'selection.add' }, { type: 'selection.add' });
    expect(keysAndNames(actor)).toEqual(['new-2:', 'new-1:', 'new-3:']);
  });

  it('moves a row one place, and leaves the order alone at either end or for a row that is gone', async () => {
    const { actor, send } = start(5, async () => CRUST);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    send({ type: 'selection.move', key: 'sel-51', by: -1 }, { type: 'selection.move', key: 'sel-52', by: 1 }, { type: 'selection.move', key: 'sel-9', by: 1 });
    expect(keysAndNames(actor)).toEqual(['sel-51:Thin', 'sel-52:Thick']);
    send({ type: 'selection.move', key: 'sel-52', by: -1 });
    expect(keysAndNames(actor)).toEqual(['sel-52:Thick', 'sel-51:Thin']);
  });

  it('changes only the row named, and a fix to the name or a selection clears the refusal', async () => {
    const { actor, send } = start(null, async () => CRUST);
    send({ type: 'selection.add' }, { type: 'selection.add' }, { type: 'set.save' });
    expect(actor.getSnapshot().context.error).not.toBeNull();
    send({ type: 'selection.change', key: 'new-2', name: 'Pan' }, { type: 'selection.image', key: 'new-2', url: '/uploads/pan.jpg' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.selections).toEqual([
      { key: 'new-1', id: null, name: '', image_url: null },
      { key: 'new-2', id: null, name: 'Pan', image_url: '/uploads/pan.jpg' },
    ]);
    send({ type: 'set.save' });
    expect(actor.getSnapshot().context.error).not.toBeNull();
    send({ type: 'name.change', value: 'Crust' }, { type: 'flag.change', flag: 'allowImages', value: true });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, name: 'Crust', allowImages: true, preventChanges: false });
  });

  it('clears an earlier failure when the save is sent again', async () => {
    let fails = true;
    const { actor, send } = start(5, async () => {
      if (fails) throw new ApiError('Try again.', { status: 503 });
      return CRUST;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    send({ type: 'set.save' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    fails = false;
    send({ type: 'set.save' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect([...actor.getSnapshot().tags]).toEqual(['saving']);
    await waitFor(actor, (snapshot) => snapshot.matches('saved'));
  });

  it('reads a set at its address, creates a new one with POST and changes a saved one with PATCH (the real calls)', async () => {
    const sent = async (actor: 'loadSet' | 'saveSet', input: unknown) =>
      (await requestsOf(primaryOptionSetEditorMachine, actor, input)).map((request) => `${request.method} ${request.path}`);
    const body = { name: 'Crust', prevent_restaurant_changes: false, allow_images: false, selections: [{ name: 'Thin', image_url: '' }] };
    expect(await sent('loadSet', { id: 5 })).toEqual(['GET /api/v2/primary-options/5/']);
    expect(await sent('saveSet', { id: null, body, scope: OWNER })).toEqual(['POST /api/v2/primary-options/']);
    expect(await sent('saveSet', { id: 5, body, scope: OWNER })).toEqual(['PATCH /api/v2/primary-options/5/']);
  });
});
