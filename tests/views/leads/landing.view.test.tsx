import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { Message, MessageCreate } from '#contracts/leads';
import { landingSignupMachine, type SignupRequest } from '#src/machines/leads/landing-signup.machine';
import { theme } from '#src/theme';
import { LandingView } from '#src/views/leads/landing.view';
import { SIGNUP_VALUES, landingSignupModel } from '../../models/leads/landing-signup.model';
import { checkExecutors, modelLeafStates, modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { provideChecked } from '../../support/contract-double';
import { retype } from '../../support/retype';

// ---------------------------------------------------------------------------------------------
// A fake `submitSignup` actor: each request waits until the test answers it.

type PendingRequest = { input: MessageCreate; resolve: (message: Message) => void; reject: (error: unknown) => void };

function createFakeServer() {
  const pending: PendingRequest[] = [];
  const received: MessageCreate[] = [];
  const actor = fromPromise<Message, SignupRequest>(({ input: { idempotencyKey: _key, ...input } }) => {
    received.push(input);
    return new Promise<Message>((resolve, reject) => pending.push({ input, resolve, reject }));
  });
  const take = (): PendingRequest => {
    expect(pending, 'exactly one request should be waiting for an answer').toHaveLength(1);
    return pending.shift()!;
  };
  return {
    actor,
    pending,
    received,
    accept() {
      const { input, resolve } = take();
      resolve({
        id: received.length,
        created_at: new Date().toISOString(),
        email: input.email,
        zip_code: input.zip_code,
        message: input.message ?? '',
        status: 'new',
        user_agent: 'happy-dom',
      });
    },
    /** Fails the way the older client does for our server's 400: the body inside the message. */
    reject(error: unknown) {
      take().reject(error);
    },
  };
}

type Driver = {
  user: UserEvent;
  server: ReturnType<typeof createFakeServer>;
  email: string;
  /** How many requests had been sent just before the model's last event (a walk sends several). */
  sentBefore: number;
};

function renderLanding(email = 'owner@example.com'): Driver {
  const server = createFakeServer();
  const machine = provideChecked(landingSignupMachine, { actors: { submitSignup: server.actor } });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <LandingView machine={machine} />
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), server, email, sentBefore: 0 };
}

const zipInput = () => screen.getByLabelText('Zip code');
const emailInput = () => screen.getByLabelText('Email');
const notifyButton = () => screen.getByRole('button', { name: 'Notify me!' });

function expectNoFieldSentences() {
  expect(zipInput()).not.toHaveAttribute('aria-invalid', 'true');
  expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(SIGNUP_VALUES.zipSentence)).toBeNull();
  expect(screen.queryByText(SIGNUP_VALUES.emailSentence)).toBeNull();
}

function expectEditableForm(zip: string, email: string) {
  expect(zipInput()).toHaveValue(zip);
  expect(emailInput()).toHaveValue(email);
  expect(zipInput()).not.toHaveAttribute('readonly');
  expect(notifyButton()).toBeEnabled();
  expect(notifyButton()).not.toHaveAttribute('data-loading');
}

// ---------------------------------------------------------------------------------------------
// The model's events and states, as a person does and sees them in this view.

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent<Driver>(
    {
      'fill.valid': async ({ user, email }) => {
        await retype(user, zipInput(), SIGNUP_VALUES.validZip);
        await retype(user, emailInput(), email);
      },
      'fill.invalid': async ({ user }) => {
        await retype(user, zipInput(), SIGNUP_VALUES.invalidZip);
        await retype(user, emailInput(), SIGNUP_VALUES.invalidEmail);
      },
      'form.submit': async ({ user }) => {
        await user.click(notifyButton());
      },
      'server.accept': ({ server }) => server.accept(),
      'server.reject': ({ server }) => server.reject(new Error(`HTTP 400 Bad Request: ${JSON.stringify(SIGNUP_VALUES.rejection)}`)),
      'form.reset': async ({ user }) => {
        await user.click(screen.getByRole('button', { name: 'Sign up another address' }));
      },
    },
    (driver) => {
      driver.sentBefore = driver.server.received.length;
    },
  ),
  states: {
    empty: ({ server, sentBefore }) => {
      expectEditableForm('', '');
      expectNoFieldSentences();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(server.pending).toHaveLength(0);
      expect(server.received).toHaveLength(sentBefore);
    },
    valid: ({ email }) => {
      expectEditableForm(SIGNUP_VALUES.validZip, email);
      expectNoFieldSentences();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    invalid: () => {
      expectEditableForm(SIGNUP_VALUES.invalidZip, SIGNUP_VALUES.invalidEmail);
      // Nothing is said about the values until the person submits them.
      expectNoFieldSentences();
      expect(screen.queryByRole('alert')).toBeNull();
    },
    refused: ({ server, sentBefore }) => {
      expect(zipInput()).toHaveAttribute('aria-invalid', 'true');
      expect(zipInput()).toHaveAccessibleDescription(SIGNUP_VALUES.zipSentence);
      expect(emailInput()).toHaveAccessibleDescription(SIGNUP_VALUES.emailSentence);
      // The summary names both fields; the cursor is on the first.
      expect(screen.getByRole('alert')).toHaveTextContent(/^Check Zip code and Email\.$/);
      expect(zipInput()).toHaveFocus();
      expect(notifyButton()).toBeEnabled();
      // The contract refused the values here: nothing went to the server.
      expect(server.pending).toHaveLength(0);
      expect(server.received).toHaveLength(sentBefore);
    },
    submitting: ({ server, email, sentBefore }) => {
      expect(notifyButton()).toHaveAttribute('data-loading');
      // An earlier refusal's alert is gone, so the next one is this attempt's.
      expect(screen.queryByRole('alert')).toBeNull();
      expect(notifyButton()).toBeDisabled();
      expect(zipInput()).toHaveAttribute('readonly');
      expect(server.pending.map((request) => request.input)).toEqual([{ zip_code: SIGNUP_VALUES.validZip, email, message: expect.any(String) }]);
      expect(server.received).toHaveLength(sentBefore + 1);
    },
    done: async ({ email }) => {
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(/^Thanks! We'll keep you posted\.$/);
      expect(screen.getByText(email)).toBeInTheDocument();
      expect(screen.queryByLabelText('Zip code')).toBeNull();
    },
    failed: async ({ email }) => {
      const alert = await screen.findByRole('alert');
      // The server's sentence, then the field it named; the cursor goes to that field.
      expect(alert).toHaveTextContent(new RegExp(`^${SIGNUP_VALUES.rejection.detail.replace(/[.?]/g, '\\$&')}Check Email\\.$`));
      expect(emailInput()).toHaveAccessibleDescription(SIGNUP_VALUES.rejection.fields.email);
      expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(emailInput()).toHaveFocus());
      // What the person typed is still there to fix or resend.
      expectEditableForm(SIGNUP_VALUES.validZip, email);
    },
  },
};

const cases = modelPathCases(landingSignupModel, executors);

describe('landing view: a walk that takes every transition of the sign-up model', () => {
  it('has an executor for every model event and an assertion for every model state', () => {
    expect(modelLeafStates(landingSignupModel).every((state) => state in executors.states)).toBe(true);
    // One walk (or, with --shortest, one path per transition) that takes every transition.
    expect(untakenTransitions(landingSignupModel, cases)).toEqual([]);
  });

  it('says which executor or assertion is missing', () => {
    const { 'server.reject': _reject, ...events } = executors.events;
    const { failed: _failed, ...states } = executors.states;
    expect(() => checkExecutors(landingSignupModel, { events, states })).toThrowError(
      /Events with no executor: server\.reject\.\n {2}States with no assertion: failed\./,
    );
    expect(() => checkExecutors(landingSignupModel, { events: { ...executors.events, 'form.sumbit': () => {} }, states: executors.states })).toThrowError(
      /Executors for events the model does not have: form\.sumbit/,
    );
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderLanding());
    }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe('landing view: the specified words', () => {
  it('uses the spec’s texts word for word', async () => {
    const driver = renderLanding();
    expect(notifyButton()).toHaveTextContent(/^Notify me!$/);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/register');

    await retype(driver.user, zipInput(), '94107');
    await retype(driver.user, emailInput(), driver.email);
    await driver.user.click(notifyButton());
    // A failure without any message of its own falls back to the spec's sentence.
    driver.server.reject(new Error(''));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to submit\. Please try again\.$/);

    await driver.user.click(notifyButton());
    driver.server.accept();
    expect(await screen.findByRole('status')).toHaveTextContent(/^Thanks! We'll keep you posted\.$/);
  });

  it('shows the older client’s own message when the body carries no detail', async () => {
    const driver = renderLanding();
    await retype(driver.user, zipInput(), '94107');
    await retype(driver.user, emailInput(), driver.email);
    await driver.user.click(notifyButton());
    driver.server.reject(new Error('Request timed out'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Request timed out$/);
  });

  it('names the page in the tab after its heading', async () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Online ordering and delivery, run by your restaurant.');
    await waitFor(() => expect(document.title).toBe('Online ordering and delivery, run by your restaurant · Tablefront'));
  });

  it('underlines the privacy link inside the form’s notice, so it does not stand out by colour alone', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('data-underline', 'always');
  });

  it('links the footer to the terms, the privacy policy and the operator survey', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: /survey/i })).toHaveAttribute('href', '/surveys/restaurants');
  });

  it('puts the cursor on the first field to fix, and back in the zip field for another address', async () => {
    const driver = renderLanding();
    await retype(driver.user, zipInput(), '94107');
    await driver.user.click(notifyButton());
    expect(emailInput()).toHaveFocus();

    await retype(driver.user, emailInput(), driver.email);
    await driver.user.click(notifyButton());
    driver.server.accept();
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    await driver.user.click(screen.getByRole('button', { name: 'Sign up another address' }));
    await waitFor(() => expect(zipInput()).toHaveFocus());
  });
});
