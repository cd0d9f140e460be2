import { setup } from 'xstate';
import { readSessionSummary, type SessionSummary } from '../../services/shared/session-summary';

/**
 * What the landing page knows of its visitor, from what the browser keeps about the session (no
 * call, so the page stays light): signed in or not, and where their account link leads. Launch
 * leads to the back office since issue 40, so the landing page has no launch news to tell.
 */
export type LandingVisit = { session: SessionSummary | null };

/** The browser's storage, read once per visit: signing in or out happens on other pages. */
const readLandingVisit = (): LandingVisit => ({ session: readSessionSummary() });

export const landingVisitMachine = setup({
  types: {
    context: {} as LandingVisit,
    /** Tests give the visit; the page reads the browser's storage as the machine is created. */
    input: {} as LandingVisit | undefined,
  },
}).createMachine({
  id: 'landingVisit',
  context: ({ input = readLandingVisit() }) => input,
  initial: 'visiting',
  states: { visiting: {} },
});

export type LandingVisitMachine = typeof landingVisitMachine;
