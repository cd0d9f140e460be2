import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_DEFAULTS, ONBOARDING_MESSAGES } from '../../../contracts/onboarding';
import { onboardingMachine, type StepLoad, type StepSave } from '../../../src/machines/onboarding/onboarding.machine';
import type { FormStep } from '../../../src/machines/onboarding/onboarding-steps';
import { ApiError } from '../../../src/services/shared/api';
import { loadOnboardingDraft } from '../../../src/services/onboarding/onboarding-draft';
import { theme } from '../../../src/theme';
import { OnboardingArea, type OnboardingStep } from '../../../src/views/onboarding/onboarding-area.view';
import { REFUSALS, STEP_TITLES, onboardingModel } from '../../models/onboarding/onboarding.model';
import { checkExecutors, modelEventTypes, modelLeafStates, modelPathCases, type PathExecutors } from '../../support/model-paths';
import { provideChecked } from '../../support/contract-double';

// ---------------------------------------------------------------------------------------------
// A server in memory, reached through the machine's actors (machine.provide, no module mocks).
// Drafts go to jsdom's real localStorage through the real draft store.

type Server = {
  saved: Partial<Record<FormStep, Record<string, unknown>>>;
  puts: StepSave[];
  /** The sentence the next PUT is refused with (409, on the slug), then forgotten. */
  refuseNextSave: string | null;
  launchRefusal: string | null;
  failLoads: boolean;
  launches: number;
  upload: (file: File | Blob) => Promise<string>;
};

function createServer(): Server {
  return {
    saved: {},
    puts: [],
    refuseNextSave: null,
    launchRefusal: null,
    failLoads: false,
    launches: 0,
    upload: async () => '/uploads/logo-1.png',
  };
}

/** Failures as the real API client throws them. */
const apiError = (status: number, detail: string, fields?: Record<string, string>) =>
  new ApiError(detail, { status, code: 'refused', ...(fields ? { fields } : {}) });

function machineFor(server: Server) {
  return provideChecked(onboardingMachine, {
    actors: {
      loadStep: fromPromise<StepLoad, { restaurantId: string; step: FormStep }>(async ({ input }) => {
        if (server.failLoads) throw apiError(503, 'The service is temporarily unavailable.');
        return { saved: server.saved[input.step] ?? ONBOARDING_DEFAULTS[input.step], draft: loadOnboardingDraft(input.restaurantId, input.step) };
      }),
      saveStep: fromPromise<unknown, StepSave>(async ({ input }) => {
        server.puts.push(input);
        const refusal = server.refuseNextSave;
        server.refuseNextSave = null;
        if (refusal !== null) throw apiError(409, refusal, { slug: refusal });
        server.saved[input.step] = input.body as Record<string, unknown>;
        return input.body;
      }),
      uploadLogo: fromPromise<string, { file: File | Blob }>(({ input }) => server.upload(input.file)),
      launchOnboarding: fromPromise<unknown, { restaurantId: string }>(async () => {
        server.launches += 1;
        if (server.launchRefusal !== null) throw apiError(400, server.launchRefusal);
        return { id: 42, launched: true };
      }),
    },
  });
}

type Driver = { user: UserEvent; server: Server; history: () => string[] };

function renderOnboarding(step: OnboardingStep = 'location', server: Server = createServer()): Driver & { unmount: () => void } {
  const memory = memoryLocation({ path: `/onboard/42/${step}`, record: true });
  const machine = machineFor(server);
  const { unmount } = render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={memory.hook}>
        <Route path="/onboard/:rid" nest>
          {({ rid }) => (
            <Route path="/:step">
              {(params) => <OnboardingArea restaurantId={rid} step={params.step as OnboardingStep} machine={machine} />}
            </Route>
          )}
        </Route>
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), server, history: () => memory.history!, unmount };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const button = (name: string) => screen.getByRole('button', { name });
const heading = () => screen.getByRole('heading', { level: 1 });

async function expectStep(driver: Driver, step: OnboardingStep) {
  await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES[step]));
  await waitFor(() => expect(driver.history().at(-1)).toBe(`/onboard/42/${step}`));
  if (step !== 'launch') await waitFor(() => expect(button('Next')).toBeEnabled());
}

function currentStep(driver: Driver): FormStep {
  return driver.history().at(-1)!.split('/').at(-1) as FormStep;
}

/** Types a field unless it already holds the value (a step seen again shows what was saved). */
async function typeInto(user: UserEvent, label: string, value: string) {
  // By role: Mantine's required asterisk is hidden from the accessible name, not from the label text.
  const input = screen.getByRole('textbox', { name: label });
  if ((input as HTMLInputElement).value === value) return;
  await user.clear(input);
  await user.type(input, value);
}

/** What the owner fills in on each step, and what the server must then hold. */
const MARKERS: Record<FormStep, { fill: (user: UserEvent) => Promise<void>; saved: Record<string, unknown>; shown: () => void }> = {
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
    saved: { hours: expect.arrayContaining([{ day_of_week: 1, closed: false, open_time: '08:00', break_start: null, reopen_time: null, close_time: '20:00' }]) },
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
    expect(Object.keys(executors.events).sort()).toEqual(modelEventTypes(onboardingModel));
    expect(modelLeafStates(onboardingModel).every((state) => state in executors.states)).toBe(true);
    expect(() => checkExecutors(onboardingModel, executors)).not.toThrow();
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('$name', async ({ run }) => {
    await run(renderOnboarding());
  }, 60_000);
});

describe('onboarding view: details', () => {
  it('leaves the first step with Back for the home page when the onboarding was the first page opened', async () => {
    const driver = renderOnboarding('location');
    await expectStep(driver, 'location');
    await driver.user.click(button('Back'));
    await waitFor(() => expect(driver.history().at(-1)).toBe('/'));
  });

  it('leaves the first step with Back for the page before the onboarding, passing over its steps and the sign-in pages', async () => {
    // The first page was another document: the browser hides its address (Referrer-Policy: no-referrer).
    const urls = [null, '/register', '/onboard/42/location', '/onboard/42/about', '/onboard/42/location'];
    const entries = urls.map((path, index) => ({ key: `k${index}`, index, url: path && `http://localhost${path}` }));
    const traversed: string[] = [];
    const navigation = { currentEntry: entries.at(-1), entries: () => entries, traverseTo: (key: string) => traversed.push(key) };
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    try {
      const driver = renderOnboarding('location');
      await expectStep(driver, 'location');
      await driver.user.click(button('Back'));
      expect(traversed).toEqual(['k0']);
      expect(driver.history().at(-1)).toBe('/onboard/42/location');
    } finally {
      Reflect.deleteProperty(window, 'navigation');
    }
  });

  it('says the location rule once and marks the three empty fields', async () => {
    const driver = renderOnboarding('location');
    await expectStep(driver, 'location');
    await driver.user.click(button('Next'));
    expect(await screen.findAllByText(ONBOARDING_MESSAGES.location)).toHaveLength(1);
    for (const label of ['Zip code', 'City', 'State']) expect(screen.getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
    expect(driver.server.puts).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    expect(within(screen.getByRole('combobox', { name: 'Country' })).getAllByRole('option').map((option) => option.textContent))
      .toEqual(['United States', 'Canada', 'United Kingdom']);
  });

  it('shows the host prefix, sanitises the store URL as typed and names the host when it is empty', async () => {
    const driver = renderOnboarding('about');
    await expectStep(driver, 'about');
    expect(screen.getByText(`${window.location.host}/`)).toBeInTheDocument();
    await driver.user.type(screen.getByRole('textbox', { name: 'Store URL' }), 'Pizza Loco #1');
    expect(screen.getByRole('textbox', { name: 'Store URL' })).toHaveValue('pizzaloco1');
    await driver.user.clear(screen.getByRole('textbox', { name: 'Store URL' }));
    await driver.user.click(button('Next'));
    expect(await screen.findByText(ONBOARDING_MESSAGES.slug(window.location.host))).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.name)).toBeInTheDocument();
  });

  it('uploads a logo and previews it, or says “Upload failed: …”', async () => {
    const server = createServer();
    const driver = renderOnboarding('about', server);
    await expectStep(driver, 'about');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await driver.user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/uploads/logo-1.png');
    server.upload = () => Promise.reject(apiError(415, 'The file is not an image.'));
    await driver.user.upload(input, new File(['txt'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed: The file is not an image.');
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/uploads/logo-1.png');
  });

  it('adds zip pills with Enter (trimmed, empty ignored, duplicates dropped) and removes them', async () => {
    const driver = renderOnboarding('delivery');
    await expectStep(driver, 'delivery');
    expect(screen.queryByLabelText('Add a zip code')).toBeNull();
    await driver.user.click(screen.getByRole('radio', { name: 'Zip code' }));
    const field = screen.getByLabelText('Add a zip code');
    for (const typed of [' 10012 ', '   ', '10012', '10013']) await driver.user.type(field, `${typed}{Enter}`);
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((pill) => pill.getAttribute('aria-label'))).toEqual(['Remove 10012', 'Remove 10013']);
    await driver.user.click(button('Remove 10012'));
    expect(screen.queryByRole('button', { name: 'Remove 10012' })).toBeNull();
    // Enter added pills; it did not submit the step.
    expect(driver.server.puts).toEqual([]);
  });

  it('starts delivery from the defaults of section 9 and sends empty numbers as 0', async () => {
    const driver = renderOnboarding('delivery');
    await expectStep(driver, 'delivery');
    expect(screen.getByLabelText('Delivery estimate from (minutes)')).toHaveValue('20');
    expect(screen.getByLabelText('Delivery estimate to (minutes)')).toHaveValue('30');
    expect(screen.getByLabelText('Pickup estimate from (minutes)')).toHaveValue('10');
    expect(screen.getByLabelText('Pickup estimate to (minutes)')).toHaveValue('20');
    expect(screen.getByLabelText('Free delivery over')).toHaveValue('10.00');
    expect(screen.getByRole('switch', { name: 'Automatically request a platform driver' })).not.toBeChecked();
    for (const type of ['Online', 'Call in', 'In Person']) expect(screen.getByRole('checkbox', { name: type })).toBeChecked();
    await driver.user.click(screen.getByRole('switch', { name: 'Apply a delivery fee' }));
    await driver.user.clear(screen.getByLabelText('Delivery fee'));
    await driver.user.clear(screen.getByLabelText('Pickup estimate from (minutes)'));
    await driver.user.click(button('Next'));
    await expectStep(driver, 'hours');
    expect(driver.server.saved.delivery).toMatchObject({ apply_delivery_fee: true, delivery_fee: 0, pickup_eta_from: 0 });
  });

  it('applies the hours rules: 24/7 clears and disables, “closed between” off clears the breaks', async () => {
    const driver = renderOnboarding('hours');
    await expectStep(driver, 'hours');
    const { user } = driver;
    expect(screen.getByRole('switch', { name: 'Monday open' })).not.toBeChecked();
    expect(screen.getByLabelText('Tuesday opens')).toHaveValue('08:00');
    expect(within(screen.getByLabelText('Tuesday opens')).getAllByRole('option')).toHaveLength(96);
    expect(screen.queryByLabelText('Tuesday break starts')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Closed between certain hours' }));
    await user.selectOptions(screen.getByLabelText('Tuesday break starts'), '14:00');
    await user.selectOptions(screen.getByLabelText('Tuesday reopens'), '16:00');
    await user.click(screen.getByRole('switch', { name: 'Closed between certain hours' }));
    await user.click(screen.getByRole('switch', { name: 'Closed between certain hours' }));
    expect(screen.getByLabelText('Tuesday break starts')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Friday opens'), '18:00');
    await user.selectOptions(screen.getByLabelText('Friday closes'), '02:00');
    expect(screen.getByText('next day')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Open 24/7' }));
    expect(screen.getByRole('switch', { name: 'Closed between certain hours' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Closed between certain hours' })).not.toBeChecked();
    expect(screen.queryByLabelText('Friday opens')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Open 24/7' }));
    expect(screen.getByLabelText('Friday opens')).toHaveValue('08:00');
  });

  it('keeps typed but unsaved values through a reload, and shows the saved ones once saved', async () => {
    const server = createServer();
    const first = renderOnboarding('contacts', server);
    await expectStep(first, 'contacts');
    await first.user.type(screen.getByLabelText('Mobile phone'), '917 555 0103');
    first.unmount();

    const again = renderOnboarding('contacts', server);
    await expectStep(again, 'contacts');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('917 555 0103');
    await again.user.click(button('Next'));
    await expectStep(again, 'launch');
    expect(loadOnboardingDraft('42', 'contacts')).toBeNull();
    expect(server.saved.contacts).toMatchObject({ mobile_phone: '917 555 0103' });
  });

  it('says when a step cannot be loaded and tries again', async () => {
    const server = createServer();
    server.failLoads = true;
    const driver = renderOnboarding('hours', server);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is temporarily unavailable.');
    expect(button('Next')).toBeDisabled();
    server.failLoads = false;
    await driver.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expectStep(driver, 'hours');
  });

  it('follows the address: another step named there is opened', async () => {
    const server = createServer();
    server.saved.contacts = { ...ONBOARDING_DEFAULTS.contacts, restaurant_phone: '212 555 0100' };
    const memory = memoryLocation({ path: '/onboard/42/location', record: true });
    render(
      <MantineProvider env="test" theme={theme}>
        <Router hook={memory.hook}>
          <Route path="/onboard/:rid" nest>
            {({ rid }) => <Route path="/:step">{(params) => <OnboardingArea restaurantId={rid} step={params.step as OnboardingStep} machine={machineFor(server)} />}</Route>}
          </Route>
        </Router>
      </MantineProvider>,
    );
    await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES.location));
    act(() => memory.navigate('/onboard/42/contacts'));
    await waitFor(() => expect(heading()).toHaveTextContent(STEP_TITLES.contacts));
    await waitFor(() => expect(screen.getByLabelText('Restaurant phone')).toHaveValue('212 555 0100'));
  });
});
