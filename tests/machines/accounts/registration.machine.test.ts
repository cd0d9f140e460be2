import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { RegisterRequest, RegisterResponse } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import { CODE_RESENT, registrationMachine, type RegistrationEvent } from '#src/machines/accounts/registration.machine';
import { resendLockMachine } from '#src/machines/accounts/resend-lock.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';
import { provideChecked } from '../../support/contract-double';
import { startRegistration, type Answers } from './registration.doubles';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error, actorId: id });

describe('registration machine: path coverage', () => {
  it('reaches every state and transition', () => {
    const report = assertPathCoverage(registrationMachine, {
      input: { resendSeconds: 1 },
      events: [
        { type: 'field.change', field: 'email', value: 'owner@example.com' },
        { type: 'field.change', field: 'first_name', value: 'Ada' },
        { type: 'field.change', field: 'last_name', value: 'Lovelace' },
        { type: 'field.change', field: 'password', value: 'correct horse' },
        { type: 'terms.change', accepted: true },
        { type: 'code.change', value: '123456' },
        { type: 'email.submit' },
        { type: 'code.verify' },
        { type: 'code.resend' },
        { type: 'profile.submit' },
        { type: 'step.back' },
        { type: 'signin.retry' },
        done('registerEmail', { detail: 'sent', existing: false }),
        failed('registerEmail', new ApiError('Nope', { status: 400 })),
        failed('registerEmail', new ApiError('Already sent.', { status: 429, code: 'code_already_sent', retryAfter: 42 })),
        done('verifyCode', { access: 'a', refresh: 'r', need_profile: true }),
        done('verifyCode', { access: 'a', refresh: 'r', need_profile: false }),
        failed('verifyCode', new ApiError('Wrong code.', { status: 400 })),
        done('saveProfile', { access: 'a2', refresh: 'r2' }),
        failed('saveProfile', new ApiError('Invalid.', { status: 400 })),
        done('completeSignIn', '/onboard/1/location'),
        failed('completeSignIn', new ApiError('HTTP 500', { status: 500 })),
      ],
      limit: 50_000,
    });
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

const start = (answers: Answers = {}) => startRegistration(answers, { resendSeconds: 60 });

const emailStep: RegistrationEvent[] = [
  { type: 'field.change', field: 'email', value: ' Owner@Example.com ' },
  { type: 'terms.change', accepted: true },
  { type: 'email.submit' },
];

describe('registration machine: behaviour', () => {
  it('refuses a bad email and unticked terms with the spec’s sentences, sending nothing', () => {
    const { actor, calls, send } = start();
    send({ type: 'field.change', field: 'email', value: 'nope' }, { type: 'email.submit' });
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'Please enter a valid email.',
      terms: 'You must accept Terms and Privacy.',
    });
    // The alert's sentence, as when the server refuses a body.
    expect(actor.getSnapshot().context.error).toBe('Some fields are not valid.');
    expect(calls.register).toEqual([]);
  });

  it('registers the tidied address, locks Resend, verifies, saves the profile and signs in', async () => {
    const { actor, calls, send, effects } = start();
    send(...emailStep);
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    expect(calls.register).toEqual([{ email: 'owner@example.com', accepted_terms: true }]);
    expect(actor.getSnapshot().context.resendLock.getSnapshot().value).toBe('locked');

    send({ type: 'code.verify' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'Enter the 6-digit code.' });
    send({ type: 'code.change', value: '12 34-56' }, { type: 'code.verify' });
    await waitFor(actor, (s) => s.matches({ profile: 'editing' }));
    expect(calls.verify).toEqual([{ email: 'owner@example.com', code: '123456' }]);

    send({ type: 'profile.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      first_name: 'Please enter your name.',
      last_name: 'Please enter your name.',
      password: 'Password must be at least 8 characters.',
    });
    send(
      { type: 'field.change', field: 'first_name', value: ' Ada ' },
      { type: 'field.change', field: 'last_name', value: 'Lovelace' },
      { type: 'field.change', field: 'password', value: 'correct horse' },
      { type: 'profile.submit' },
    );
    const final = await waitFor(actor, (s) => s.matches('done'));
    expect(calls.profile).toEqual([
      {
        profile: { email: 'owner@example.com', first_name: 'Ada', last_name: 'Lovelace', password: 'correct horse' },
        accessToken: 'A1',
      },
    ]);
    expect(calls.signIn).toEqual([{ tokens: { access: 'A2', refresh: 'R2' }, remember: true }]);
    // Refused twice (code, profile), then the screen leaves for the destination.
    expect(effects).toEqual([{ type: 'screen.refused' }, { type: 'screen.refused' }, { type: 'screen.navigate', to: '/onboard/7/location', replace: true }]);
    expect(final.status).toBe('done');
  });

  it('goes straight to sign-in when verify says no profile is needed, noting an existing account', async () => {
    const { actor, calls, send } = start({
      register: async () => ({ detail: 'sent', existing: true }),
      verify: async () => ({ access: 'A1', refresh: 'R1', need_profile: false }),
    });
    send(...emailStep);
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    expect(actor.getSnapshot().context.existing).toBe(true);
    send({ type: 'code.change', value: '654321' }, { type: 'code.verify' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.profile).toEqual([]);
    expect(calls.signIn).toEqual([{ tokens: { access: 'A1', refresh: 'R1' }, remember: true }]);
  });

  it('says "Account already exists" when the server refuses the start, and the server’s words when it is out of reach', async () => {
    const refused = start({
      register: async () => {
        throw new ApiError('Invalid input.', { status: 400 });
      },
    });
    refused.send(...emailStep);
    const one = await waitFor(refused.actor, (s) => s.matches({ email: 'editing' }) && s.context.error !== null);
    expect(one.context.error).toBe('Account already exists');

    const offline = start({
      register: async () => {
        throw new ApiError('Request timed out', { status: 0 });
      },
    });
    offline.send(...emailStep);
    const two = await waitFor(offline.actor, (s) => s.matches({ email: 'editing' }) && s.context.error !== null);
    expect(two.context.error).toBe('Request timed out');
  });

  it('shows the server’s detail for a wrong code, and "Request failed" when there is none', async () => {
    let answer: unknown = new ApiError('This code is wrong or has expired.', { status: 400, fields: { code: 'This code is wrong or has expired.' } });
    const { actor, send } = start({
      verify: async () => {
        throw answer;
      },
    });
    send(...emailStep);
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    send({ type: 'code.change', value: '111111' }, { type: 'code.verify' });
    const wrong = await waitFor(actor, (s) => s.context.error !== null);
    expect(wrong.context.error).toBe('This code is wrong or has expired.');
    // The server named the code: the boxes are marked with its sentence.
    expect(wrong.context.fieldErrors).toEqual({ code: 'This code is wrong or has expired.' });
    answer = new Error('');
    send({ type: 'code.verify' });
    await waitFor(actor, (s) => s.matches({ code: 'verifying' }));
    expect((await waitFor(actor, (s) => s.context.error !== null)).context.error).toBe('Request failed');
  });

  it('ignores Resend while the lock runs', async () => {
    const fast = start();
    fast.send(...emailStep);
    await waitFor(fast.actor, (s) => s.matches({ code: 'editing' }));
    fast.send({ type: 'code.resend' });
    expect(fast.actor.getSnapshot().matches({ code: 'editing' })).toBe(true);
    expect(fast.calls.register).toHaveLength(1);
  });

  it('resends once the lock is over and says so', async () => {
    const calls: RegisterRequest[] = [];
    const machine = provideChecked(registrationMachine, {
      actors: {
        registerEmail: fromPromise<RegisterResponse, RegisterRequest>(async ({ input }) => {
          calls.push(input);
          return { detail: 'sent', existing: false };
        }),
        resendLock: resendLockMachine.provide({ delays: { tick: 5 } }),
      },
    });
    const actor = createActor(machine, { input: { resendSeconds: 2 } }).start();
    emailStep.forEach((event) => actor.send(event));
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    await waitFor(actor.getSnapshot().context.resendLock, (lock) => lock.value === 'ready');
    actor.send({ type: 'code.resend' });
    const after = await waitFor(actor, (s) => s.matches({ code: 'editing' }) && s.context.notice !== null);
    expect(after.context.notice).toBe(CODE_RESENT);
    expect(calls).toHaveLength(2);
    expect(after.context.resendLock.getSnapshot().value).toBe('locked');
  });

  it('Back from the profile returns to the code step without spending the code again', async () => {
    const { actor, calls, send } = start();
    send(...emailStep);
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
    await waitFor(actor, (s) => s.matches({ profile: 'editing' }));
    send({ type: 'step.back' });
    expect(actor.getSnapshot().matches({ code: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.code).toBe('123456');
    send({ type: 'code.verify' });
    expect(actor.getSnapshot().matches({ profile: 'editing' })).toBe(true);
    expect(calls.verify).toHaveLength(1);
  });

  it('offers a retry when signing in fails after the account was made', async () => {
    let first = true;
    const { actor, send, effects } = start({
      verify: async () => ({ access: 'A1', refresh: 'R1', need_profile: false }),
      signIn: async () => {
        if (first) {
          first = false;
          throw new ApiError('Service unavailable.', { status: 503 });
        }
        return '/admin';
      },
    });
    send(...emailStep);
    await waitFor(actor, (s) => s.matches({ code: 'editing' }));
    send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
    const failedState = await waitFor(actor, (s) => s.matches('signInFailed'));
    expect(failedState.context.error).toBe('Service unavailable.');
    send({ type: 'signin.retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(effects).toEqual([{ type: 'screen.navigate', to: '/admin', replace: true }]);
  });
});

describe('registration machine: what the view reads', () => {
  it('names the step shown and the work under way', () => {
    const tagsAt = stateTags(registrationMachine, { resendSeconds: 1 });
    expect(tagsAt({ email: 'editing' })).toEqual(['emailStep']);
    expect(tagsAt({ email: 'sending' })).toEqual(['emailStep', 'sending']);
    expect(tagsAt({ code: 'editing' })).toEqual(['codeStep']);
    expect(tagsAt({ code: 'verifying' })).toEqual(['codeStep', 'verifying']);
    expect(tagsAt({ code: 'resending' })).toEqual(['codeStep', 'resending']);
    expect(tagsAt({ profile: 'editing' })).toEqual(['profileStep']);
    expect(tagsAt({ profile: 'saving' })).toEqual(['profileStep', 'saving']);
    expect([tagsAt('signingIn'), tagsAt('done'), tagsAt('signInFailed')]).toEqual([['finishing'], ['finishing'], ['signInFailed']]);
  });
});
