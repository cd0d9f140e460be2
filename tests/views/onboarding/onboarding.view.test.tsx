import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FORM_STEPS, STEP_LABELS, type FormStep } from '#src/machines/onboarding/onboarding-steps';
import { REFUSALS, STEP_TITLES, onboardingModel } from '../../models/onboarding/onboarding.model';
import { modelLeafStates, modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { loadOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import {
  MARKERS,
  clearBrowserStorage,
  button,
  currentStep,
  expectStep,
  heading,
  renderOnboarding,
  typeInto,
  unsavedLinks,
  type Driver,
} from './onboarding-harness';

beforeEach(clearBrowserStorage);

/**
 * What the server held just before the model's last event: a walk goes on after saves and
 * launches, so a step's assertions compare with this, not with a fresh start.
 */
type Before = { saved: Driver['server']['saved']; puts: number; launches: number };
const beforeEvent = new WeakMap<Driver, Before>();
const before = (driver: Driver): Before => beforeEvent.get(driver)!;

const formStep = (step: FormStep) => async (driver: Driver) => {
  await expectStep(driver, step);
  expect(screen.queryByRole('alert')).toBeNull();
  // A step saved before shows what was saved, unless a change made after a refused save shows instead (below).
  if (driver.server.saved[step] && !driver.changed[step]) MARKERS[step].shown();
  // Values that came from the server are not called a draft (issue 27).
  // (A plain query, not by text or role: it runs on every step of every path.)
  if (loadOnboardingDraft('42', step) === null) expect(document.querySelector('form[aria-describedby]')).toBeNull();
  // Every step has Back (spec section 2); the first one's leads out of the onboarding.
  expect(button('Back')).toBeEnabled();
  // Everything saved so far holds exactly what was typed on its step.
  for (const [saved, body] of Object.entries(driver.server.saved)) {
    expect(body).toMatchObject(MARKERS[saved as FormStep].saved);
  }
  // A change made after a refused save is on the screen, and in the draft.
  driver.changed[step]?.();
};

/** A step whose heading and address are shown while its form is not: loading, or failed to load. */
const stepWithoutForm = async (driver: Driver, step: FormStep) => {
  await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES[step]));
  expect(driver.history().at(-1)).toBe(`/onboard/42/${step}`);
  // Nothing to save yet: Next is disabled, Skip and Back still move.
  expect(button('Next')).toBeDisabled();
  expect(button('Skip')).toBeEnabled();
  expect(button('Back')).toBeEnabled();
  // The reload that got here saved nothing.
  expect(driver.server.saved).toEqual(before(driver).saved);
  expect(driver.server.puts).toHaveLength(before(driver).puts);
};

/** The changes the model's step.edit makes after a refused save, and what each must then show. */
const CHANGES: Partial<Record<FormStep, (driver: Driver) => Promise<void>>> = {
  about: async (driver) => {
    await typeInto(driver.user, 'Store URL', 'pizza-loco-nyc');
    const savedBefore = driver.server.saved.about;
    driver.changed.about = () => {
      const slug = screen.getByRole('textbox', { name: 'Store URL' });
      expect(slug).toHaveValue('pizza-loco-nyc');
      // The server's sentence went with the alert, from the field too.
      expect(slug).not.toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText(REFUSALS.save)).toBeNull();
      expect(loadOnboardingDraft('42', 'about')).toMatchObject({ name: 'Pizza Loco', slug: 'pizza-loco-nyc' });
      // Changed, not saved: the server holds what it held before the change.
      expect(driver.server.saved.about).toEqual(savedBefore);
    };
  },
  hours: async (driver) => {
    await driver.user.click(screen.getByRole('switch', { name: 'Tuesday open' }));
    const savedBefore = driver.server.saved.hours;
    driver.changed.hours = () => {
      expect(screen.getByRole('switch', { name: 'Tuesday open' })).not.toBeChecked();
      // Monday, opened before the refused save, stays open: Tuesday is the only closed day.
      expect(screen.getAllByText('Closed all day')).toHaveLength(1);
      expect(screen.queryByRole('combobox', { name: 'Tuesday opens' })).toBeNull();
      expect(loadOnboardingDraft('42', 'hours')).toMatchObject({
        hours: expect.arrayContaining([{ day_of_week: 2, closed: true, open_time: null, break_start: null, reopen_time: null, close_time: null }]),
      });
      expect(driver.server.saved.hours).toEqual(savedBefore);
    };
  },
};

/**
 * The executors, each noting first what the server holds (the assertions compare with it). Next
 * and a refused save type the step's values again, so a change made after a refused save is no
 * longer what the step shows.
 */
function noted(events: PathExecutors<Driver>['events']): PathExecutors<Driver>['events'] {
  return Object.fromEntries(
    Object.entries(events).map(([type, exec]) => [
      type,
      (driver: Driver, event) => {
        const { server } = driver;
        beforeEvent.set(driver, { saved: structuredClone(server.saved), puts: server.puts.length, launches: server.launches });
        if (type === 'step.next' || type === 'save.refuse') delete driver.changed[currentStep(driver)];
        return exec(driver, event);
      },
    ]),
  );
}

const executors: PathExecutors<Driver> = {
  events: noted({
    'step.next': async (driver) => {
      const step = currentStep(driver);
      await MARKERS[step].fill(driver.user);
      await driver.user.click(button('Next'));
    },
    'step.skip': ({ user }) => user.click(button('Skip')),
    'step.back': ({ user }) => user.click(button('Back')),
    'save.refuse': async (driver) => {
      const step = currentStep(driver);
      if (step === 'about') {
        // The owner's store URL: a 409 naming the field (Hours' refusal earlier in a walk named none).
        driver.server.refuseNextSave = REFUSALS.save;
        driver.server.refusalStatus = 409;
        driver.server.refusalFields = { slug: REFUSALS.save };
      } else {
        // Not the owner's values: the service, with no field to name.
        driver.server.refuseNextSave = REFUSALS.unavailable;
        driver.server.refusalStatus = 503;
        driver.server.refusalFields = {};
      }
      await MARKERS[step].fill(driver.user);
      await driver.user.click(button('Next'));
    },
    'step.edit': async (driver) => {
      const step = currentStep(driver);
      const change = CHANGES[step];
      if (!change) throw new Error(`The model changes nothing on ${step} after a refused save`);
      await change(driver);
    },
    'reload.fail': (driver) => {
      driver.server.failNextLoad = REFUSALS.unavailable;
      driver.reload();
    },
    'reload.slow': (driver) => {
      driver.server.holdNextLoad = true;
      driver.reload();
    },
    'load.retry': async ({ user }) => {
      await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    },
    'launch.refuse': async ({ user, server }) => {
      server.launchRefusal = REFUSALS.launch;
      await user.click(button('Launch'));
    },
    'launch.accept': async ({ user, server }) => {
      server.launchRefusal = null;
      await user.click(button('Launch'));
    },
  }),
  states: {
    location: formStep('location'),
    'about.editing': formStep('about'),
    'about.saveFailed': async (driver) => {
      const { server } = driver;
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("We couldn't save this step");
      expect(alert).toHaveTextContent(REFUSALS.save);
      // What was typed is kept, and the field the server named says why.
      expect(screen.getByRole('textbox', { name: 'Restaurant name' })).toHaveValue('Pizza Loco');
      expect(screen.getByRole('textbox', { name: 'Store URL' })).toHaveValue('pizza-loco');
      expect(screen.getAllByText(REFUSALS.save)).toHaveLength(2);
      // Sent, refused, and nothing saved by it: the server holds what it held before.
      expect(server.puts).toHaveLength(before(driver).puts + 1);
      expect(server.puts.at(-1)).toMatchObject({ step: 'about', body: MARKERS.about.saved });
      expect(server.saved).toEqual(before(driver).saved);
      expect(button('Next')).toBeEnabled();
    },
    delivery: formStep('delivery'),
    'hours.editing': formStep('hours'),
    'hours.saveFailed': async (driver) => {
      const { server } = driver;
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("We couldn't save this step");
      expect(alert).toHaveTextContent(REFUSALS.unavailable);
      expect(alert).toHaveTextContent('What you typed is kept. Press Next to try again, or change it first.');
      // No field to fix: the focus goes to the alert, and no control is marked.
      await waitFor(() => expect(alert).toHaveFocus());
      expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
      // What was set is kept on the screen, and was what the server was sent.
      expect(screen.getByRole('switch', { name: 'Monday open' })).toBeChecked();
      expect(server.puts).toHaveLength(before(driver).puts + 1);
      expect(server.puts.at(-1)).toMatchObject({ step: 'hours', body: MARKERS.hours.saved });
      expect(server.saved).toEqual(before(driver).saved);
      for (const name of ['Back', 'Skip', 'Next']) expect(button(name)).toBeEnabled();
    },
    'additional.editing': formStep('additional'),
    'additional.loadFailed': async (driver) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("We couldn't load this step");
      expect(alert).toHaveTextContent(REFUSALS.unavailable);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      await stepWithoutForm(driver, 'additional');
      expect(screen.queryByRole('checkbox', { name: 'Vegan' })).toBeNull();
    },
    'contacts.editing': formStep('contacts'),
    'contacts.loading': async (driver) => {
      expect(await screen.findByLabelText('Loading this step')).toBeInTheDocument();
      await stepWithoutForm(driver, 'contacts');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Restaurant phone' })).toBeNull();
    },
    'launch.ready': async (driver) => {
      await expectStep(driver, 'launch');
      expect(screen.getByText(/authorised to represent this restaurant/)).toHaveTextContent('information you have given is correct');
      expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      expect(screen.queryByRole('alert')).toBeNull();
      // Nothing launched: the step that got here asked for no launch, and none was ever accepted.
      expect(driver.server.launches).toBe(before(driver).launches);
      expect(driver.server.launched).toBe(0);
      // What launching now leaves out: every step the server holds nothing for, a link back to each (issue 27).
      const unsaved = FORM_STEPS.filter((step) => driver.server.saved[step] === undefined).map((step) => STEP_LABELS[step]);
      if (unsaved.length === 0) expect(screen.queryByText('Not saved yet')).toBeNull();
      else await waitFor(() => expect(unsavedLinks()).toEqual(unsaved));
      expect(button('Launch')).toBeEnabled();
    },
    'launch.refused': async (driver) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(REFUSALS.launch);
      expect(driver.history().at(-1)).toBe('/onboard/42/launch');
      expect(button('Launch')).toBeEnabled();
    },
    launched: async (driver) => {
      // Into the back office's dashboard, not the landing page (issue 40).
      await waitFor(() => expect(driver.history().at(-1)).toBe('/backoffice/dashboard'));
      // Replaced, not pushed: the launch step is no longer where Back would lead.
      expect(driver.history().at(-2)).not.toBe('/onboard/42/launch');
      expect(Object.keys(localStorage).filter((key) => key.includes('onboarding.draft'))).toEqual([]);
      expect(JSON.parse(sessionStorage.getItem('onboarding')!)).toEqual({ id: 42, launched: true });
    },
  },
};

const cases = modelPathCases(onboardingModel, executors);

describe('onboarding view: walks that take every transition of the onboarding model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(modelLeafStates(onboardingModel).every((state) => state in executors.states)).toBe(true);
    // Walks (or, with --shortest, one path per transition) that take every transition of the model.
    expect(untakenTransitions(onboardingModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderOnboarding());
      // A walk is many paths' steps in one test: a dozen seconds on an idle machine, five times that beside browser runs.
    }, 120_000);
});
