import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse, RegisterRequest, RegisterResponse, VerifyRequest, VerifyResponse } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import { CODE_RESENT, registrationMachine, type ProfileCall, type SignInCall } from '#src/machines/accounts/registration.machine';
import { theme } from '#src/theme';
import { EXISTING_NOTE, RegisterView } from '#src/views/accounts/register.view';
import { REGISTRATION_VALUES as V, registrationModel } from '../../models/accounts/registration.model';
import { createFakeActor } from '../../support/fake-actor';
import { modelPathCases, untakenTransitions, type PathExecutors } from '../../support/model-paths';
import { notedBeforeEachEvent } from '../../support/noted-executors';
import { controlledResendLock } from './controlled-resend-lock';
import { provideChecked } from '../../support/contract-double';
import { retype } from '../../support/retype';

function renderRegister() {
  const register = createFakeActor<RegisterResponse, RegisterRequest>('register');
  const verify = createFakeActor<VerifyResponse, VerifyRequest>('verify');
  const profile = createFakeActor<ProfileResponse, ProfileCall>('profile');
  const signIn = createFakeActor<string, SignInCall>('completeSignIn');
  const lock = controlledResendLock();
  const machine = provideChecked(registrationMachine, {
    actors: { registerEmail: register.actor, verifyCode: verify.actor, saveProfile: profile.actor, completeSignIn: signIn.actor, resendLock: lock.machine },
  });
  const location = memoryLocation({ path: '/register', record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <RegisterView machine={machine} />
      </Router>
    </MantineProvider>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    register,
    verify,
    profile,
    signIn,
    path: () => location.history!.at(-1),
    expireLock: lock.expire,
    /** The calls each fake had received just before the model's last event (a walk goes on after sends). */
    before: { register: 0, verify: 0, profile: 0 },
  };
}

type Driver = ReturnType<typeof renderRegister>;

const emailInput = () => screen.getByLabelText('Email');
const terms = () => screen.getByRole('checkbox');
const joinButton = () => screen.getByRole('button', { name: 'Join' });
const codeBoxes = () => screen.getAllByLabelText(/^Digit \d of 6$/);
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const resendButton = () => screen.getByRole('button', { name: 'Resend' });

/** Notes what each fake had received, so that a state can tell what its step sent. */
function noteCalls(driver: Driver) {
  driver.before = { register: driver.register.received.length, verify: driver.verify.received.length, profile: driver.profile.received.length };
}

const onCodeStep = () => screen.queryByRole('heading', { name: 'Check Your Email' }) !== null;

const executors: PathExecutors<Driver> = {
  events: notedBeforeEachEvent(
    {
      'email.fill.valid': ({ user }) => retype(user, emailInput(), V.email),
      'email.fill.invalid': ({ user }) => retype(user, emailInput(), V.invalidEmail),
      'terms.tick': ({ user }) => user.click(terms()),
      'email.submit': ({ user }) => user.click(joinButton()),
      'register.accept': ({ register }) => register.resolve({ detail: 'sent', existing: false }),
      // Joining is refused as invalid; a resend (on the code step) as too soon.
      'register.reject': ({ register }) =>
        register.reject(onCodeStep() ? new ApiError(V.resendRejection, { status: 429 }) : new ApiError('Invalid input.', { status: 400 })),
      'register.alreadySent': ({ register }) => register.reject(new ApiError(V.alreadySent, { status: 429, code: 'code_already_sent', retryAfter: 42 })),
      'code.paste': async ({ user }) => {
        await user.click(codeBoxes()[0]!);
        await user.paste(V.pastedCode);
      },
      'code.submit': ({ user }) => user.click(verifyButton()),
      'verify.needProfile': ({ verify }) => verify.resolve({ access: 'A1', refresh: 'R1', need_profile: true }),
      'verify.signedUp': ({ verify }) => verify.resolve({ access: 'A1', refresh: 'R1', need_profile: false }),
      'verify.reject': ({ verify }) => verify.reject(new ApiError(V.verifyRejection, { status: 400 })),
      'profile.fill': async ({ user }) => {
        await retype(user, screen.getByLabelText('First name'), V.first);
        await retype(user, screen.getByLabelText('Last name'), V.last);
        await retype(user, screen.getByLabelText('Password', { selector: 'input' }), V.password);
      },
      'profile.submit': ({ user }) => user.click(screen.getByRole('button', { name: "Let's go" })),
      'profile.accept': ({ profile }) => profile.resolve({ access: 'A2', refresh: 'R2' }),
      'profile.reject': ({ profile }) => profile.reject(new ApiError(V.profileRejection, { status: 400 })),
      'step.back': ({ user }) => user.click(screen.getByRole('button', { name: 'Back' })),
      'signin.accept': ({ signIn }) => signIn.resolve(V.destination),
      'lock.expire': ({ expireLock }) => expireLock(),
      'code.resend': ({ user }) => user.click(resendButton()),
      'email.change': ({ user }) => user.click(screen.getByRole('button', { name: 'Use a different email' })),
    },
    noteCalls,
  ),
  states: {
    'email.blank': () => {
      expect(emailInput()).toHaveValue('');
      expect(joinButton()).toBeDisabled();
      expect(screen.getByText('You must accept Terms and Privacy.')).toBeInTheDocument();
    },
    'email.typed': () => {
      expect(emailInput()).toHaveValue(V.email);
      expect(joinButton()).toBeDisabled();
    },
    'email.typedInvalid': () => {
      expect(emailInput()).toHaveValue(V.invalidEmail);
      expect(joinButton()).toBeDisabled();
      expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
    },
    'email.ready': () => {
      expect(terms()).toBeChecked();
      expect(joinButton()).toBeEnabled();
      expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
    },
    'email.readyInvalid': () => {
      expect(joinButton()).toBeEnabled();
      expect(emailInput()).toHaveValue(V.invalidEmail);
    },
    'email.refused': ({ register, before }) => {
      expect(emailInput()).toHaveAccessibleDescription('Please enter a valid email.');
      // Refused on the page: Join sent nothing.
      expect(register.received).toHaveLength(before.register);
    },
    'email.failed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Account already exists$/);
      expect(emailInput()).toHaveValue(V.email);
    },
    'email.returned': async ({ register, before }) => {
      expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
      expect(emailInput()).toHaveValue(V.email);
      // Going back sends nothing; the address had been sent once at least.
      expect(before.register).toBeGreaterThan(0);
      expect(register.received).toHaveLength(before.register);
    },
    sending: ({ register }) => {
      expect(joinButton()).toHaveAttribute('data-loading');
      expect(register.pending.map((call) => call.input)).toEqual([{ email: V.email, accepted_terms: true }]);
    },
    'code.blank': async () => {
      expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
      expect(codeBoxes()).toHaveLength(6);
      codeBoxes().forEach((box) => expect(box).toHaveValue(''));
      expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
      expect(screen.getByText(/^You can resend in 1:00$/)).toBeInTheDocument();
      expect(screen.queryByText(EXISTING_NOTE)).toBeNull();
    },
    'code.alreadySent': async () => {
      expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
      expect(screen.getByText(V.alreadySent)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      // Locked for the wait the server named, not the usual minute.
      expect(resendButton()).toBeDisabled();
      expect(screen.getByText(/^You can resend in 0:42$/)).toBeInTheDocument();
      codeBoxes().forEach((box) => expect(box).toHaveValue(''));
    },
    'code.unlocked': () => {
      expect(resendButton()).toBeEnabled();
      expect(screen.queryByText(/You can resend/)).toBeNull();
    },
    'code.resent': async () => {
      expect(await screen.findByText(CODE_RESENT)).toBeInTheDocument();
      expect(resendButton()).toBeDisabled();
      expect(screen.getByText(/^You can resend in 1:00$/)).toBeInTheDocument();
    },
    'code.resendFailed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.resendRejection);
      expect(resendButton()).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    },
    resending: ({ register, before }) => {
      expect(register.pending.map((call) => call.input)).toEqual([{ email: V.email, accepted_terms: true }]);
      // Resend sent the address once more.
      expect(register.received).toHaveLength(before.register + 1);
    },
    'code.refused': () => {
      expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: '6-digit code' })).toHaveAccessibleDescription('Enter the 6-digit code.');
    },
    'code.filled': () => {
      // A pasted message spreads its six digits over the six boxes.
      expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual(V.code.split(''));
      expect(screen.queryByText('Enter the 6-digit code.')).toBeNull();
    },
    'code.failed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.verifyRejection);
      expect(
        codeBoxes()
          .map((box) => (box as HTMLInputElement).value)
          .join(''),
      ).toBe(V.code);
    },
    'code.verified': ({ verify, before }) => {
      expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
      expect(
        codeBoxes()
          .map((box) => (box as HTMLInputElement).value)
          .join(''),
      ).toBe(V.code);
      // Back from the profile sends nothing; the code had been accepted once.
      expect(before.verify).toBeGreaterThan(0);
      expect(verify.received).toHaveLength(before.verify);
    },
    verifying: ({ verify }) => {
      expect(verifyButton()).toHaveAttribute('data-loading');
      expect(verify.pending.map((call) => call.input)).toEqual([{ email: V.email, code: V.code }]);
    },
    'profile.blank': async () => {
      expect(await screen.findByRole('heading', { name: 'Join' })).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('');
      expect(screen.getByRole('button', { name: "Let's go" })).toBeEnabled();
    },
    'profile.refused': ({ profile, before }) => {
      expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Please enter your name.');
      expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Please enter your name.');
      expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
      // Refused on the page: nothing sent.
      expect(profile.received).toHaveLength(before.profile);
    },
    'profile.filled': () => {
      expect(screen.getByLabelText('First name')).toHaveValue(V.first);
      expect(screen.queryByText('Please enter your name.')).toBeNull();
    },
    'profile.failed': async () => {
      expect(await screen.findByRole('alert')).toHaveTextContent(V.profileRejection);
      expect(screen.getByLabelText('Last name')).toHaveValue(V.last);
    },
    saving: ({ profile }) => {
      expect(screen.getByRole('button', { name: "Let's go" })).toHaveAttribute('data-loading');
      expect(profile.pending.map((call) => call.input)).toEqual([
        { profile: { email: V.email, first_name: V.first, last_name: V.last, password: V.password }, accessToken: 'A1' },
      ]);
    },
    signingIn: async ({ signIn }) => {
      expect(await screen.findByText('Setting up your account…')).toBeInTheDocument();
      expect(signIn.pending).toHaveLength(1);
      expect(signIn.pending[0]!.input.remember).toBe(true);
    },
    done: async ({ path }) => {
      await waitFor(() => expect(path()).toBe(V.destination));
    },
  },
};

const cases = modelPathCases(registrationModel, executors);

describe('registration view: walks that take every transition of the registration model', () => {
  it('has an executor for every event and an assertion for every state', () => {
    // Walks (or, with --shortest, one path per transition) that take every transition.
    expect(untakenTransitions(registrationModel, cases)).toEqual([]);
  });

  for (const { title, run } of cases)
    it(title, async () => {
      await run(renderRegister());
      // A walk is many paths' steps in one test: a dozen seconds on an idle machine, five times that beside browser runs.
    }, 120_000);
});

describe('registration view: the specified words and links', () => {
  it('links Terms and Privacy in new tabs from the 18+ checkbox, and shows Google enabled, Apple and Facebook coming soon', () => {
    renderRegister();
    const label = terms().closest('.mantine-Checkbox-root') as HTMLElement;
    expect(label).toHaveTextContent('I am at least 18 years old and I accept the Terms and Privacy policy.');
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ] as const) {
      const link = within(label).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/v2/auth/social/google/start/');
    expect(screen.getByRole('button', { name: 'Continue with Apple (coming soon)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Facebook (coming soon)' })).toBeDisabled();
  });

  it('notes an existing account on the code step', async () => {
    const driver = renderRegister();
    await retype(driver.user, emailInput(), V.email);
    await driver.user.click(terms());
    await driver.user.click(joinButton());
    driver.register.resolve({ detail: 'sent', existing: true });
    expect(await screen.findByText(EXISTING_NOTE)).toBeInTheDocument();
  });
});

describe('registration view: refused steps and their titles', () => {
  async function toCodeStep(driver: Driver) {
    await retype(driver.user, emailInput(), V.email);
    await driver.user.click(terms());
    await driver.user.click(joinButton());
    await driver.register.resolve({ detail: 'sent', existing: false });
    await screen.findByRole('heading', { name: 'Check Your Email' });
  }

  /** A new account's code accepted: the profile step ("Join") is showing. */
  async function toProfileStep(driver: Driver) {
    await toCodeStep(driver);
    await driver.user.click(codeBoxes()[0]!);
    await driver.user.keyboard(V.code);
    await driver.user.click(verifyButton());
    await driver.verify.resolve({ access: 'A1', refresh: 'R1', need_profile: true });
    await screen.findByRole('heading', { name: 'Join' });
  }

  it('refuses a bad address with one message, tied to the field and focused', async () => {
    const { user } = renderRegister();
    await waitFor(() => expect(document.title).toBe('Create your account · Tablefront'));
    await retype(user, emailInput(), V.invalidEmail);
    await user.click(terms());
    await user.click(joinButton());
    await waitFor(() => expect(emailInput()).toHaveFocus());
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription('Please enter a valid email.');
    // Not three messages (a summary, its "Check Email." and the field's): the field's alone.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('Please enter a valid email.')).toHaveLength(1);
  });

  it('moves to the code step’s heading, and a refused code focuses the first box', async () => {
    const driver = renderRegister();
    await toCodeStep(driver);
    await waitFor(() => expect(document.title).toBe('Check Your Email · Tablefront'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check Your Email' })).toHaveFocus());

    await driver.user.click(codeBoxes()[0]!);
    await driver.user.keyboard('12{Enter}');
    await waitFor(() => expect(codeBoxes()[0]).toHaveFocus());
    expect(codeBoxes()[0]).toHaveAccessibleDescription('Enter the 6-digit code.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(driver.verify.received).toHaveLength(0);
  });

  it('marks the code with the server’s sentence when it refuses it, and sends the code with Enter', async () => {
    const driver = renderRegister();
    await toCodeStep(driver);
    await driver.user.click(codeBoxes()[0]!);
    await driver.user.keyboard(`${V.code}{Enter}`);
    expect(driver.verify.pending.map((call) => call.input)).toEqual([{ email: V.email, code: V.code }]);
    await driver.verify.reject(new ApiError(V.verifyRejection, { status: 400, code: 'invalid_code', fields: { code: V.verifyRejection } }));
    await waitFor(() => expect(codeBoxes()[0]).toHaveFocus());
    codeBoxes().forEach((box) => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(codeBoxes()[0]).toHaveAccessibleDescription(V.verifyRejection);
    // Said once, under the boxes: not again in a summary with "Check 6-digit code.".
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // The server's own sentences (server/domain/accounts/password-policy.ts), shown on the password field.
  it.each([
    'This password is one of the most common ones. Please choose one that is harder to guess.',
    'Please choose a password that does not contain your email address.',
  ])('shows the server’s password refusal on the password field: %s', async (sentence) => {
    const driver = renderRegister();
    await toProfileStep(driver);
    await retype(driver.user, screen.getByLabelText('First name'), V.first);
    await retype(driver.user, screen.getByLabelText('Last name'), V.last);
    await retype(driver.user, screen.getByLabelText('Password', { selector: 'input' }), V.password);
    await driver.user.click(screen.getByRole('button', { name: "Let's go" }));
    await driver.profile.reject(new ApiError(sentence, { status: 400, code: 'weak_password', fields: { password: sentence } }));
    const password = screen.getByLabelText('Password', { selector: 'input' });
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining(sentence));
    // The field's message is the one message: no summary saying it again.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names every profile field in error and focuses the first', async () => {
    const driver = renderRegister();
    await toProfileStep(driver);
    await waitFor(() => expect(document.title).toBe('Join · Tablefront'));
    await driver.user.click(screen.getByRole('button', { name: "Let's go" }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Check First name, Last name, and Password.');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });
});
