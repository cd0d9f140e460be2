import { assign, fromPromise, setup } from 'xstate';
import type { OnboardingStatus } from '../../../contracts/onboarding';
import { fetchOnboardingStatus } from '../../services/onboarding/onboarding';
import { rememberOnboarding } from '../../services/shared/session';

const remember = { type: 'rememberStatus', params: ({ event }: { event: { output: OnboardingStatus } }) => ({ status: event.output }) } as const;

/**
 * The onboarding layout's check on load (spec section 2): a launched onboarding belongs in the
 * back office; one that cannot be read (not yours, or gone) cannot be continued.
 *   loading --done [launched]--> launched;  loading --done--> open;  loading --error--> failed --retry--> loading
 * Each state carries its name as a tag, which is what the layout reads.
 */
export const onboardingStatusMachine = setup({
  types: {
    input: {} as { restaurantId: string },
    context: {} as { restaurantId: string; status: OnboardingStatus | null; error: string | null },
    events: {} as { type: 'status.retry' },
    tags: {} as 'loading' | 'open' | 'launched' | 'failed',
  },
  actors: {
    fetchOnboardingStatus: fromPromise<OnboardingStatus, { restaurantId: string }>(({ input }) => fetchOnboardingStatus(input.restaurantId)),
  },
  actions: {
    // The landing page offers "Continue setup" or the back office from what is remembered here.
    rememberStatus: (_, params: { status: OnboardingStatus }) => rememberOnboarding(params.status),
  },
  guards: {
    isLaunched: (_, params: { status: OnboardingStatus }) => params.status.launched,
  },
}).createMachine({
  id: 'onboardingStatus',
  context: ({ input }) => ({ restaurantId: input.restaurantId, status: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchOnboardingStatus',
        src: 'fetchOnboardingStatus',
        input: ({ context }) => ({ restaurantId: context.restaurantId }),
        onDone: [
          { guard: { type: 'isLaunched', params: ({ event }) => ({ status: event.output }) }, target: 'launched', actions: remember },
          { target: 'open', actions: [assign({ status: ({ event }) => event.output }), remember] },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : 'Request failed') }),
        },
      },
    },
    open: { tags: ['open'] },
    launched: { type: 'final', tags: ['launched'] },
    failed: { tags: ['failed'], on: { 'status.retry': { target: 'loading', actions: assign({ error: null }) } } },
  },
});
