import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_OPTIONS_BATCH_MAX } from '#contracts/menu';
import { statementChunks } from '#server/db/multi-row';
import { createTestApp, freshDatabase, type TestApp } from '../test-app';
import { menuClient, menuRowCounts, ownerWithRestaurant, type Caller, type MenuClient } from './menu-helpers';

/**
 * Issue 28: 100 groups of 200 selections (allowed before) wrote one statement per row and held
 * the database for a minute and more. The deep create is now bounded in rows, refused on the list
 * a person shortens, and written with a handful of multi-row inserts whatever it holds.
 */
let t: TestApp;
let api: MenuClient;
let owner: Caller;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
/** Every statement Drizzle sends on the test's database, in order. */
const statements: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase({ queryLogger: { logQuery: (text) => statements.push(text) } });
  t = await createTestApp({ database: fresh.database, config: { rateLimitPerMinute: 100_000 } });
  api = menuClient(t);
  owner = await ownerWithRestaurant(t, 'deep-bounds-owner@example.com');
});
afterAll(async () => {
  await t.close();
  await fresh.dispose();
});

/** `groups` groups of `selections` selections each, named so that their order shows. */
const extraGroups = (groups: number, selections: number) =>
  Array.from({ length: groups }, (_, g) => ({
    name: `Group ${g}`,
    allow_multiple: g % 2 === 0,
    selections: Array.from({ length: selections }, (_, s) => ({ name: s % 10 === 9 ? 'Same' : `Choice ${g}.${s}`, price: s / 100 })),
  }));

describe('POST /categories/deep/ bounded in rows', () => {
  it('refuses more than 500 groups and selections in all, on extra_groups, and writes nothing', async () => {
    const before = await menuRowCounts(t);
    // 3 groups of 200: each list within its own bound (100 groups, 200 selections), 603 rows in all.
    for (const groups of [extraGroups(3, 200), extraGroups(100, 200)]) {
      const refused = await api.post('/categories/deep/', owner, { name: 'Too big', extra_groups: groups });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        detail: expect.any(String),
        code: 'invalid',
        fields: { extra_groups: `One new category may have at most ${EXTRA_OPTIONS_BATCH_MAX} groups and selections in all.` },
      });
    }
    expect(await menuRowCounts(t)).toEqual(before);
  });

  it('tells the bound before checking each row: an over-bound body is refused for its size alone', async () => {
    const groups = extraGroups(100, 200);
    // A refused price deep inside: were every row checked, it would be named too.
    (groups[99]?.selections[199] as { price: number }).price = -1;
    const refused = await api.post('/categories/deep/', owner, { name: 'Too big', extra_groups: groups });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ extra_groups: `One new category may have at most ${EXTRA_OPTIONS_BATCH_MAX} groups and selections in all.` });
    // Within the bound, the same refused price is named.
    const small = extraGroups(1, 3);
    (small[0]?.selections[2] as { price: number }).price = -1;
    const named = await api.post('/categories/deep/', owner, { name: 'Small', extra_groups: small });
    expect(named.body.fields).toEqual({ 'extra_groups.0.selections.2.price': expect.any(String) });
  });

  it('writes a maximal body whole and in order with a handful of statements', async () => {
    // 5 groups of 99 selections: 500 rows, the most one request may create.
    const groups = extraGroups(5, 99);
    statements.length = 0;
    const created = await api.post('/categories/deep/', owner, { name: 'Biggest', extra_groups: groups });
    const sent = statements.length;
    expect(created.status).toBe(201);

    const expected = groups.map((group) => ({
      name: group.name,
      allow_multiple: group.allow_multiple,
      // Repeated names within a group are made unique in order, as one-by-one inserts made them.
      selections: group.selections.map((selection, s) => [
        selection.name === 'Same' ? (s === 9 ? 'Same' : `Same ${(s + 1) / 10}`) : selection.name,
        selection.price,
      ]),
    }));
    const answered = created.body.extra_groups.map((group: { name: string; allow_multiple: boolean; selections: { name: string; price: number }[] }) => ({
      name: group.name,
      allow_multiple: group.allow_multiple,
      selections: group.selections.map((selection) => [selection.name, selection.price]),
    }));
    expect(answered).toEqual(expected);

    // What is stored, read back through the lists in id order, is the same.
    const id = created.body.category.id;
    const storedGroups = (await api.get(`/extra-options/groups/?category_id=${id}&ordering=id&page_size=500`, owner)).body.results;
    expect(storedGroups.map((group: { name: string }) => group.name)).toEqual(groups.map((group) => group.name));
    for (const [g, group] of storedGroups.entries()) {
      const selections = (await api.get(`/extra-options/selections/?group_id=${group.id}&ordering=id&page_size=500`, owner)).body.results;
      expect(selections.map((selection: { name: string; price: number }) => [selection.name, selection.price])).toEqual(expected[g]?.selections);
    }

    // One statement per row was 500 and more; now each kind of row is one statement (the user's
    // read, the restaurant, the category, its detail, its groups, their selections, ...).
    expect(sent).toBeLessThanOrEqual(15);
  });
});

type Made = { id: number; name: string; selections: { id: number; name: string; price: number }[] };

describe('POST /categories/{id}/extra-options/ with every row of a full category', () => {
  it('saves in a handful of statements, writing only the rows that changed, names made unique in order', async () => {
    const deep = await api.post('/categories/deep/', owner, { name: 'Saved in full', extra_groups: extraGroups(4, 99) });
    const made = deep.body.extra_groups as Made[];
    // The screen sends every row on each Save: 4 groups of 99, every price of one group changed,
    // one selection renamed to its neighbour's name, and a new group of 91 (496 rows in all).
    const groups = made.map((group) => ({
      id: group.id,
      name: group.name,
      selections: group.selections.map((selection) => ({ id: selection.id, name: selection.name, price: selection.price })),
    }));
    for (const selection of groups[0]!.selections) selection.price = 9.99;
    groups[1]!.selections[1]!.name = 'Choice 1.2';
    const fresh91 = Array.from({ length: 91 }, (_, s) => ({ name: `New ${s}`, price: 2 }));
    statements.length = 0;
    const saved = await api.post(`/categories/${deep.body.category.id}/extra-options/`, owner, { groups: [...groups, { name: 'Added', selections: fresh91 }] });
    const sent = statements.length;
    expect(saved.status).toBe(200);

    const answered = saved.body.groups as Made[];
    expect(answered.map((group) => group.name)).toEqual(['Group 0', 'Group 1', 'Group 2', 'Group 3', 'Added']);
    expect(answered[0]!.selections.map((selection) => selection.price)).toEqual(Array(99).fill(9.99));
    // Taken by the selection after it, as a write one row at a time would have found it.
    expect(answered[1]!.selections.slice(0, 3).map((selection) => selection.name)).toEqual(['Choice 1.0', 'Choice 1.2 2', 'Choice 1.2']);
    expect(answered[4]!.selections.map((selection) => selection.name)).toEqual(fresh91.map((selection) => selection.name));
    const stored = (await api.get(`/extra-options/selections/?group_id=${made[1]!.id}&ordering=id&page_size=3`, owner)).body.results;
    expect(stored.map((selection: { name: string }) => selection.name)).toEqual(['Choice 1.0', 'Choice 1.2 2', 'Choice 1.2']);
    const repriced = (await api.get(`/extra-options/selections/?group_id=${made[0]!.id}&ordering=id&page_size=500`, owner)).body.results;
    expect(repriced.map((selection: { price: number }) => selection.price)).toEqual(Array(99).fill(9.99));
    // One statement per row and three for its checks were 3,860; now the changed prices are one.
    expect(sent).toBeLessThanOrEqual(20);
  });
});

describe('statementChunks', () => {
  it('cuts rows where a statement would pass 65,535 bind parameters, keeping their order', () => {
    const rows = Array.from({ length: 20_000 }, (_, n) => n);
    const chunks = statementChunks(rows, 4);
    expect(chunks.map((chunk) => chunk.length)).toEqual([16_383, 3_617]);
    expect(chunks.flat()).toEqual(rows);
    expect(statementChunks(rows.slice(0, 5), 4, 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(statementChunks([], 4)).toEqual([]);
  });
});
