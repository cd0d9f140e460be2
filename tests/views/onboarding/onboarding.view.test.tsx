import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormStep } from '../../../src/machines/onboarding/onboarding-steps';
import { REFUSALS, onboardingModel } from '../../models/onboarding/onboarding.model';
import { modelLeafStates, modelPathCases, type PathExecutors } from '../../support/model-paths';
import { MARKERS, clearBrowserStorage, button, currentStep, expectStep, renderOnboarding, type Driver } from './onboarding-harness';

beforeEach(clearBrowserStorage);

const formStep = (step: FormStep) => async (driver: Driver) => {
  await expectStep(driver, step);
  expect(screen.queryByRole('alert')).toBeNull();
  if (driver.server.saved[step]) MARKERS[step].shown();
  // Every step has Back (spec section 2); the first one's leads out of the onboarding.
  expect(button('Back')).toBeEnabled();
  // Everything saved so far holds exactly what was typed on its step.
  for (const [saved, body] of Object.entries(driver.server.saved)) {
    expect(body).toMatchObject(MARKERS[saved as FormStep].saved);
  }
};

const executors: PathExecutors<Driver> = {
  events: {
    'step.next': async (driver) => {
      const step = currentStep(driver);
      await MARKERS[step].fill(driver.user);
      await driver.user.click(button('Next'));
    },
    'step.skip': ({ user }) => user.click(button('Skip')),
    'step.back': ({ user }) => user.click(button('Back')),
    'save.refuse': async (driver) => {
      driver.server.refuseNextSave = REFUSALS.save;
      await MARKERS.about.fill(driver.user);
      await driver.user.click(button('Next'));
    },
    'launch.refuse': async ({ user, server }) => {
      server.launchRefusal = REFUSALS.launch;
      await user.click(button('Launch'));
    },
    'launch.accept': async ({ user, server }) => {
      server.launchRefusal = null;
      await user.click(button('Launch'));
    },
  },
  states: {
    location: formStep('location'),
    'about.editing': formStep('about'),
    'about.saveFailed': async ({ server }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("We couldn't save this step");
      expect(alert).toHaveTextContent(REFUSALS.save);
      // What was typed is kept, and the field the server named says why.
      expect(screen.getByRole('textbox', { name: 'Restaurant name' })).toHaveValue('Pizza Loco');
      expect(screen.getByRole('textbox', { name: 'Store URL' })).toHaveValue('pizza-loco');
      expect(screen.getAllByText(REFUSALS.save)).toHaveLength(2);
      expect(server.saved.about).toBeUndefined();
      expect(button('Next')).toBeEnabled();
    },
    delivery: formStep('delivery'),
    hours: formStep('hours'),
    additional: formStep('additional'),
    contacts: formStep('contacts'),
    'launch.ready': async (driver) => {
      await expectStep(driver, 'launch');
      expect(screen.getByText(/authorised to represent this restaurant/)).toHaveTextContent('information you have given is correct');
      expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(driver.server.launches).toBe(0);
    },
    'launch.refused': async (driver) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(REFUSALS.launch);
      expect(driver.history().at(-1)).toBe('/onboard/42/launch');
      expect(button('Launch')).toBeEnabled();
    },
    launched: async (driver) => {
      await waitFor(() => expect(driver.history().at(-1)).toBe('/'));
      // Replaced, not pushed: the launch step is no longer where Back would lead.
      expect(driver.history().at(-2)).not.toBe('/onboard/42/launch');
      expect(Object.keys(localStorage).filter((key) => key.includes('onboarding.draft'))).toEqual([]);
      // The landing page is told, once, to say "Your restaurant is live".
      expect(sessionStorage.getItem('launch_notice')).toBe('42');
      expect(JSON.parse(sessionStorage.getItem('onboarding')!)).toEqual({ id: 42, launched: true });
    },
  },
};

const cases = modelPathCases(onboardingModel, executors);

describe('onboarding view: every path of the onboarding model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(modelLeafStates(onboardingModel).every((state) => state in executors.states)).toBe(true);
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  for (const { title, run } of cases) it(title, async () => {
    await run(renderOnboarding());
  }, 60_000);
});

