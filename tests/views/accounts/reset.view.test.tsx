import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { DetailResponse, ResetRequest } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import { resetPasswordMachine } from '#src/machines/accounts/reset-password.machine';
import { theme } from '#src/theme';
import { ResetView } from '#src/views/accounts/reset.view';
import { RESET_VALUES as V, resetModel } from '../../models/accounts/reset-password.model';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { provideChecked } from '../../support/contract-double';
import { retype } from '../../support/retype';

function renderReset(searchPath = '') {
  const reset = createFakeActor<DetailResponse, ResetRequest>('reset');
  const machine = provideChecked(resetPasswordMachine, { actors: { resetPassword: reset.actor } });
  const location = memoryLocation({ path: '/reset', searchPath, record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ResetView machine={machine} />
      </Router>
    </MantineProvider>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    reset,
    path: () => location.history!.at(-1),
    /** The reset calls received just before the model's last event (a walk goes on after sends). */
    resetsBefore: 0,
  };
}

type Driver = ReturnType<typeof renderReset>;

const email = () => screen.getByLabelText('Email');
const boxes = () => screen.getAllByLabelText(/^Digit \d of 6$/) as HTMLInputElement[];
const password = () => screen.getByLabelText('New password', { selector: 'input' });
const confirm = () => screen.getByLabelText('Confirm password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Reset password' });

async function fill(user: UserEvent, confirmation: string) {
  await retype(user, email(), V.email);
  await user.click(boxes()[0]!);
  await user.keyboard(V.code);
  await retype(user, password(), V.password);
  await retype(user, confirm(), confirmation);
}

/** Notes the reset calls received, so that a state can tell what its step sent. */
function noteResets(driver: Driver) {
  driver.resetsBefore = driver.reset.received.length;
}

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent(
    {
      'fill.valid': ({ user }) => fill(user, V.password),
      'fill.mismatch': ({ user }) => fill(user, V.other),
      'form.submit': ({ user }) => user.click(submit()),
      'server.accept': ({ reset }) => reset.resolve({ detail: 'ok' }),
      'server.reject': ({ reset }) => reset.reject(new ApiError(V.rejection, { status: 400 })),
      'server.fail': ({ reset }) => reset.reject(new Error('')),
    },
    noteResets,
  ),
  states: {
    blank: () => {
      expect(email()).toHaveValue('');
      expect(submit()).toBeEnabled();
    },
    refusedBlank: ({ reset, resetsBefore }) => {
      expect(email()).toHaveAccessibleDescription('Please enter your email.');
      expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
      expect(password()).toHaveAccessibleDescription(/Password must be at least 8 characters\./);
      // Refused on the page: nothing sent.
      expect(reset.received).toHaveLength(resetsBefore);
    },
    mismatched: () => expect(confirm()).toHaveValue(V.other),
    refusedMismatch: ({ reset, resetsBefore }) => {
      expect(confirm()).toHaveAccessibleDescription('Passwords do not match.');
      expect(reset.received).toHaveLength(resetsBefore);
    },
    filled: () => {
      expect(
        boxes()
          .map((box) => box.value)
          .join(''),
      ).toBe(V.code);
      expect(screen.queryByText('Passwords do not match.')).toBeNull();
    },
    saving: ({ reset }) => {
      expect(submit()).toHaveAttribute('data-loading');
      expect(reset.pending.map((call) => call.input)).toEqual([{ email: V.email, code: V.code, password: V.password }]);
    },
    failed: async () => expect(await screen.findByRole('alert')).toHaveTextContent(V.rejection),
    failedSilently: async () => expect(await screen.findByRole('alert')).toHaveTextContent(/^Could not reset password\.$/),
    done: ({ path }) => waitFor(() => expect(path()).toBe('/login?reset=1')),
  },
};

const cases = modelPathCases(resetModel, executors);

describe('reset view: walks that take every transition of the reset-password model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // Walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(resetModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderReset());
    }, 60_000);
});

describe('reset view', () => {
  it('takes the address from /reset?email=', () => {
    renderReset('email=owner%40example.com');
    expect(email()).toHaveValue('owner@example.com');
  });
});

describe('reset view: a refused submit', () => {
  it('marks every field in error, names them in the alert and focuses the first', async () => {
    const { user } = renderReset();
    expect(document.title).toBe('Reset password · Tablefront');
    await user.click(submit());
    await waitFor(() => expect(email()).toHaveFocus());
    expect(email()).toHaveAccessibleDescription('Please enter your email.');
    boxes().forEach((box) => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Check Email, 6-digit code, and New password.');
  });
});

describe('reset view: the server refuses the new password', () => {
  // The server's own sentences (server/domain/accounts/password-policy.ts), shown on the password field.
  it.each([
    'This password is one of the most common ones. Please choose one that is harder to guess.',
    'Please choose a password that does not contain your email address.',
  ])('shows it on the New password field: %s', async (sentence) => {
    const { user, reset } = renderReset();
    await fill(user, V.password);
    await user.click(submit());
    await reset.reject(new ApiError(sentence, { status: 400, code: 'weak_password', fields: { password: sentence } }));
    await waitFor(() => expect(password()).toHaveFocus());
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription(expect.stringContaining(sentence));
    // The field's message is the one message: no summary saying it again.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
