import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { MenuItem } from '#contracts/menu';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import type { Assignment, CategoryEditorData, MenuScope } from '#src/services/menu/menu-types';
import type { RereadChipsCall } from '#src/machines/menu/category-editor.calls';
import type { LoadCall } from '#src/machines/menu/menu-list.machine';
import { menuItemsListMachine } from '#src/machines/menu/menu-lists';
import { theme } from '#src/theme';
import { CategoryEditorView, NEW_MODE_GROUPS_NOTE } from '#src/views/menu/category-editor.view';
import { removalWarning } from '#src/views/menu/size-offerings';
import { CATALOGUE, EMPTY_CATEGORY, OWNER, SUPERADMIN, categoryData } from '../../machines/menu/category-editor.fixtures';
import { categoryEditModel, categoryNewAdminModel, categoryNewModel } from '../../models/menu/category-editor.model';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { provideChecked } from '../../support/contract-double';
import { provideCategoryEditor } from '../../machines/menu/category-editor.doubles';

const PIZZA = categoryData({
  sizes: [
    { id: 21, category_id: 1, name: 'Small', units: 10, measurement: 'Inches', position: 1 },
    { id: 22, category_id: 1, name: 'Large', units: 14, measurement: 'Inches', position: 2 },
  ],
  toppingAssignments: [{ id: 7, category_id: 1, item_id: 1 }],
  groups: [{ id: 31, category_id: 1, name: 'Sauces', required: false, allow_multiple: true, add_images_to_selections: false }],
  selections: [
    { id: 41, group_id: 31, name: 'BBQ', price: 0.5, image_url: null },
    { id: 42, group_id: 31, name: 'Garlic', price: 0.75, image_url: null },
  ],
});

/** What the fake server answers when told to accept a call, by actor. */
const ACCEPT: Record<string, unknown> = {
  createRow: { id: 500 },
  updateRow: {},
  deleteRow: undefined,
  assignChip: { id: 90, category_id: 1, item_id: 2 },
  // Two menu items price the size being removed.
  countSizePrices: 2,
  updateCategory: { id: 1, name: 'Pizza', description: 'Stone baked', restaurant_id: 3 },
  createCategory: { id: 77, name: 'Pizza', description: '', restaurant_id: 3 },
  // The first restaurant of the list, for a superadmin who has picked none.
  findFirstRestaurant: 3,
};
const UNAVAILABLE = new ApiError('The service is temporarily unavailable.', { status: 503 });
const FAILURE: Record<string, ApiError> = {
  createCategory: new ApiError('Name already used.', { status: 409 }),
  loadEditor: UNAVAILABLE,
  findFirstRestaurant: UNAVAILABLE,
};

type Call = { actor: string; input: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * A server whose reads answer at once and whose writes wait for the test to accept or fail them.
 * With `holdLoad`, the editor's first read waits too (the new-category model answers it).
 */
function renderEditor(categoryId: number | null, data: CategoryEditorData, options: { scope?: MenuScope; holdLoad?: boolean } = {}) {
  const pending: Call[] = [];
  const calls: string[] = [];
  const held = (actor: string) =>
    fromPromise<unknown, unknown>(({ input }) => {
      calls.push(actor);
      return new Promise((resolve, reject) => pending.push({ actor, input, resolve, reject }));
    }) as never;
  // The server's topping assignments, so the re-read after a toggle reads what the toggle did.
  const toppings = [...data.toppingAssignments];
  const machine = provideCategoryEditor({
    actors: {
      loadEditor: options.holdLoad
        ? held('loadEditor')
        : fromPromise<CategoryEditorData, { categoryId: number | null; scope: MenuScope }>(async () => structuredClone(data)),
      rereadChips: fromPromise<Assignment[], RereadChipsCall>(async ({ input }) =>
        structuredClone(input.list === 'toppings' ? toppings : data.dressingAssignments),
      ),
      ...Object.fromEntries(
        [
          'createDetail',
          'findFirstRestaurant',
          'createCategory',
          'updateCategory',
          'updateDetail',
          'assignChip',
          'unassignChip',
          'createRow',
          'updateRow',
          'deleteRow',
          'uploadHero',
          'countSizePrices',
        ].map((name) => [name, held(name)]),
      ),
    },
  });
  const itemsMachine = provideChecked(menuItemsListMachine, { actors: { loadItems: fromPromise<MenuItem[], LoadCall>(async () => []) } });
  const location = memoryLocation({ path: '/menu/categories/1/editor', record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <CategoryEditorView categoryId={categoryId} scope={options.scope ?? OWNER} machine={machine} itemsMachine={itemsMachine} />
      </Router>
    </MantineProvider>,
  );
  /** Answers the one call out: as ACCEPT says (or with `value`), or with its FAILURE. */
  async function answer(ok: boolean, ...value: [unknown?]) {
    await waitFor(() => expect(pending).toHaveLength(1));
    const call = pending.shift()!;
    await act(async () => {
      if (ok && call.actor === 'assignChip') toppings.push(ACCEPT.assignChip as Assignment);
      if (ok) call.resolve(value.length > 0 ? value[0] : call.actor === 'loadEditor' ? structuredClone(data) : ACCEPT[call.actor]);
      else call.reject(FAILURE[call.actor] ?? new ApiError('HTTP 500', { status: 500 }));
    });
  }
  /** How many calls had been made just before the model's last event (a walk of the new models goes on after failures). */
  const before = { calls: 0 };
  return { user: userEvent.setup({ delay: null }), pending, calls, before, answer, path: () => location.history!.at(-1) };
}

type Driver = ReturnType<typeof renderEditor>;

/** The calls the model's last event made. */
const callsOfStep = ({ calls, before }: Driver) => calls.slice(before.calls);

/** The new models' executors, each noting first how many calls had been made. */
const notingCalls = (events: PathExecutors<Driver>['events']) =>
  notedBeforeEachEvent<Driver>(events, (driver) => {
    driver.before.calls = driver.calls.length;
  });

const sizeNames = () => screen.queryAllByLabelText(/^Size \d+ name$/).map((input) => (input as HTMLInputElement).value);
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const basil = () => screen.getByRole('checkbox', { name: 'Basil' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const saveButtonOrNull = () => screen.queryByRole('button', { name: 'Save' });

const editExecutors: PathExecutors<Driver> = {
  events: {
    'size.add': ({ user }) => user.click(screen.getByRole('button', { name: 'Add size' })),
    'size.rename': async ({ user }) => {
      const first = screen.getByLabelText('Size 1 name');
      await user.clear(first);
      await user.type(first, 'Tiny');
      await user.tab();
    },
    'topping.toggle': ({ user }) => user.click(basil()),
    'selection.delete': ({ user }) => user.click(screen.getByRole('button', { name: 'Delete selection BBQ' })),
    'category.save': ({ user }) => user.click(saveButton()),
    'server.accept': ({ answer }) => answer(true),
    'server.fail': ({ answer }) => answer(false),
  },
  states: {
    editing: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Categories › Pizza');
      expect(sizeNames()).toEqual(['Small', 'Large']);
      expect(screen.getByRole('checkbox', { name: 'Olives' })).toBeChecked();
      expect(alertText()).toBeNull();
    },
    sizeSaving: ({ pending }) => {
      expect(sizeNames()).toEqual(['Small', 'Large', 'New']);
      expect(screen.getByRole('status')).toHaveTextContent('Saving…');
      expect(pending.map((call) => call.actor)).toEqual(['createRow']);
    },
    sizeSaved: () => {
      expect(sizeNames()).toEqual(['Small', 'Large', 'New']);
      expect(screen.getByText('Saved')).toBeInTheDocument();
      expect(alertText()).toBeNull();
    },
    sizeRemoved: () => {
      expect(sizeNames()).toEqual(['Small', 'Large']);
      expect(alertText()).toBe('Failed to save change');
    },
    renameSaving: ({ pending }) => {
      expect(sizeNames()).toEqual(['Tiny', 'Large']);
      expect(pending.map((call) => call.actor)).toEqual(['updateRow']);
    },
    renamed: () => {
      expect(sizeNames()).toEqual(['Tiny', 'Large']);
      expect(alertText()).toBeNull();
    },
    renameReverted: async () => {
      await waitFor(() => expect(sizeNames()).toEqual(['Small', 'Large']));
      expect(alertText()).toBe('Failed to save change');
    },
    toppingSaving: () => {
      expect(basil()).toBeChecked();
      expect(screen.getByText('Basil').closest('[aria-busy="true"]') ?? basil().closest('[aria-busy="true"]')).not.toBeNull();
    },
    toppingAssigned: () => {
      expect(basil()).toBeChecked();
      expect(alertText()).toBeNull();
    },
    toppingRolledBack: () => {
      expect(basil()).not.toBeChecked();
      expect(alertText()).toBe('Failed to assign topping');
    },
    selectionDeleting: ({ pending }) => {
      expect(screen.queryByDisplayValue('BBQ')).toBeNull();
      expect(screen.getByDisplayValue('Garlic')).toBeInTheDocument();
      expect(pending.map((call) => call.input)).toEqual([{ table: 'selection', id: 41 }]);
    },
    selectionGone: () => {
      expect(screen.queryByDisplayValue('BBQ')).toBeNull();
      expect(alertText()).toBeNull();
    },
    selectionRestored: () => {
      const group = screen.getByRole('region', { name: 'Group Sauces' });
      expect(
        within(group)
          .getAllByLabelText('Selection')
          .map((input) => (input as HTMLInputElement).value),
      ).toEqual(['BBQ', 'Garlic']);
      expect(alertText()).toBe('Failed to delete selection');
    },
    leaving: ({ pending }) => {
      expect(saveButton()).toHaveAttribute('data-loading');
      expect(pending.map((call) => call.actor)).toEqual(['updateCategory']);
    },
    left: ({ path }) => waitFor(() => expect(path()).toBe('/menu/categories')),
    stayed: ({ path }) => {
      expect(alertText()).toBe('Failed to save change');
      expect(path()).toBe('/menu/categories/1/editor');
    },
  },
};

const dismiss = ({ user }: Driver) => user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));

/** Name, pricing by size with one size, Olives: what `fill` leaves on the form. */
function expectFilled({ pending }: Driver) {
  expect(screen.getByLabelText(/^Name/)).toHaveValue('Pizza');
  expect(sizeNames()).toEqual(['New']);
  expect(screen.getByRole('checkbox', { name: 'Olives' })).toBeChecked();
  expect(alertText()).toBeNull();
  // Nothing goes to the server before Save.
  expect(pending).toEqual([]);
}

/** The deep create waits, with what `fill` put on the form, for restaurant 3. */
function expectCreating({ pending }: Driver) {
  expect(saveButton()).toHaveAttribute('data-loading');
  expect(pending.map((call) => call.actor)).toEqual(['createCategory']);
  expect(pending[0]!.input).toMatchObject({
    payload: { restaurant_id: 3, name: 'Pizza', detail: { priced_by: 'size', allow_toppings: true }, sizes: [{ name: 'New', position: 1 }], toppings: [1] },
  });
}

const fillForm = async ({ user }: Driver) => {
  await user.type(screen.getByLabelText(/^Name/), 'Pizza');
  await user.click(screen.getByRole('radio', { name: 'Size' }));
  await user.click(screen.getByRole('button', { name: 'Add size' }));
  await user.click(screen.getByRole('switch', { name: 'Assign toppings' }));
  await user.click(screen.getByRole('checkbox', { name: 'Olives' }));
};

const newExecutors: PathExecutors<Driver> = {
  events: notingCalls({
    fill: fillForm,
    'size.remove': ({ user }) => user.click(screen.getByRole('button', { name: 'Remove size New' })),
    'category.save': ({ user }) => user.click(saveButton()),
    'alert.dismiss': dismiss,
    'load.retry': ({ user }) => user.click(screen.getByRole('button', { name: 'Retry' })),
    'server.accept': ({ answer }) => answer(true),
    'server.fail': ({ answer }) => answer(false),
  }),
  states: {
    loading: ({ pending, calls }) => {
      expect(screen.getByLabelText('Loading category')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByLabelText(/^Name/)).toBeNull();
      // One read out at a time: the first, or the retry once the first has failed.
      expect(pending.map((call) => [call.actor, call.input])).toEqual([['loadEditor', { categoryId: null, scope: OWNER }]]);
      expect(calls.filter((actor) => actor !== 'loadEditor')).toEqual([]);
    },
    loadFailed: (driver) => {
      const { pending, calls } = driver;
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent("Couldn't load this page");
      expect(alert).toHaveTextContent('The service is temporarily unavailable.');
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
      expect(screen.queryByLabelText(/^Name/)).toBeNull();
      expect(saveButtonOrNull()).toBeNull();
      expect(pending).toEqual([]);
      // Only reads so far; the refusal made no call of its own.
      expect(new Set(calls)).toEqual(new Set(['loadEditor']));
      expect(callsOfStep(driver)).toEqual([]);
    },
    blank: ({ pending }) => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Add new category');
      expect(screen.getByText(NEW_MODE_GROUPS_NOTE)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add group' })).toBeNull();
      expect(screen.getByLabelText(/^Name/)).toHaveValue('');
      expect(pending).toEqual([]);
    },
    nameRequired: ({ pending }) => {
      expect(screen.getByText('Please enter a category name')).toBeInTheDocument();
      expect(pending).toEqual([]);
    },
    filled: expectFilled,
    sizeRemoved: ({ pending }) => {
      expect(sizeNames()).toEqual([]);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByLabelText(/^Name/)).toHaveValue('Pizza');
      expect(pending).toEqual([]);
    },
    creating: expectCreating,
    createFailed: ({ pending }) => {
      expect(alertText()).toBe('Failed to create category: Name already used.');
      expect(screen.getByLabelText(/^Name/)).toHaveValue('Pizza');
      expect(sizeNames()).toEqual(['New']);
      expect(saveButton()).not.toHaveAttribute('data-loading');
      expect(pending).toEqual([]);
    },
    created: ({ path }) => waitFor(() => expect(path()).toBe('/menu/categories/77/editor')),
  },
};

const newAdminExecutors: PathExecutors<Driver> = {
  events: notingCalls({
    fill: fillForm,
    'category.save': ({ user }) => user.click(saveButton()),
    'alert.dismiss': dismiss,
    'server.accept': ({ answer }) => answer(true),
    'server.empty': ({ answer }) => answer(true, null),
    'server.fail': ({ answer }) => answer(false),
  }),
  states: {
    blank: ({ pending }) => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Add new category');
      expect(screen.getByLabelText(/^Name/)).toHaveValue('');
      expect(pending).toEqual([]);
    },
    filled: expectFilled,
    lookingUp: (driver) => {
      const { pending, calls } = driver;
      expect(saveButton()).toHaveAttribute('data-loading');
      expect(alertText()).toBeNull();
      expect(pending.map((call) => call.actor)).toEqual(['findFirstRestaurant']);
      expect(callsOfStep(driver)).toEqual(['findFirstRestaurant']);
      expect(calls).not.toContain('createCategory');
    },
    noRestaurant: (driver) => {
      const { pending, calls } = driver;
      expect(alertText()).toBe('No active restaurant selected.');
      expect(screen.getByLabelText(/^Name/)).toHaveValue('Pizza');
      expect(saveButton()).not.toHaveAttribute('data-loading');
      expect(pending).toEqual([]);
      // Only lookups so far; the answer made no call of its own (no create).
      expect(new Set(calls)).toEqual(new Set(['findFirstRestaurant']));
      expect(callsOfStep(driver)).toEqual([]);
    },
    lookupFailed: (driver) => {
      const { pending, calls } = driver;
      expect(alertText()).toBe('Failed to create category: The service is temporarily unavailable.');
      expect(screen.getByLabelText(/^Name/)).toHaveValue('Pizza');
      expect(pending).toEqual([]);
      expect(new Set(calls)).toEqual(new Set(['findFirstRestaurant']));
      expect(callsOfStep(driver)).toEqual([]);
    },
    creating: expectCreating,
    created: ({ path }) => waitFor(() => expect(path()).toBe('/menu/categories/77/editor')),
  },
};

const editCases = modelPathCases(categoryEditModel, editExecutors);
const newCases = modelPathCases(categoryNewModel, newExecutors);
const newAdminCases = modelPathCases(categoryNewAdminModel, newAdminExecutors);

describe('category editor view, edit mode: every path of the model against a failing server', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // One case per transition into each outcome (prefixes dropped): five changes × accept or fail.
    expect(editCases).toHaveLength(10);
  });

  for (const { title, run } of editCases)
    it(title, async () => {
      const driver = renderEditor(1, PIZZA);
      await screen.findByRole('heading', { level: 1, name: 'Categories › Pizza' });
      await run(driver);
    }, 60_000);
});

describe('category editor view, new mode: walks that take every transition of the model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // The read failing and retried, the size removed, the create failing (Save again or Dismiss)
    // and succeeding, Save before filling: walks (or, with --shortest, one path per transition)
    // that take every transition.
    expect(untakenTransitions(categoryNewModel, newCases)).toEqual([]);
  });

  for (const { title, run } of newCases)
    it(title, async () => {
      const driver = renderEditor(null, { ...EMPTY_CATEGORY, ...CATALOGUE }, { holdLoad: true });
      await screen.findByLabelText('Loading category');
      await run(driver);
    }, 60_000);
});

describe('category editor view, new mode for a superadmin with no restaurant picked: walks that take every transition of the model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // The lookup finding a restaurant, finding none, and failing: walks (or, with --shortest, one
    // path per transition) that take every transition.
    expect(untakenTransitions(categoryNewAdminModel, newAdminCases)).toEqual([]);
  });

  for (const { title, run } of newAdminCases)
    it(title, async () => {
      const driver = renderEditor(null, { ...EMPTY_CATEGORY, ...CATALOGUE }, { scope: SUPERADMIN });
      await screen.findByRole('heading', { level: 1, name: 'Add new category' });
      await run(driver);
    }, 60_000);
});

describe('category editor view: removing a size that menu items price (issue 10)', () => {
  it('asks in a dialog that says what will be lost, with Cancel focused; Cancel keeps the size, Remove size removes it', async () => {
    const { user, pending, answer } = renderEditor(1, PIZZA);
    await screen.findByRole('heading', { level: 1, name: 'Categories › Pizza' });
    await user.click(screen.getByRole('button', { name: 'Remove size Small' }));
    await answer(true);
    const dialog = await screen.findByRole('dialog', { name: 'Remove size Small?' });
    expect(dialog).toHaveTextContent('2 menu items have prices for this size. Removing the size deletes those prices. This cannot be undone.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sizeNames()).toEqual(['Small', 'Large']);
    expect(pending).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove size Small' }));
    await answer(true);
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove size Small?' })).getByRole('button', { name: 'Remove size' }));
    await waitFor(() => expect(sizeNames()).toEqual(['Large']));
    expect(pending.map((call) => [call.actor, call.input])).toEqual([['deleteRow', { table: 'size', id: 21 }]]);
  });

  it('says one price in the singular, and asks without a number when it could not count', () => {
    expect(removalWarning(1)).toBe('1 menu item has a price for this size. Removing the size deletes that price. This cannot be undone.');
    expect(removalWarning(null)).toBe('Menu item prices for this size will be deleted with it. This cannot be undone.');
  });
});

describe('category editor view: the specified words', () => {
  it("says 'Category not found.' for a category the server does not have", async () => {
    const machine = provideCategoryEditor({
      actors: {
        loadEditor: fromPromise<CategoryEditorData, { categoryId: number | null; scope: MenuScope }>(async () => {
          throw new ApiError('Not found.', { status: 404 });
        }),
      },
    });
    render(
      <MantineProvider env="test" theme={theme}>
        <CategoryEditorView categoryId={9} scope={OWNER} machine={machine} />
      </MantineProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Category not found.');
  });
});

describe('category editor view: refusals a keyboard or screen reader user can act on (issue 12)', () => {
  /** The sentence an input is described by (Mantine links the error with aria-describedby). */
  const description = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');

  it('a Save with a blank name marks, describes and names the name, and focuses it; the tab keeps the name as read', async () => {
    const { user, pending } = renderEditor(1, PIZZA);
    await screen.findByRole('heading', { level: 1, name: 'Categories › Pizza' });
    await waitFor(() => expect(document.title).toBe('Categories › Pizza · Back office · Tablefront'));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    // Clearing the name is no reason to move the focus or change the tab's title.
    expect(name).toHaveFocus();
    await waitFor(() => expect(document.title).toBe('Categories › Pizza · Back office · Tablefront'));
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Check Name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(description(name)).toBe('Please enter a category name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(pending).toEqual([]);
  });

  it('a size left without a name is not sent: its input says why, and typing a name answers it', async () => {
    const { user, pending } = renderEditor(1, PIZZA);
    const small = await screen.findByLabelText('Size 1 name');
    await user.clear(small);
    await user.tab();
    expect(small).toHaveAttribute('aria-invalid', 'true');
    expect(description(small)).toBe('Please enter a name.');
    expect(pending).toEqual([]);
    await user.type(small, 'Tiny');
    expect(small).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    await waitFor(() => expect(pending.map((call) => call.actor)).toEqual(['updateRow']));
  });

  it("names each group's switches after their group", async () => {
    renderEditor(1, PIZZA);
    expect(await screen.findByRole('checkbox', { name: 'Required: Sauces' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Multiple: Sauces' })).toBeChecked();
  });
});
