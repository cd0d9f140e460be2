import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { type DetailResponse, type ForgotRequest, type ResetRequest } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import { CODE_RESENT_NOTE, CODE_SENT_NOTE, forgotPasswordMachine } from '#src/machines/accounts/forgot-password.machine';
import { theme } from '#src/theme';
import { ForgotView } from '#src/views/accounts/forgot.view';
import { LoginView } from '#src/views/accounts/login.view';
import { FORGOT_VALUES as V, forgotModel } from '../../models/accounts/forgot-password.model';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { controlledResendLock } from './controlled-resend-lock';
import { provideChecked } from '../../support/contract-double';
import { retype } from '../../support/retype';

function renderForgot() {
  const request = createFakeActor<DetailResponse, ForgotRequest>('forgot');
  const reset = createFakeActor<DetailResponse, ResetRequest>('reset');
  const lock = controlledResendLock();
  const machine = provideChecked(forgotPasswordMachine, {
    actors: { requestCode: request.actor, resetPassword: reset.actor, resendLock: lock.machine },
  });
  const location = memoryLocation({ path: '/forgot', record: true });
  // The login screen too: a finished reset lands there.
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Switch>
          <Route path="/login">
            <LoginView />
          </Route>
          <Route>
            <ForgotView machine={machine} resendSeconds={2} />
          </Route>
        </Switch>
      </Router>
    </MantineProvider>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    request,
    reset,
    path: () => location.history!.at(-1),
    expireLock: lock.expire,
    /** The calls each fake had received just before the model's last event (a walk goes on after sends). */
    before: { request: 0, reset: 0 },
  };
}

type Driver = ReturnType<typeof renderForgot>;

const email = () => screen.getByLabelText('Email');
const boxes = () => screen.getAllByLabelText(/^Digit \d of 6$/) as HTMLInputElement[];
const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const resetButton = () => screen.getByRole('button', { name: 'Reset password' });
const resendButton = () => screen.getByRole('button', { name: 'Resend' });

/** Notes what each fake had received, so that a state can tell what its step sent. */
function noteCalls(driver: Driver) {
  driver.before = { request: driver.request.received.length, reset: driver.reset.received.length };
}

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent(
    {
      'email.fill.valid': ({ user }) => retype(user, email(), V.email),
      'email.fill.invalid': ({ user }) => retype(user, email(), V.invalidEmail),
      'request.submit': ({ user }) => user.click(screen.getByRole('button', { name: 'Send code' })),
      'request.accept': ({ request }) => request.resolve({ detail: 'ok' }),
      'request.reject': ({ request }) => request.reject(new ApiError(V.requestRejection, { status: 429 })),
      'reset.fill': async ({ user }) => {
        await user.click(boxes()[0]!);
        await user.keyboard(V.code);
        await retype(user, newPassword(), V.password);
      },
      'reset.submit': ({ user }) => user.click(resetButton()),
      'reset.accept': ({ reset }) => reset.resolve({ detail: 'ok' }),
      'reset.reject': ({ reset }) => reset.reject(new ApiError(V.rejection, { status: 400 })),
      'lock.expire': ({ expireLock }) => expireLock(),
      'code.resend': ({ user }) => user.click(resendButton()),
      'step.back': ({ user }) => user.click(screen.getByRole('button', { name: 'Use a different email' })),
    },
    noteCalls,
  ),
  states: {
    'request.blank': () => {
      expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
      expect(email()).toHaveValue('');
    },
    'request.typed': async () => {
      expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
      expect(email()).toHaveValue(V.email);
      expect(email()).not.toHaveAttribute('aria-invalid', 'true');
    },
    'request.typedInvalid': () => expect(email()).toHaveValue(V.invalidEmail),
    'request.refused': ({ request, before }) => {
      expect(email()).toHaveAccessibleDescription('Please enter a valid email.');
      // Refused on the page: nothing sent.
      expect(request.received).toHaveLength(before.request);
    },
    'request.failed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.requestRejection);
    },
    requesting: ({ request }) => {
      expect(screen.getByRole('button', { name: 'Send code' })).toHaveAttribute('data-loading');
      expect(request.pending.map((call) => call.input)).toEqual([{ email: V.email }]);
    },
    'reset.locked': async () => {
      expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(CODE_SENT_NOTE);
      expect(resendButton()).toBeDisabled();
      expect(screen.getByText(/^You can resend in 0:02$/)).toBeInTheDocument();
    },
    'reset.unlocked': () => {
      expect(resendButton()).toBeEnabled();
      expect(screen.queryByText(/You can resend/)).toBeNull();
    },
    'reset.refused': ({ reset, before }) => {
      expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
      expect(newPassword()).toHaveAccessibleDescription(/Password must be at least 8 characters\./);
      // Refused on the page: nothing sent.
      expect(reset.received).toHaveLength(before.reset);
    },
    'reset.filled': () => {
      expect(
        boxes()
          .map((box) => box.value)
          .join(''),
      ).toBe(V.code);
      expect(newPassword()).toHaveValue(V.password);
    },
    'reset.failed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.rejection);
    },
    'reset.resendFailed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.requestRejection);
      expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
      expect(resendButton()).toBeEnabled();
    },
    'reset.resent': async () => {
      expect(await screen.findByText(CODE_RESENT_NOTE)).toBeInTheDocument();
      expect(resendButton()).toBeDisabled();
    },
    resending: ({ request, before }) => {
      expect(request.pending.map((call) => call.input)).toEqual([{ email: V.email }]);
      // Resend asked once more.
      expect(request.received).toHaveLength(before.request + 1);
    },
    resetting: ({ reset }) => {
      expect(resetButton()).toHaveAttribute('data-loading');
      expect(reset.pending.map((call) => call.input)).toEqual([{ email: V.email, code: V.code, password: V.password }]);
    },
    done: ({ path }) => waitFor(() => expect(path()).toBe('/login?reset=1')),
  },
};

const cases = modelPathCases(forgotModel, executors);

describe('forgot password view: walks that take every transition of the forgot-password model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // Walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(forgotModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderForgot());
    }, 60_000);
});

describe('forgot password view: refused stages and their titles', () => {
  it('focuses the refused address, then the new stage’s heading, then the first field in error there', async () => {
    const { user, request } = renderForgot();
    await waitFor(() => expect(document.title).toBe('Forgot password · Tablefront'));
    await retype(user, email(), V.invalidEmail);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(email()).toHaveFocus());
    expect(email()).toHaveAccessibleDescription('Please enter a valid email.');
    expect(screen.queryByRole('alert')).toBeNull();

    await retype(user, email(), V.email);
    await user.keyboard('{Enter}');
    await request.resolve({ detail: 'ok' });
    const heading = await screen.findByRole('heading', { name: 'Set a new password' });
    await waitFor(() => expect(document.title).toBe('Set a new password · Tablefront'));
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(resetButton());
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    expect(boxes()[0]).toHaveAccessibleDescription('Enter the 6-digit code.');
    expect(newPassword()).toHaveAccessibleDescription(/Password must be at least 8 characters\./);
    expect(screen.getByRole('alert')).toHaveTextContent('Check 6-digit code and New password.');
  });

  it('opens the login screen with the address just reset filled in', async () => {
    const { user, request, reset } = renderForgot();
    await retype(user, email(), `  ${V.email.toUpperCase()} `);
    await user.keyboard('{Enter}');
    await request.resolve({ detail: 'ok' });
    await screen.findByRole('heading', { name: 'Set a new password' });
    await user.click(boxes()[0]!);
    await user.keyboard(V.code);
    await retype(user, newPassword(), V.password);
    await user.click(resetButton());
    await reset.resolve({ detail: 'ok' });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password was changed. Sign in with your new password.');
    expect(email()).toHaveValue(V.email);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
  });
});
