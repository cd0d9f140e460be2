import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuAppWithOwnerForFile, ownerWithRestaurant, type Caller } from './menu-helpers';

/** POST /categories/{id}/extra-options/: the extra options screen's Save, all or nothing (issue 27). */
const { t, api, owner } = menuAppWithOwnerForFile('extras-save-owner@example.com');
let stranger: Caller;
let categoryId: number;
let groupId: number;
let selectionId: number;

beforeAll(async () => {
  stranger = await ownerWithRestaurant(t, 'extras-save-stranger@example.com');
});

beforeEach(async () => {
  categoryId = (await api.post('/categories/', owner, { name: 'Pizza' })).body.id;
  groupId = (await api.post('/extra-options/groups/', owner, { category_id: categoryId, name: 'Cheese' })).body.id;
  selectionId = (await api.post('/extra-options/selections/', owner, { group_id: groupId, name: 'Mozzarella', price: 1 })).body.id;
});

const save = (body: unknown, caller = owner, id = categoryId) => api.post(`/categories/${id}/extra-options/`, caller, body);

/** What the server holds for the category: groups by name, each with its selections' names and prices. */
async function stored(id = categoryId) {
  const groups = (await api.get(`/extra-options/groups/?category_id=${id}&ordering=name`, owner)).body.results as { id: number; name: string }[];
  const result: Record<string, [string, number][]> = {};
  for (const group of groups) {
    const selections = (await api.get(`/extra-options/selections/?group_id=${group.id}&ordering=name`, owner)).body.results as {
      name: string;
      price: number;
    }[];
    result[group.name] = selections.map((selection) => [selection.name, selection.price]);
  }
  return result;
}

describe("saving a category's extra options", () => {
  it('refuses a batch of more than 500 rows in all, though each list is within its own bound, and writes nothing', async () => {
    const before = await stored();
    const groups = Array.from({ length: 3 }, (_, g) => ({ name: `Big ${g}`, selections: Array.from({ length: 200 }, (_, n) => ({ name: `S${n}` })) }));
    const refused = await save({ groups });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ groups: 'One save may change at most 500 groups and selections in all.' });
    expect(await stored()).toEqual(before);
    // 2 groups of 200 and their 2 rows: 402, within the bound.
    expect((await save({ groups: groups.slice(0, 2) })).status).toBe(200);
  });

  it('writes deletes, changes and new rows together and answers the saved groups', async () => {
    const gone = (await api.post('/extra-options/selections/', owner, { group_id: groupId, name: 'Feta', price: 2 })).body.id;
    const answer = await save({
      removed_selections: [gone],
      groups: [
        {
          id: groupId,
          name: 'Cheeses',
          selections: [
            { id: selectionId, name: 'Mozzarella', price: 1.5 },
            { name: 'Cheddar', price: 0.75 },
          ],
        },
        { name: 'Sauces', allow_multiple: true, selections: [{ name: 'Pesto', price: 0.5, image_url: '' }] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.groups.map((group: { name: string; selections: { name: string }[] }) => [group.name, group.selections.map((s) => s.name)])).toEqual([
      ['Cheeses', ['Mozzarella', 'Cheddar']],
      ['Sauces', ['Pesto']],
    ]);
    expect(await stored()).toEqual({
      Cheeses: [
        ['Cheddar', 0.75],
        ['Mozzarella', 1.5],
      ],
      Sauces: [['Pesto', 0.5]],
    });
  });

  it('keeps nothing when a row part-way is refused: the price changed before it is not saved', async () => {
    const otherCategory = (await api.post('/categories/', owner, { name: 'Pasta' })).body.id;
    const otherGroup = (await api.post('/extra-options/groups/', owner, { category_id: otherCategory, name: 'Toppings' })).body.id;
    const answer = await save({
      groups: [
        { id: groupId, name: 'Cheese', selections: [{ id: selectionId, name: 'Mozzarella', price: 9 }] },
        { name: 'Sauces', selections: [{ name: 'Pesto', price: 0.5 }] },
        // Another category's group, named after the writes above: the whole batch is refused.
        { id: otherGroup, name: 'Stolen' },
      ],
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect(await stored()).toEqual({ Cheese: [['Mozzarella', 1]] });
    expect(await stored(otherCategory)).toEqual({ Toppings: [] });
  });

  it('refuses a blank name with the field named, and writes nothing', async () => {
    const answer = await save({
      groups: [
        { id: groupId, name: 'Cheese', selections: [{ id: selectionId, name: 'Mozzarella', price: 3 }] },
        { name: 'Sauces', selections: [{ name: '   ', price: 0.5 }] },
      ],
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields)).toEqual(['groups.1.selections.0.name']);
    expect(await stored()).toEqual({ Cheese: [['Mozzarella', 1]] });
  });

  it("answers 404 for another restaurant's category and changes nothing", async () => {
    const answer = await save({ groups: [{ id: groupId, name: 'Mine now' }] }, stranger);
    expect(answer.status).toBe(404);
    expect(await stored()).toEqual({ Cheese: [['Mozzarella', 1]] });
  });
});
