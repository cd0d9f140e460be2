import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_DEFAULTS, ONBOARDING_MESSAGES } from '#contracts/onboarding';
import { SPECIAL_DAY_DATE_MISSING } from '#contracts/shared/opening-hours';
import { wallClock } from '#contracts/shared/opening-status';
import { loadOnboardingDraft } from '#src/services/onboarding/onboarding-draft';
import { theme } from '#src/theme';
import { OnboardingArea, type OnboardingStep } from '#src/views/onboarding/onboarding-area.view';
import { REFUSALS, STEP_TITLES } from '../../models/onboarding/onboarding.model';
import {
  DRAFT_NOTE,
  MARKERS,
  clearBrowserStorage,
  apiError,
  button,
  createServer,
  expectStep,
  heading,
  machineFor,
  renderOnboarding,
  typeInto,
  unsavedLinks,
} from './onboarding-harness';

beforeEach(clearBrowserStorage);

describe('onboarding view: details', { timeout: 60_000 }, () => {
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
    expect(
      within(screen.getByRole('combobox', { name: 'Country' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['United States', 'Canada', 'United Kingdom']);
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
    // Issue 40: the switch says what on means, "Open", whatever its state (a special day's too).
    expect(screen.getByRole('switch', { name: 'Monday open' }).closest('.mantine-Switch-root')).toHaveTextContent(/^Open$/);
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

  it('previews open now on the restaurant’s clock, asks a new special day for its date before it closes anything, and ties the server’s refusal to its field', async () => {
    const server = createServer();
    // Open around the clock in Tokyo: open now, whatever the time here.
    server.saved.hours = { ...ONBOARDING_DEFAULTS.hours, open_247: true, time_zone: 'Asia/Tokyo' };
    const driver = renderOnboarding('hours', server);
    await expectStep(driver, 'hours');
    expect(screen.getByText(/^With these hours you are open now \(\d\d:\d\d in Asia\/Tokyo\)$/)).toHaveAttribute('aria-live', 'polite');
    await driver.user.click(button('Add a special day'));
    // Issue 40: the new row has no date and closes nothing; it asks for the date, and has no Open switch yet.
    const date = screen.getByLabelText('Date of special day 1');
    expect(date).toHaveFocus();
    expect(date).toHaveValue('');
    expect(date).toBeRequired();
    expect(screen.queryByRole('switch', { name: /^Open on/ })).toBeNull();
    expect(screen.getByText('Choose the date first, then whether you open that day.')).toBeInTheDocument();
    expect(screen.queryByText(/you are closed now/)).toBeNull();
    // Not saved without its date: the sentence sits at the date, which takes the focus.
    await driver.user.click(button('Next'));
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(SPECIAL_DAY_DATE_MISSING);
    expect(server.puts).toHaveLength(0);
    // Dated today, it closes today: its Open switch is off, as a closed weekday's is.
    const today = wallClock('Asia/Tokyo', new Date()).date;
    fireEvent.change(date, { target: { value: today } });
    const open = screen.getByRole('switch', { name: `Open on ${today}` });
    expect(open).not.toBeChecked();
    expect(open).toHaveAccessibleDescription('Closed all day');
    expect(screen.getByText(/^With these hours you are closed now \(\d\d:\d\d in Asia\/Tokyo\)$/)).toBeInTheDocument();
    Object.assign(server, {
      refuseNextSave: 'Some fields are not valid.',
      refusalStatus: 400,
      refusalFields: { 'special_days.0.note': 'The note must be at most 200 characters.' },
    });
    await driver.user.click(button('Next'));
    const note = screen.getByRole('textbox', { name: `Note for customers on ${today}` });
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('The note must be at most 200 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Check Special day 1 note for customers.');
  });

  /** The rail's steps marked saved (a check mark, and "(saved)" for screen readers). */
  const savedOnRail = () =>
    within(screen.getByRole('navigation', { name: 'Onboarding steps' }))
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes('(saved)'))
      .map((item) => item.textContent!.replace('(saved)', '').replace(/^\d/, '').trim());

  it('keeps typed but unsaved values through Skip, Back and a reload, calls them a draft, and shows the saved ones once saved', async () => {
    const server = createServer();
    server.saved.location = { ...ONBOARDING_DEFAULTS.location, zip_code: '10012', city: 'New York', state: 'NY' };
    const first = renderOnboarding('contacts', server);
    await expectStep(first, 'contacts');
    expect(screen.queryByText(DRAFT_NOTE)).toBeNull();
    await first.user.type(screen.getByLabelText('Mobile phone'), '917 555 0103');
    // Issue 27: Skip then Back shows the typed value; it must not pass for a saved one.
    await first.user.click(button('Skip'));
    await expectStep(first, 'launch');
    await waitFor(() => expect(unsavedLinks()).toEqual(['About', 'Delivery', 'Hours', 'Additional', 'Contacts']));
    // The rail checks only what the server holds: not the skipped steps passed on the way.
    expect(savedOnRail()).toEqual(['Location']);
    await first.user.click(button('Back'));
    await expectStep(first, 'contacts');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('917 555 0103');
    expect(screen.getByRole('form', { name: STEP_TITLES.contacts })).toHaveAccessibleDescription(DRAFT_NOTE);
    first.unmount();

    const again = renderOnboarding('contacts', server);
    await expectStep(again, 'contacts');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('917 555 0103');
    expect(screen.getByText(DRAFT_NOTE)).toBeInTheDocument();
    await again.user.click(button('Next'));
    await expectStep(again, 'launch');
    expect(loadOnboardingDraft('42', 'contacts')).toBeNull();
    expect(server.saved.contacts).toMatchObject({ mobile_phone: '917 555 0103' });
    // Launch stays; each step still missing links back to it.
    await waitFor(() => expect(unsavedLinks()).toEqual(['About', 'Delivery', 'Hours', 'Additional']));
    expect(savedOnRail()).toEqual(['Location', 'Contacts']);
    expect(button('Launch')).toBeEnabled();
    await again.user.click(screen.getByRole('link', { name: 'Hours' }));
    await expectStep(again, 'hours');
    expect(screen.queryByText(DRAFT_NOTE)).toBeNull();
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
            {({ rid }) => (
              <Route path="/:step">{(params) => <OnboardingArea restaurantId={rid} step={params.step as OnboardingStep} machine={machineFor(server)} />}</Route>
            )}
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

describe('onboarding view: focus and errors for keyboard and screen-reader users', { timeout: 60_000 }, () => {
  /** The ids an element's aria-describedby names, resolved to their text. */
  const descriptionOf = (element: HTMLElement) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `<missing ${id}>`)
      .join(' ');

  it('starts each step at its heading and names the step in the tab', async () => {
    const driver = renderOnboarding('location');
    await expectStep(driver, 'location');
    await waitFor(() => expect(heading()).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Where is your restaurant? · Onboarding · Tablefront'));
    await driver.user.click(button('Skip'));
    await expectStep(driver, 'about');
    await waitFor(() => expect(heading()).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('About your restaurant · Onboarding · Tablefront'));
  });

  it('puts the focus on the first field the step refuses, each one described by the rule', async () => {
    const driver = renderOnboarding('location');
    await expectStep(driver, 'location');
    await typeInto(driver.user, 'Zip code', '10012');
    // Enter in a field is the form's Next, as pressing the button is.
    await driver.user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 Main Street{Enter}');
    const city = screen.getByRole('textbox', { name: 'City' });
    await waitFor(() => expect(city).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Zip code' })).not.toHaveAttribute('aria-invalid');
    for (const label of ['City', 'State']) {
      const input = screen.getByRole('textbox', { name: label });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(ONBOARDING_MESSAGES.location);
    }
    expect(driver.server.puts).toEqual([]);
  });

  it('puts the focus on the field the server refused, describes it and names it in the alert', async () => {
    const server = createServer();
    const driver = renderOnboarding('about', server);
    await expectStep(driver, 'about');
    await MARKERS.about.fill(driver.user);
    server.refuseNextSave = REFUSALS.save;
    await driver.user.click(button('Next'));
    const slug = screen.getByRole('textbox', { name: 'Store URL' });
    await waitFor(() => expect(slug).toHaveFocus());
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    // The fixed host prefix, the server's sentence and the hint, in that order.
    expect(descriptionOf(slug)).toBe(`${window.location.host}/ ${REFUSALS.save} Letters, digits and hyphens only.`);
    expect(screen.getByRole('alert')).toHaveTextContent('Check Store URL.');
  });

  it('marks a chip group and the minutes the server refused, focusing the group’s first chip', async () => {
    const server = createServer();
    const driver = renderOnboarding('delivery', server);
    await expectStep(driver, 'delivery');
    server.refuseNextSave = 'Some fields are not valid.';
    server.refusalFields = {
      delivery_eta_from: 'The delivery estimate must be a whole number of minutes from 0 to 720.',
      order_types: 'Each order type may be given only once.',
    };
    await driver.user.click(button('Next'));
    const group = screen.getByRole('group', { name: 'Order types' });
    const firstChip = within(group).getAllByRole('checkbox')[0]!;
    await waitFor(() => expect(firstChip).toHaveFocus());
    expect(firstChip).toHaveAttribute('aria-invalid', 'true');
    expect(firstChip).toHaveAccessibleDescription('Each order type may be given only once.');
    expect(group).toHaveAccessibleDescription('Each order type may be given only once.');
    // Each end of a range carries its own error.
    const from = screen.getByRole('textbox', { name: 'Delivery estimate from (minutes)' });
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(/whole number of minutes/);
    expect(screen.getByRole('textbox', { name: 'Delivery estimate to (minutes)' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Check Order types and Delivery estimate from.');
  });

  it('marks the hours the step refuses and describes them by the day’s sentence', async () => {
    const driver = renderOnboarding('hours');
    await expectStep(driver, 'hours');
    await driver.user.click(screen.getByRole('switch', { name: 'Closed between certain hours' }));
    await driver.user.selectOptions(screen.getByRole('combobox', { name: 'Tuesday break starts' }), '12:00');
    await driver.user.click(button('Next'));
    const reopens = screen.getByRole('combobox', { name: 'Tuesday reopens' });
    await waitFor(() => expect(reopens).toHaveFocus());
    expect(reopens).toHaveAttribute('aria-invalid', 'true');
    expect(reopens).toHaveAccessibleDescription('Give both the break and the reopening time, or neither.');
    expect(screen.getByRole('combobox', { name: 'Tuesday break starts' })).not.toHaveAttribute('aria-invalid');
  });
});
