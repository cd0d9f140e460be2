import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { FORM_STEPS, type FormStep } from './onboarding-steps';
import { isChanged, storeSectionMachine } from './store-section.machine';

/**
 * The back office's Store screen (issue 29, item 5): the six onboarding forms of one restaurant,
 * each a section of its own (`store-section.machine.ts`) that loads, checks and saves its step
 * independently, so a refused Delivery never holds up Hours.
 *
 *   noRestaurant: an administrator with no restaurant chosen in the header (tag `noRestaurant`)
 *   open: the six sections, spawned for the restaurant (tag `open`)
 *
 * The restaurant is fixed for the machine's life: the view keys the screen by it, so choosing
 * another restaurant starts afresh and no half-typed form goes to the wrong one.
 */

export type StoreSettingsInput = { restaurantId: number | null; host: string };

export type StoreSections = Record<FormStep, ActorRefFrom<typeof storeSectionMachine>>;

export interface StoreSettingsContext {
  restaurantId: number | null;
  /** One section per form step; null without a restaurant. */
  sections: StoreSections | null;
}

export const storeSettingsMachine = setup({
  types: { input: {} as StoreSettingsInput, context: {} as StoreSettingsContext },
  actors: { section: storeSectionMachine },
  guards: { hasRestaurant: ({ context }) => context.sections !== null },
}).createMachine({
  id: 'storeSettings',
  context: ({ input, spawn }) => ({
    restaurantId: input.restaurantId,
    sections:
      input.restaurantId === null
        ? null
        : (Object.fromEntries(
            FORM_STEPS.map((step) => [step, spawn('section', { id: step, input: { restaurantId: String(input.restaurantId), host: input.host, step } })]),
          ) as StoreSections),
  }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'hasRestaurant', target: 'open' }, { target: 'noRestaurant' }] },
    noRestaurant: { tags: ['noRestaurant'] },
    open: { tags: ['open'] },
  },
});

export type StoreSettingsMachine = typeof storeSettingsMachine;

/** The sections whose forms differ from what the server holds, read when the page is about to be left. */
export function changedSections(snapshot: SnapshotFrom<StoreSettingsMachine>): FormStep[] {
  const { sections } = snapshot.context;
  return sections === null ? [] : FORM_STEPS.filter((step) => isChanged(sections[step].getSnapshot().context));
}
