import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expect } from 'vitest';
import { ONBOARDING_DEFAULTS } from '#contracts/onboarding';
import { onboardingMachine, type StepLoad, type StepSave } from '#src/machines/onboarding/onboarding.machine';
import type { FormStep } from '#src/machines/onboarding/onboarding-steps';
import { ApiError } from '#src/services/shared/api';
import { loadOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import { theme } from '#src/theme';
import { OnboardingArea, type OnboardingStep } from '#src/views/onboarding/onboarding-area.view';
import { STEP_TITLES } from '../../models/onboarding/onboarding.model';
import { fakeProgress } from '../../machines/onboarding/onboarding-progress';
import { provideChecked } from '../../support/contract-double';

/**
 * The onboarding rendered as the app shows it, on a server in memory: shared by the model's
 * paths (onboarding.view.test.tsx) and the details (onboarding-details.view.test.tsx), two files
 * so that neither alone holds up a test run.
 */

// ---------------------------------------------------------------------------------------------
// A server in memory, reached through the machine's actors (machine.provide, no module mocks).
// Drafts go to happy-dom's real localStorage through the real draft store.

export type Server = {
  saved: Partial<Record<FormStep, Record<string, unknown>>>;
  puts: StepSave[];
  /** The sentence the next PUT is refused with (409, on the slug unless `refusalFields` names others), then forgotten. */
  refuseNextSave: string | null;
  refusalFields: Record<string, string> | null;
  /** The status of that refusal (409 unless given). */
  refusalStatus: number | null;
  launchRefusal: string | null;
  failLoads: boolean;
  /** The sentence the next GET of a step fails with (503), then forgotten. */
  failNextLoad: string | null;
  /** The next GET of a step never answers (the service slow), then loads answer again. */
  holdNextLoad: boolean;
  /** Launches asked for, refused ones included. */
  launches: number;
  /** Launches the server accepted. */
  launched: number;
  upload: (file: File | Blob) => Promise<string>;
};

export function createServer(): Server {
  return {
    saved: {},
    puts: [],
    refuseNextSave: null,
    refusalFields: null,
    refusalStatus: null,
    launchRefusal: null,
    failLoads: false,
    failNextLoad: null,
    holdNextLoad: false,
    launches: 0,
    launched: 0,
    upload: async () => '/uploads/logo-1.png',
  };
}

/** Failures as the real API client throws them. */
export const apiError = (status: number, detail: string, fields?: Record<string, string>) =>
  new ApiError(detail, { status, code: 'refused', ...(fields ? { fields } : {}) });

export function machineFor(server: Server) {
  return provideChecked(onboardingMachine, {
    actors: {
      loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input }) => {
        if (server.failLoads) throw apiError(503, 'The service is temporarily unavailable.');
        const failure = server.failNextLoad;
        server.failNextLoad = null;
        if (failure !== null) throw apiError(503, failure);
        if (server.holdNextLoad) {
          server.holdNextLoad = false;
          await new Promise(() => {});
        }
        return { saved: server.saved[input.step] ?? ONBOARDING_DEFAULTS[input.step], draft: loadOnboardingDraft(input.restaurantId, input.step) };
      }),
      saveStep: fromPromise<unknown, StepSave>(async ({ input }) => {
        server.puts.push(input);
        const refusal = server.refuseNextSave;
        server.refuseNextSave = null;
        if (refusal !== null) throw apiError(server.refusalStatus ?? 409, refusal, server.refusalFields ?? { slug: refusal });
        server.saved[input.step] = input.body as Record<string, unknown>;
        return input.body;
      }),
      uploadLogo: fromPromise<string, { file: File | Blob }>(({ input }) => server.upload(input.file)),
      loadProgress: fakeProgress(() => server.saved),
      launchOnboarding: fromPromise<unknown, { restaurantId: string }>(async () => {
        server.launches += 1;
        if (server.launchRefusal !== null) throw apiError(400, server.launchRefusal);
        server.launched += 1;
        return { id: 42, launched: true };
      }),
    },
  });
}

export type Driver = {
  user: UserEvent;
  server: Server;
  /** The addresses of this page load, the current one last. */
  history: () => string[];
  /** The page loaded again at its current address: a new machine, the same server and browser storage. */
  reload: () => void;
  /** What a change made after a refused save must show when its step is checked (the model's step.edit). */
  changed: Partial<Record<FormStep, () => void>>;
};

export function renderOnboarding(step: OnboardingStep = 'location', server: Server = createServer()): Driver & { unmount: () => void } {
  let memory = memoryLocation({ path: `/onboard/42/${step}`, record: true });
  const page = () => {
    const machine = machineFor(server);
    return render(
      <MantineProvider env="test" theme={theme}>
        {/* The shell's landmark: a new page's title moves the focus to the heading inside main. */}
        <main>
          <Router hook={memory.hook}>
            <Route path="/onboard/:rid" nest>
              {({ rid }) => (
                <Route path="/:step">{(params) => <OnboardingArea restaurantId={rid} step={params.step as OnboardingStep} machine={machine} />}</Route>
              )}
            </Route>
          </Router>
        </main>
      </MantineProvider>,
    );
  };
  let shown = page();
  const reload = () => {
    const path = memory.history!.at(-1)!;
    shown.unmount();
    memory = memoryLocation({ path, record: true });
    shown = page();
  };
  return { user: userEvent.setup({ delay: null }), server, history: () => memory.history!, reload, changed: {}, unmount: () => shown.unmount() };
}

/** Each test starts without drafts: call in a file's beforeEach (hooks in a shared module would register once per worker). */
export function clearBrowserStorage() {
  localStorage.clear();
  sessionStorage.clear();
}

/** The note on a step that shows the browser's draft, not what the server holds (issue 27). */
export const DRAFT_NOTE = 'Not saved yet: this is a draft kept in this browser. Press Next to save it.';

/** The launch step's links back to the steps with nothing saved, by name. */
export const unsavedLinks = () =>
  within(screen.getByRole('region', { name: 'Not saved yet' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

export const button = (name: string) => screen.getByRole('button', { name });
export const heading = () => screen.getByRole('heading', { level: 1 });

export async function expectStep(driver: Driver, step: OnboardingStep) {
  await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES[step]));
  await waitFor(() => expect(driver.history().at(-1)).toBe(`/onboard/42/${step}`));
  if (step !== 'launch') await waitFor(() => expect(button('Next')).toBeEnabled());
}

export function currentStep(driver: Driver): FormStep {
  return driver.history().at(-1)!.split('/').at(-1) as FormStep;
}

/** Types a field unless it already holds the value (a step seen again shows what was saved). */
export async function typeInto(user: UserEvent, label: string, value: string) {
  // By role: Mantine's required asterisk is hidden from the accessible name, not from the label text.
  const input = screen.getByRole('textbox', { name: label });
  if ((input as HTMLInputElement).value === value) return;
  await user.clear(input);
  await user.type(input, value);
}

/** What the owner fills in on each step, and what the server must then hold. */
export const MARKERS: Record<FormStep, { fill: (user: UserEvent) => Promise<void>; saved: Record<string, unknown>; shown: () => void }> = {
  location: {
    fill: async (user) => {
      await typeInto(user, 'Zip code', '10012');
      await typeInto(user, 'City', 'New York');
      await typeInto(user, 'State', 'NY');
    },
    saved: { zip_code: '10012', city: 'New York', state: 'NY' },
    shown: () => expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('New York'),
  },
  about: {
    fill: async (user) => {
      await typeInto(user, 'Restaurant name', 'Pizza Loco');
      await typeInto(user, 'Store URL', 'pizza-loco');
    },
    saved: { name: 'Pizza Loco', slug: 'pizza-loco' },
    shown: () => expect(screen.getByRole('textbox', { name: 'Store URL' })).toHaveValue('pizza-loco'),
  },
  delivery: {
    fill: (user) => typeInto(user, 'Delivery estimate to (minutes)', '40'),
    saved: { delivery_eta_to: 40 },
    shown: () => expect(screen.getByLabelText('Delivery estimate to (minutes)')).toHaveValue('40'),
  },
  hours: {
    fill: async (user) => {
      const monday = screen.getByRole('switch', { name: 'Monday open' });
      if (!(monday as HTMLInputElement).checked) await user.click(monday);
    },
    saved: {
      hours: expect.arrayContaining([{ day_of_week: 1, closed: false, open_time: '08:00', break_start: null, reopen_time: null, close_time: '20:00' }]),
    },
    shown: () => expect(screen.getByRole('switch', { name: 'Monday open' })).toBeChecked(),
  },
  additional: {
    fill: async (user) => {
      const vegan = screen.getByRole('checkbox', { name: 'Vegan' });
      if (!(vegan as HTMLInputElement).checked) await user.click(vegan);
    },
    saved: { selections: expect.objectContaining({ offerings: ['Vegan'] }) },
    shown: () => expect(screen.getByRole('checkbox', { name: 'Vegan' })).toBeChecked(),
  },
  contacts: {
    fill: (user) => typeInto(user, 'Restaurant phone', '212 555 0100'),
    saved: { restaurant_phone: '212 555 0100' },
    shown: () => expect(screen.getByLabelText('Restaurant phone')).toHaveValue('212 555 0100'),
  },
};

/** A step in view: its heading and address, no alert, and what was saved before shown again. */
