import fc from 'fast-check';
import { createActor } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrder, PlaceOrderBody } from '#contracts/ordering';
import type { StorePageData } from '#contracts/storefront';
import { storePageData, type StorePageState } from '#src/store-roots';
import { toCents } from '#contracts/shared/cents';
import { orderLines, subtotalCents, type CartChoice, type ChoiceErrors } from '#src/machines/ordering/cart-lines';
import { cartMachine } from '#src/machines/ordering/cart.machine';
import { checkoutFigures, checkoutMachine } from '#src/machines/ordering/checkout.machine';
import { memoryDetails } from '#tests/support/details-memory';
import { seedStore, STEPS, type OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { injectedOwner } from '../owner-calls';
import { testAppForFile } from '../test-app';

/**
 * One order engine at both ends (issue 42, item 1): random menus, built through the owner's API,
 * and random carts on them, some breaking the menu's rules (a size left out or not offered, a
 * required group empty, two of a single-choice group, an extra chosen twice, another category's
 * extra; of the category model, a primary set left unchosen or chosen twice, a topping left off or
 * added where that is not allowed, more extra toppings than the limit, an option the menu has not),
 * go through the browser's path (the store page's data block → cart machine → checkout
 * summary) and the server's (`POST /api/v2/storefront/{slug}/orders/`). Both must agree: what the
 * cart takes the server takes, at the same subtotal, fee and total, or refuses below the minimum
 * with the checkout's own sentence; what the cart refuses the server refuses, line by line, with
 * one of the cart's sentences for it. One server for the file and one store: its random menus are
 * made once (the owner's calls are what costs), each run draws one of them, its own delivery terms
 * and its cart.
 */
const MIDDAY = new Date('2026-11-25T18:00:00Z');
const t = testAppForFile({ clock: () => MIDDAY, config: { orderLimitPerMinute: 100_000 } });
const SLUG = 'engine-door';
const MENUS = 6;
let owner: { call: OwnerCall; restaurantId: number };
const TOPPINGS = ['Onions', 'Olives', 'Peppers'];
const DRESSINGS = ['Ranch', 'Vinaigrette'];
/** The restaurant's toppings and dressings, made once; a category offers the first few. */
const pool = { toppings: [] as number[], dressings: [] as number[] };
/** Each random menu's categories. */
const menus: number[][] = [];

async function ok(call: Promise<{ status: number; body: unknown }>): Promise<unknown> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`the owner's call answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Money with two decimals from a whole number of cents, up to `max` cents. */
const money = (max: number) => fc.integer({ min: 0, max }).map((cents) => cents / 100);
const groupSpec = fc.record({
  required: fc.boolean(),
  allow_multiple: fc.boolean(),
  prices: fc.array(money(500), { minLength: 1, maxLength: 3 }),
});
const categorySpec = fc.record({
  sizes: fc.integer({ min: 0, max: 3 }),
  groups: fc.array(groupSpec, { maxLength: 2 }),
  // Per item: a price per size (some sizes left out, at least one offered), or one price.
  items: fc.array(fc.array(fc.option(money(1500), { nil: null }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
  // The category model (issue 42, item 5): primary option sets by their number of selections; of the
  // restaurant's toppings and dressings, how many the category offers (none: not allowed); the flags.
  optionSets: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  toppings: fc.integer({ min: 0, max: TOPPINGS.length }),
  dressings: fc.integer({ min: 0, max: DRESSINGS.length }),
  allow_remove_toppings: fc.boolean(),
  allow_add_toppings: fc.boolean(),
  max_extra_toppings: fc.integer({ min: 0, max: 2 }),
});
type CategorySpec = typeof categorySpec extends fc.Arbitrary<infer T> ? T : never;

/**
 * A line as picks among what the run's menu has. Most lines `fit` the menu's rules (an offered
 * size, each group's rule kept, picked from `extras`); the others pick blindly: `size` 0 none,
 * 1–3 that size of the category, 4 a size nobody has; any extras, twice perhaps, and perhaps
 * another category's.
 */
const OPTION_FIELDS = ['primary_selection_ids', 'removed_topping_ids', 'added_topping_ids', 'dressing_id'] as const;
const lineSpec = fc.record({
  fit: fc.integer({ min: 0, max: 4 }).map((roll) => roll > 0),
  item: fc.nat(),
  size: fc.integer({ min: 0, max: 4 }),
  extras: fc.array(fc.nat(), { maxLength: 4 }),
  foreignExtra: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 3 }),
  // Of the category model: a roll for the primary options, topping picks, a dressing (0: none).
  primary: fc.nat(),
  toppings: fc.array(fc.nat(), { maxLength: 4 }),
  dressing: fc.integer({ min: 0, max: 3 }),
  // What a line that does not fit picks blindly: its size and extras, or one field of the category model.
  blind: fc.constantFrom('size and extras' as const, ...OPTION_FIELDS),
});
type LineSpec = typeof lineSpec extends fc.Arbitrary<infer T> ? T : never;

/** Terms around the carts' subtotals (a few dollars to about a hundred), so a cart falls either side of each. */
const termsSpec = fc.record({ fee: money(1000), min_order: fc.option(money(6000)), free_over: fc.option(money(8000)) });

/** A random menu's categories, made through the owner's API; their names tell them apart on the page. */
async function makeMenu(menu: number, specs: CategorySpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [c, spec] of specs.entries()) {
    const sized = spec.sizes > 0;
    const sets: number[] = [];
    for (const [o, count] of spec.optionSets.entries()) {
      const selections = Array.from({ length: count }, (_, index) => ({ name: `Option ${index + 1}` }));
      sets.push(
        ((await ok(owner.call('POST', '/primary-options/', { restaurant_id: owner.restaurantId, name: `Set ${o + 1}`, selections }))) as { id: number }).id,
      );
    }
    const made = (await ok(
      owner.call('POST', '/categories/deep/', {
        name: `Menu ${menu} category ${c}`,
        detail: { priced_by: sized ? 'size' : 'none', primary_option_sets: sets, allow_toppings: spec.toppings > 0, allow_dressings: spec.dressings > 0 },
        toppings: pool.toppings.slice(0, spec.toppings),
        dressings: pool.dressings.slice(0, spec.dressings),
        ...(sized ? { sizes: Array.from({ length: spec.sizes }, (_, index) => ({ name: `Size ${index + 1}` })) } : {}),
        extra_groups: spec.groups.map((group, g) => ({
          name: `Group ${g + 1}`,
          required: group.required,
          allow_multiple: group.allow_multiple,
          selections: group.prices.map((price, s) => ({ name: `Choice ${s + 1}`, price })),
        })),
      }),
    )) as { category: { id: number }; detail: { id: number }; sizes: { id: number }[] };
    ids.push(made.category.id);
    const { allow_remove_toppings, allow_add_toppings, max_extra_toppings } = spec;
    await ok(owner.call('PATCH', `/categories/detail/${made.detail.id}/`, { allow_remove_toppings, allow_add_toppings, max_extra_toppings }));
    for (const [n, prices] of spec.items.entries()) {
      const offered = made.sizes.flatMap((size, index) => (prices[index] === null ? [] : [{ size_id: size.id, price: prices[index]! }]));
      const price = sized ? { prices: offered.length > 0 ? offered : [{ size_id: made.sizes[0]!.id, price: 1 }] } : { price: prices[0] ?? 0 };
      await ok(owner.call('POST', '/menu-items/', { category_id: made.category.id, name: `Dish ${n + 1}`, ...price }));
    }
  }
  return ids;
}

beforeAll(async () => {
  owner = await injectedOwner(t, 'engine@example.com');
  await seedStore(owner.call, owner.restaurantId, { slug: SLUG, categories: 0 });
  for (const name of TOPPINGS)
    pool.toppings.push(((await ok(owner.call('POST', '/toppings/', { restaurant_id: owner.restaurantId, name }))) as { id: number }).id);
  for (const name of DRESSINGS)
    pool.dressings.push(((await ok(owner.call('POST', '/dressings/', { restaurant_id: owner.restaurantId, name }))) as { id: number }).id);
  const specs = fc.sample(fc.array(categorySpec, { minLength: 1, maxLength: 2 }), { numRuns: MENUS, seed: 42 });
  for (const [index, spec] of specs.entries()) menus.push(await makeMenu(index, spec));
});

/** What the browser gets: the store page's data block, read as its script reads it (src/store-page.tsx). */
async function pageData(): Promise<StorePageData> {
  const page = (await t.app.inject({ method: 'GET', url: `/${SLUG}` })).body;
  const json = /<script type="application\/json" id="store-data">([\s\S]*?)<\/script>/.exec(page)?.[1];
  if (!json) throw new Error('the store page carries no data block');
  return storePageData((JSON.parse(json) as StorePageState).store);
}

/** The cart's choices from the picks, among the run's categories of the page's menu. */
function choicesOf(data: StorePageData, runCategories: readonly number[], specs: LineSpec[]): CartChoice[] {
  const categories = data.categories.filter((category) => runCategories.includes(category.id));
  const items = categories.flatMap((category) => category.items.map((item) => ({ item, category })));
  const everyExtra = data.categories.flatMap((category) => category.extra_groups.flatMap((group) => group.selections.map((selection) => selection.id)));
  return specs.map((spec) => {
    const { item, category } = items[spec.item % items.length]!;
    // One rule at a time: a line blind in one field of the model keeps every other rule, so each is judged at both ends.
    const blind = !spec.fit && spec.blind !== 'size and extras' ? spec.blind : null;
    const options: OptionPicks = { ...fittingOptions(category, spec), ...(blind ? { [blind]: blindOptions(category, spec)[blind] } : {}) };
    if (spec.fit || blind) {
      const offered = item.prices.map((price) => price.size_id);
      const picks = [...spec.extras, 0, 1, 2];
      const extras = category.extra_groups.flatMap((group, g) => {
        const pick = picks[g % picks.length]!;
        const ids = group.selections.map((selection) => selection.id);
        if (group.allow_multiple) return ids.filter((_, index) => ((pick >> index) & 1) === 1 || (group.required && index === 0));
        return group.required || pick % 2 === 1 ? [ids[pick % ids.length]!] : [];
      });
      const size = item.price === null ? offered[spec.size % offered.length]! : null;
      return { item_id: item.id, size_id: size, extra_selection_ids: extras, quantity: spec.quantity, note: '', ...options };
    }
    const own = category.extra_groups.flatMap((group) => group.selections.map((selection) => selection.id));
    const size = spec.size === 0 ? null : spec.size === 4 ? 999_999 : (category.sizes[(spec.size - 1) % Math.max(1, category.sizes.length)]?.id ?? null);
    const extras = own.length === 0 ? [] : spec.extras.map((pick) => own[pick % own.length]!);
    const foreign = everyExtra.find((id) => !own.includes(id));
    return {
      item_id: item.id,
      size_id: size,
      extra_selection_ids: spec.foreignExtra && foreign !== undefined ? [...extras, foreign] : extras,
      quantity: spec.quantity,
      note: '',
      ...options,
    };
  });
}

type PageCategory = StorePageData['categories'][number];
type OptionPicks = Pick<CartChoice, (typeof OPTION_FIELDS)[number]>;
const NOWHERE = 999_999;

/** Choices of the category model that keep its rules: a selection of each set (or none named: the defaults), toppings left off and added where allowed, up to the limit. */
function fittingOptions(category: PageCategory, spec: LineSpec): OptionPicks {
  const sets = category.primary_option_sets ?? [];
  const toppings = category.toppings.map((topping) => topping.id);
  const removed = category.allow_remove_toppings ? toppings.filter((_, index) => ((spec.primary >> index) & 1) === 1) : [];
  const addable = category.allow_add_toppings ? toppings.filter((id) => !removed.includes(id)) : [];
  const added = addable.filter((_, index) => spec.toppings.includes(index)).slice(0, category.max_extra_toppings ?? 0);
  const dressing = spec.dressing > 0 && category.dressings.length > 0 ? category.dressings[spec.dressing % category.dressings.length]!.id : null;
  return {
    ...(spec.primary % 3 === 0 ? {} : { primary_selection_ids: sets.map((set, index) => set.selections[(spec.primary + index) % set.selections.length]!.id) }),
    removed_topping_ids: removed,
    added_topping_ids: added,
    dressing_id: dressing,
  };
}

/** Choices of the category model picked blindly: any selections (of one set twice, of none, or one nobody has), any toppings, any dressing. */
function blindOptions(category: PageCategory, spec: LineSpec): OptionPicks {
  const selections = (category.primary_option_sets ?? []).flatMap((set) => set.selections.map((selection) => selection.id));
  const toppings = category.toppings.map((topping) => topping.id);
  const pick = (ids: readonly number[], at: number) => ids[at % Math.max(1, ids.length)] ?? NOWHERE;
  return {
    ...(spec.primary % 4 === 0 ? {} : { primary_selection_ids: spec.toppings.map((at) => pick(selections, at + spec.primary)) }),
    removed_topping_ids: spec.toppings.slice(0, spec.primary % 3).map((at) => pick(toppings, at)),
    added_topping_ids: spec.toppings.map((at) => pick(toppings, at + 1)),
    dressing_id:
      spec.dressing === 0
        ? null
        : pick(
            category.dressings.map((dressing) => dressing.id),
            spec.dressing,
          ),
  };
}

/** The browser's path: each choice added to the cart (or refused, with its errors), then the checkout's summary. */
function browser(data: StorePageData, choices: CartChoice[], fulfilment: 'pickup' | 'delivery') {
  const cart = createActor(cartMachine, { input: { menu: data.categories, stored: [] } }).start();
  const refusals: (ChoiceErrors | null)[] = choices.map((choice) => {
    let refused: ChoiceErrors | null = null;
    const listening = cart.on('line.refused', (event) => (refused = event.errors));
    cart.send({ type: 'line.add', choice });
    listening.unsubscribe();
    return refused;
  });
  const { lines } = cart.getSnapshot().context;
  const checkout = createActor(checkoutMachine, {
    input: { store: data, lines: orderLines(lines), subtotal: subtotalCents(lines), now: () => MIDDAY, newKey: () => 'key', details: memoryDetails() },
  }).start();
  checkout.send({ type: 'fulfilment.choose', fulfilment });
  return { refusals, figures: checkoutFigures(checkout.getSnapshot().context) };
}

let orders = 0;
const CUSTOMER = { name: 'Ada Lovelace', phone: '+1 312 555 0199', email: 'ada@example.com' };
const ADDRESS = { street: '1 Main St', city: 'Chicago', zip_code: '60606' };

describe('the order engine at both ends', { timeout: 60_000 }, () => {
  it('answers any menu and cart alike in the browser and at the server: subtotal, fee, total and refusals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(MENUS - 1),
        fc.array(lineSpec, { minLength: 1, maxLength: 4 }),
        termsSpec,
        fc.constantFrom('pickup' as const, 'delivery' as const),
        async (menu, lineSpecs, terms, fulfilment) => {
          await ok(
            owner.call('PUT', `/onboarding/${owner.restaurantId}/delivery/`, {
              ...STEPS.delivery,
              delivery_fee: terms.fee,
              min_order_enabled: terms.min_order !== null,
              min_order_amount: terms.min_order ?? 0,
              free_over_enabled: terms.free_over !== null,
              free_over_amount: terms.free_over ?? 10,
            }),
          );
          const data = await pageData();
          const choices = choicesOf(data, menus[menu]!, lineSpecs);
          const { refusals, figures } = browser(data, choices, fulfilment);

          const body: PlaceOrderBody = {
            fulfilment,
            lines: choices.map(({ note: _note, ...line }) => line),
            customer: CUSTOMER,
            ...(fulfilment === 'delivery' ? { address: ADDRESS } : {}),
            scheduled_for: null,
          };
          const answer = await t.app.inject({
            method: 'POST',
            url: `/api/v2/storefront/${SLUG}/orders/`,
            payload: body,
            headers: { 'idempotency-key': `engine-${(orders += 1)}` },
          });
          const refusedLines = refusals.flatMap((errors, index) => (errors === null ? [] : [index]));
          if (refusedLines.length > 0) {
            const { fields } = answer.json() as { fields: Record<string, string> };
            expect([400, 409]).toContain(answer.statusCode);
            expect([...new Set(Object.keys(fields).map((field) => Number(field.split('.')[1])))]).toEqual(refusedLines);
            for (const [field, message] of Object.entries(fields)) {
              expect(Object.values(refusals[Number(field.split('.')[1])]!)).toContain(message);
            }
            return;
          }
          if (figures.minimum !== null) {
            expect([answer.statusCode, answer.json().fields]).toEqual([409, { lines: figures.minimum }]);
            return;
          }
          expect(answer.statusCode, answer.body).toBe(201);
          const order = answer.json() as PlacedOrder;
          expect([toCents(order.subtotal), toCents(order.fee), toCents(order.total)]).toEqual([figures.subtotal, figures.fee, figures.total]);
        },
      ),
      { numRuns: 30, seed: 42, interruptAfterTimeLimit: 20_000 },
    );
  });
});
