import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { LoginRequest } from '#contracts/accounts';
import type { Tokens } from '#contracts/shared/session';
import { ApiError } from '#src/services/shared/api';
import { loginMachine, type LoginSignInCall } from '#src/machines/accounts/login.machine';
import { theme } from '#src/theme';
import { LoginView, PASSWORD_CHANGED } from '#src/views/accounts/login.view';
import { LOGIN_VALUES as V, loginModel } from '../../models/accounts/login.model';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { provideChecked } from '../../support/contract-double';

function renderLogin(path = '/login?next=/backoffice/menu') {
  const check = createFakeActor<Tokens, LoginRequest>('login');
  const signIn = createFakeActor<string, LoginSignInCall>('completeSignIn');
  const machine = provideChecked(loginMachine, { actors: { checkCredentials: check.actor, completeSignIn: signIn.actor } });
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <LoginView machine={machine} />
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), check, signIn, path: () => location.history!.at(-1) };
}

type Driver = ReturnType<typeof renderLogin>;

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const remember = () => screen.getByRole('switch', { name: 'Remember me' });
const loginButton = () => screen.getByRole('button', { name: 'Login' });

const executors: PathExecutors<Driver> = {
  events: {
    fill: async ({ user }) => {
      await user.type(email(), V.email);
      await user.type(password(), V.password);
    },
    'remember.off': ({ user }) => user.click(remember()),
    'password.show': ({ user }) => user.click(screen.getByRole('button', { name: 'Show or hide password' })),
    'form.submit': ({ user }) => user.click(loginButton()),
    'credentials.accept': ({ check }) => check.resolve({ access: 'A', refresh: 'R' }),
    'credentials.reject': ({ check }) => check.reject(new ApiError(V.rejection, { status: 401 })),
    'signin.accept': ({ signIn }) => signIn.resolve(V.destination),
  },
  states: {
    blank: () => {
      expect(email()).toHaveValue('');
      expect(password()).toHaveAttribute('type', 'password');
      expect(remember()).toBeChecked();
      expect(loginButton()).toBeEnabled();
    },
    filled: () => {
      expect(email()).toHaveValue(V.email);
      expect(password()).toHaveValue(V.password);
      expect(password()).toHaveAttribute('type', 'password');
      expect(remember()).toBeChecked();
    },
    forgetful: () => expect(remember()).not.toBeChecked(),
    revealed: () => expect(password()).toHaveAttribute('type', 'text'),
    checking: ({ check }) => {
      expect(loginButton()).toHaveAttribute('data-loading');
      // Sent as typed: login has no client-side checks (spec section 5).
      expect(check.pending.map((call) => call.input)).toEqual([{ email: V.email, password: V.password }]);
    },
    failed: async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.rejection);
      expect(email()).toHaveValue(V.email);
      expect(loginButton()).toBeEnabled();
    },
    signingIn: ({ signIn }) => {
      expect(signIn.pending).toHaveLength(1);
      const call = signIn.pending[0]!.input;
      expect(call.tokens).toEqual({ access: 'A', refresh: 'R' });
      expect(call.next).toBe('/backoffice/menu');
      expect(call.remember).toBe((remember() as HTMLInputElement).checked);
    },
    done: ({ path }) => waitFor(() => expect(path()).toBe(V.destination)),
  },
};

const cases = modelPathCases(loginModel, executors);

describe('login view: walks that take every transition of the login model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // Walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(loginModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderLogin());
    }, 60_000);
});

describe('login view: the specified words and links', () => {
  it('has the Forgot password and Join links, Google enabled, Apple and Facebook coming soon', () => {
    renderLogin('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot');
    expect(screen.getAllByRole('link', { name: 'Join' }).every((link) => link.getAttribute('href') === '/register')).toBe(true);
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/v2/auth/social/google/start/');
    expect(screen.getByRole('button', { name: 'Continue with Apple (coming soon)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Facebook (coming soon)' })).toBeDisabled();
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull();
  });

  it('says the password was changed after a reset (/login?reset=1)', () => {
    renderLogin('/login?reset=1');
    expect(screen.getByRole('status')).toHaveTextContent(PASSWORD_CHANGED);
  });
});

describe('login view: a refused submit', () => {
  it('marks the one field the server names with its sentence alone and puts the focus on it', async () => {
    const { user } = renderLogin('/login');
    expect(document.title).toBe('Sign in · Tablefront');
    // Nothing typed: the real call is refused as the server refuses an empty address.
    await user.click(loginButton());
    await waitFor(() => expect(email()).toHaveFocus());
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Please enter a valid email.');
    expect(password()).not.toHaveAttribute('aria-invalid');
    // One field in error: its own message is the one message, no summary repeating it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('Please enter a valid email.')).toHaveLength(1);

    await user.type(email(), V.email);
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the focus on the alert when the server names no field', async () => {
    const { user, check } = renderLogin('/login');
    await user.type(email(), V.email);
    await user.type(password(), V.password);
    await user.keyboard('{Enter}');
    await check.reject(new ApiError(V.rejection, { status: 401 }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${V.rejection}$`));
    expect(email()).not.toHaveAttribute('aria-invalid');
  });
});
