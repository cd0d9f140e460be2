/**
 * The extra options Save in Chromium (issue 27): one invalid row beside a changed price saves
 * nothing, keeps every group open and the edits on screen, and marks (and focuses) the field in error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './harness';
import { apiAs, openAs, withOwnerApp } from './menu-session';

const run = withOwnerApp('extras-save-e2e@example.com');
let groupId: number;

beforeAll(async () => {
  const deep = await apiAs<{ extra_groups: { id: number }[] }>(run.app, run.owner, 'POST', '/categories/deep/', {
    name: 'Pizza',
    extra_groups: [{ name: 'Extra cheese', selections: [{ name: 'Mozzarella', price: 1.5 }] }],
  });
  groupId = deep.extra_groups[0]!.id;
});

describe('extra options: Save is all or nothing', () => {
  it('an invalid row and a changed price: nothing saved, groups open, the field marked and focused', async () => {
    const page = await newPage(run.browser, { width: 1280, height: 900 });
    await openAs(page, run.app, run.owner, '/backoffice/menu/extra-options');
    await page.getByPlaceholder('Pick a category').click();
    await page.getByRole('option', { name: 'Pizza' }).click();
    await page.getByRole('button', { name: 'Extra cheese', exact: true }).click();
    // Focus selects the amount, so what is typed replaces it.
    await page.getByLabel('Price', { exact: true }).click();
    await page.keyboard.type('4');
    await page.getByRole('button', { name: 'Add group' }).click();
    const newGroup = page.getByRole('region', { name: 'New group', exact: true });
    await newGroup.getByRole('button', { name: 'Add selection' }).click();
    await newGroup.getByLabel('Selection', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Save failed: Some fields are not valid.');
    const blank = newGroup.getByLabel('Selection', { exact: true });
    await expect.poll(() => blank.getAttribute('aria-invalid')).toBe('true');
    expect(await blank.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Extra cheese', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('button', { name: 'New group', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByLabel('Price', { exact: true }).first().inputValue()).toBe('4.00');

    // The server still has what it had: the price unchanged, no new group.
    const groups = await apiAs<{ results: { name: string }[] }>(run.app, run.owner, 'GET', `/extra-options/groups/?restaurant_id=${run.owner.restaurantId}`);
    expect(groups.results.map((group) => group.name)).toEqual(['Extra cheese']);
    const selections = await apiAs<{ results: { price: number }[] }>(run.app, run.owner, 'GET', `/extra-options/selections/?group_id=${groupId}`);
    expect(selections.results.map((selection) => selection.price)).toEqual([1.5]);
    await page.close();
  });
});
