import { setup } from 'xstate';
import { forget, hasLaunchNotice, LAUNCH_NOTICE_KEY, readSessionSummary, type SessionSummary } from '../../services/shared/session-summary';

/**
 * What the landing page knows of its visitor, from what the browser keeps about the session (no
 * call, so the page stays light): signed in or not, and whether they have just launched their
 * restaurant (issue 10: "Your restaurant is live", shown once).
 *
 *   arriving --[launch note left]--> announcing (the note is removed at once) --launch.dismiss--> quiet
 *   arriving --[no note]--> quiet
 * Tag: `announcing` while the confirmation is shown.
 */
export type LandingVisit = { session: SessionSummary | null; launchNotice: boolean };

export type LandingVisitEvent = { type: 'launch.dismiss' };

/** The browser's storage, read once per visit: signing in or out happens on other pages. */
const readLandingVisit = (): LandingVisit => ({ session: readSessionSummary(), launchNotice: hasLaunchNotice() });

export const landingVisitMachine = setup({
  types: {
    context: {} as LandingVisit,
    events: {} as LandingVisitEvent,
    /** Tests give the visit; the page reads the browser's storage as the machine is created. */
    input: {} as LandingVisit | undefined,
  },
  guards: {
    // Only a signed-in visitor is told; a note left behind by a signed-out tab stays unread.
    launchNoticeLeft: ({ context }) => context.launchNotice && context.session !== null,
  },
  actions: {
    // A reload must not bring the confirmation back.
    forgetLaunchNotice: () => forget([LAUNCH_NOTICE_KEY]),
  },
}).createMachine({
  id: 'landingVisit',
  context: ({ input = readLandingVisit() }) => input,
  initial: 'arriving',
  states: {
    arriving: {
      always: [{ guard: 'launchNoticeLeft', target: 'announcing' }, { target: 'quiet' }],
    },
    announcing: {
      tags: ['announcing'],
      entry: 'forgetLaunchNotice',
      on: { 'launch.dismiss': 'quiet' },
    },
    quiet: {},
  },
});

export type LandingVisitMachine = typeof landingVisitMachine;
