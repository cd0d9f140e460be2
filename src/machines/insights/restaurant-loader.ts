import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorText } from '../../services/shared/error-text';

/**
 * One insight screen's figures for the restaurant looked at (an owner's own; an administrator's
 * chosen one, else the whole platform's): the Menu dashboard, Analytics, and the stat cards of
 * Drivers and Customers are each one of these, made by `createRestaurantLoader` with their own
 * call. The screen tells the machine when an administrator picks another restaurant.
 *
 *   loading --done--> loaded / --error--> failed --load.retry--> loading (only where the failure is
 *     said, with Retry: the dashboard; a screen that only logs it offers no Retry)
 *   restaurant.changed (another id) --> loading, from anywhere (the figures back to `empty`)
 *   choice.made, anywhere: what the person looks at in the figures (Analytics' range); it loads
 *     nothing (only on a screen that offers a choice: `choice` not null)
 *
 * Views read the tags: `loading`, `ready` (the figures came), `failed`.
 */

export type RestaurantLoaderContext<Figures, Choice> = {
  restaurantId: number | null;
  /** `empty` until the restaurant's figures come, and again after they failed to. */
  figures: Figures;
  /** Why the last load failed, for a screen that says so (null otherwise). */
  error: string | null;
  /** What the person chose to see of the figures (Analytics' range in days). */
  choice: Choice;
};

export type RestaurantLoaderEvent<Choice> =
  | { type: 'restaurant.changed'; restaurantId: number | null }
  | { type: 'load.retry' }
  | { type: 'choice.made'; choice: Choice };

export type RestaurantLoaderInput = { restaurantId: number | null };

export type RestaurantLoaderOptions<Figures, Choice> = {
  id: string;
  /** The screen's call: every figure it draws, for one restaurant (null: the platform's). */
  load: (restaurantId: number | null) => Promise<Figures>;
  /** What the screen holds before the figures come, and after a failure: zeros. */
  empty: Figures;
  /** The first choice (null for a screen that offers none: it takes no `choice.made`). */
  choice: Choice;
  /**
   * Section 8: a failure of the stat cards and of Analytics is only logged ('Error fetching
   * stats') and the screen shows `empty`, with no Retry (no `load.retry`); the dashboard says
   * why instead, with Retry.
   */
  logFailure: boolean;
};

export function createRestaurantLoader<Figures, Choice = null>(options: RestaurantLoaderOptions<Figures, Choice>) {
  return setup({
    types: {
      context: {} as RestaurantLoaderContext<Figures, Choice>,
      events: {} as RestaurantLoaderEvent<Choice>,
      input: {} as RestaurantLoaderInput,
    },
    actors: {
      loadFigures: fromPromise<Figures, RestaurantLoaderInput>(({ input }) => options.load(input.restaurantId)),
    },
    actions: {
      logFailure: ({ event }) => {
        if (options.logFailure) console.error('Error fetching stats', (event as { error?: unknown }).error);
      },
    },
    guards: {
      isAnotherRestaurant: ({ context, event }) => {
        assertEvent(event, 'restaurant.changed');
        return event.restaurantId !== context.restaurantId;
      },
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ restaurantId: input.restaurantId, figures: options.empty, error: null, choice: options.choice }),
    initial: 'loading',
    on: {
      'restaurant.changed': {
        guard: 'isAnotherRestaurant',
        // The root's transition to its child exits and enters the active child, so a load under
        // way is dropped for the new restaurant's (no `reenter` needed: that would re-enter the root).
        target: '.loading',
        actions: assign(({ event }) => ({ restaurantId: event.restaurantId, figures: options.empty, error: null })),
      },
      ...(options.choice === null ? {} : { 'choice.made': { actions: assign(({ event }) => ({ choice: event.choice })) } }),
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'loadFigures',
          src: 'loadFigures',
          input: ({ context }) => ({ restaurantId: context.restaurantId }),
          onDone: { target: 'loaded', actions: assign(({ event }) => ({ figures: event.output, error: null })) },
          onError: {
            target: 'failed',
            actions: ['logFailure', assign(({ event }) => ({ figures: options.empty, error: errorText(event.error, String(event.error)).message }))],
          },
        },
      },
      loaded: { tags: ['ready'] },
      failed: { tags: ['failed'], ...(options.logFailure ? {} : { on: { 'load.retry': 'loading' } }) },
    },
  });
}
