/**
 * Registration: what each step shows and sends on the paths the behaviour tests leave out (the
 * alert cleared by an edit, the server naming a field, a failed resend or profile save, a second
 * address after Back). Written for the mutants Stryker makes of the machine (npm run mutants) that no earlier test noticed: each test checks
 * what the screen would show or what the server would receive.
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { registrationMachine, type RegistrationEvent } from '#src/machines/accounts/registration.machine';
import { startRegistration, type Answers } from './registration.doubles';

/** The machine with its calls answered as `answers` says, and a resend lock of a few milliseconds. */
const start = (answers: Answers = {}) => startRegistration(answers, { resendSeconds: 1, resendTickMs: 2 });

const emailStep = (email = 'owner@example.com'): RegistrationEvent[] => [
  { type: 'field.change', field: 'email', value: email },
  { type: 'terms.change', accepted: true },
  { type: 'email.submit' },
];

const atCode = async (harness: ReturnType<typeof start>, email?: string) => {
  harness.send(...emailStep(email));
  await waitFor(harness.actor, (s) => s.matches({ code: 'editing' }));
};

const atProfile = async (harness: ReturnType<typeof start>) => {
  await atCode(harness);
  harness.send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
  await waitFor(harness.actor, (s) => s.matches({ profile: 'editing' }));
};

const profileFields: RegistrationEvent[] = [
  { type: 'field.change', field: 'first_name', value: 'Ada' },
  { type: 'field.change', field: 'last_name', value: 'Lovelace' },
  { type: 'field.change', field: 'password', value: 'correct horse' },
];

describe('registration: the email step’s sentences', () => {
  it('starts empty, on the email step, with nothing to show', () => {
    const { actor, context } = start();
    expect(actor.getSnapshot().value).toEqual({ email: 'editing' });
    expect(context()).toMatchObject({
      email: '',
      acceptedTerms: false,
      code: '',
      first_name: '',
      last_name: '',
      password: '',
      existing: false,
      tokens: null,
      verifiedCode: null,
      fieldErrors: {},
      error: null,
      notice: null,
    });
  });

  it('marks only the email when the terms are ticked, and only the terms when the email is good', () => {
    const { send, context } = start();
    send({ type: 'field.change', field: 'email', value: 'nope' }, { type: 'terms.change', accepted: true }, { type: 'email.submit' });
    expect(Object.entries(context().fieldErrors)).toEqual([['email', 'Please enter a valid email.']]);

    send({ type: 'field.change', field: 'email', value: 'owner@example.com' }, { type: 'terms.change', accepted: false }, { type: 'email.submit' });
    expect(Object.entries(context().fieldErrors)).toEqual([['terms', 'You must accept Terms and Privacy.']]);
  });

  it('clears the sentence of what is edited and the alert, and keeps the other sentence', () => {
    const { send, context } = start();
    send({ type: 'field.change', field: 'email', value: 'nope' }, { type: 'email.submit' });
    send({ type: 'field.change', field: 'email', value: 'owner@example.com' });
    expect(context().fieldErrors).toEqual({ terms: 'You must accept Terms and Privacy.' });
    expect(context().error).toBeNull();
    expect(context().email).toBe('owner@example.com');

    send({ type: 'email.submit' }, { type: 'terms.change', accepted: true });
    expect(context().fieldErrors).toEqual({});
    expect(context().error).toBeNull();
    expect(context().acceptedTerms).toBe(true);
  });

  it('puts the server’s field sentences next to the inputs (its accepted_terms on the terms box)', async () => {
    const refusal = new ApiError('Some fields are not valid.', {
      status: 400,
      fields: { email: 'This email cannot be used.', accepted_terms: 'You must accept Terms and Privacy.', first_name: 'ignored' },
    });
    const harness = start({
      register: async () => {
        throw refusal;
      },
    });
    harness.send(...emailStep());
    const refused = await waitFor(harness.actor, (s) => s.matches({ email: 'editing' }) && s.context.error !== null);
    expect(refused.context.error).toBe('Account already exists');
    expect(refused.context.fieldErrors).toEqual({ email: 'This email cannot be used.', terms: 'You must accept Terms and Privacy.' });
  });

  it('clears the alert while it sends again', async () => {
    let refuse = true;
    const harness = start({
      register: async () => {
        if (refuse) throw new ApiError('Nope', { status: 400 });
        return { detail: 'sent', existing: false };
      },
    });
    harness.send(...emailStep());
    await waitFor(harness.actor, (s) => s.context.error !== null);
    refuse = false;
    harness.send({ type: 'email.submit' });
    expect(harness.actor.getSnapshot().matches({ email: 'sending' })).toBe(true);
    expect(harness.context().error).toBeNull();
    expect(harness.context().fieldErrors).toEqual({});
  });
});

describe('registration: the code step', () => {
  it('keeps six digits of whatever is pasted, and clears the code’s sentence, the alert and the notice', async () => {
    const harness = start();
    await atCode(harness);
    harness.send({ type: 'code.verify' });
    expect(harness.context().error).toBe('Some fields are not valid.');
    harness.send({ type: 'code.change', value: 'a1b2c3d4e5f6g7h8' });
    expect(harness.context().code).toBe('123456');
    expect(harness.context().fieldErrors).toEqual({});
    expect(harness.context().error).toBeNull();
  });

  it('locks Resend for the seconds the screen gives once the code is sent', async () => {
    const harness = startRegistration({}, { resendSeconds: 3 });
    await atCode(harness);
    expect(harness.context().resendLock.getSnapshot()).toMatchObject({ value: 'locked', context: { left: 3 } });
    harness.actor.stop();
  });

  it('clears the "new code" notice once the person types', async () => {
    const harness = start();
    await atCode(harness);
    await waitFor(harness.context().resendLock, (lock) => lock.value === 'ready');
    harness.send({ type: 'code.resend' });
    await waitFor(harness.actor, (s) => s.context.notice !== null);
    expect(harness.context().notice).toBe('We sent you a new code.');
    harness.send({ type: 'code.change', value: '1' });
    expect(harness.context().notice).toBeNull();
  });

  it('resends to the tidied address with the terms, and shows a refused resend on the code step', async () => {
    let resendRefused = false;
    const harness = start({
      register: async () => {
        if (resendRefused) throw new ApiError('Please wait before asking for another code.', { status: 429, fields: { code: 'Wait.' } });
        return { detail: 'sent', existing: false };
      },
    });
    await atCode(harness, ' Owner@Example.com ');
    await waitFor(harness.context().resendLock, (lock) => lock.value === 'ready');
    resendRefused = true;
    harness.send({ type: 'code.resend' });
    expect(harness.actor.getSnapshot().matches({ code: 'resending' })).toBe(true);
    const after = await waitFor(harness.actor, (s) => s.matches({ code: 'editing' }) && s.context.error !== null);
    expect(after.context.error).toBe('Please wait before asking for another code.');
    expect(after.context.fieldErrors).toEqual({ code: 'Wait.' });
    expect(after.context.notice).toBeNull();
    expect(harness.calls.register).toEqual([
      { email: 'owner@example.com', accepted_terms: true },
      { email: 'owner@example.com', accepted_terms: true },
    ]);
  });

  it('Back to the email step forgets the code and the account the first address had', async () => {
    const harness = start({ register: async () => ({ detail: 'sent', existing: true }) });
    await atCode(harness);
    harness.send({ type: 'code.change', value: '123' }, { type: 'code.verify' });
    harness.send({ type: 'step.back' });
    expect(harness.actor.getSnapshot().value).toEqual({ email: 'editing' });
    expect(harness.context()).toMatchObject({ code: '', existing: false, tokens: null, verifiedCode: null, fieldErrors: {}, error: null });
    expect(harness.context().email).toBe('owner@example.com');
  });

  it('a second address after Back verifies its own code, even the same digits', async () => {
    const harness = start();
    await atProfile(harness);
    harness.send({ type: 'step.back' }, { type: 'step.back' });
    expect(harness.actor.getSnapshot().value).toEqual({ email: 'editing' });
    await atCode(harness, 'other@example.com');
    harness.send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
    expect(harness.actor.getSnapshot().matches({ code: 'verifying' })).toBe(true);
    await waitFor(harness.actor, (s) => s.matches({ profile: 'editing' }));
    expect(harness.calls.verify).toEqual([
      { email: 'owner@example.com', code: '123456' },
      { email: 'other@example.com', code: '123456' },
    ]);
  });

  it('a different code after Back from the profile is verified again', async () => {
    const harness = start();
    await atProfile(harness);
    harness.send({ type: 'step.back' }, { type: 'code.change', value: '654321' }, { type: 'code.verify' });
    expect(harness.actor.getSnapshot().matches({ code: 'verifying' })).toBe(true);
    await waitFor(harness.actor, (s) => s.matches({ profile: 'editing' }));
    expect(harness.calls.verify.map((call) => call.code)).toEqual(['123456', '654321']);
  });

  it('clears the alert while it verifies', async () => {
    let refuse = true;
    const harness = start({
      verify: async () => {
        if (refuse) throw new ApiError('Wrong code.', { status: 400 });
        return { access: 'A1', refresh: 'R1', need_profile: true };
      },
    });
    await atCode(harness);
    harness.send({ type: 'code.change', value: '111111' }, { type: 'code.verify' });
    await waitFor(harness.actor, (s) => s.context.error !== null);
    refuse = false;
    harness.send({ type: 'code.verify' });
    expect(harness.context().error).toBeNull();
  });
});

describe('registration: the profile step', () => {
  it('shows the server’s refusal of the profile with its field sentences, keeping what was typed', async () => {
    const harness = start({
      profile: async () => {
        throw new ApiError('Some fields are not valid.', { status: 400, fields: { password: 'Password is too common.', email: 'not shown here' } });
      },
    });
    await atProfile(harness);
    harness.send(...profileFields, { type: 'profile.submit' });
    expect(harness.actor.getSnapshot().matches({ profile: 'saving' })).toBe(true);
    const refused = await waitFor(harness.actor, (s) => s.matches({ profile: 'editing' }) && s.context.error !== null);
    expect(refused.context.error).toBe('Some fields are not valid.');
    expect(refused.context.fieldErrors).toEqual({ password: 'Password is too common.' });
    expect(refused.context).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', password: 'correct horse' });
  });

  it('marks only the fields that are wrong', async () => {
    const harness = start();
    await atProfile(harness);
    harness.send(profileFields[0]!, profileFields[1]!, { type: 'field.change', field: 'password', value: 'short' }, { type: 'profile.submit' });
    expect(Object.keys(harness.context().fieldErrors)).toEqual(['password']);
  });

  it('Back to the code step clears the profile’s sentences', async () => {
    const harness = start();
    await atProfile(harness);
    harness.send({ type: 'profile.submit' }, { type: 'step.back' });
    expect(harness.actor.getSnapshot().value).toEqual({ code: 'editing' });
    expect(harness.context().fieldErrors).toEqual({});
    expect(harness.context().error).toBeNull();
  });
});

describe('registration: signing in', () => {
  it('clears the failure while it signs in again, and ends with the destination as its last word', async () => {
    let fail = true;
    const harness = start({
      verify: async () => ({ access: 'A1', refresh: 'R1', need_profile: false }),
      signIn: async () => {
        if (fail) throw new ApiError('Service unavailable.', { status: 503 });
        return '/onboard/3/location';
      },
    });
    await atCode(harness);
    harness.send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
    await waitFor(harness.actor, (s) => s.matches('signInFailed'));
    fail = false;
    harness.send({ type: 'signin.retry' });
    expect(harness.actor.getSnapshot().value).toBe('signingIn');
    expect(harness.context().error).toBeNull();
    const final = await waitFor(harness.actor, (s) => s.status === 'done');
    expect(final.value).toBe('done');
    expect(harness.effects).toEqual([{ type: 'screen.navigate', to: '/onboard/3/location', replace: true }]);
    expect(harness.calls.signIn).toEqual([
      { tokens: { access: 'A1', refresh: 'R1' }, remember: true },
      { tokens: { access: 'A1', refresh: 'R1' }, remember: true },
    ]);
  });
});

describe('registration: what the screen is told', () => {
  it('asks the screen to show a refusal by the server of the address, and of the code, once each', async () => {
    const refusing = start({
      register: async () => {
        throw new ApiError('Account already exists', { status: 409 });
      },
    });
    refusing.send(...emailStep());
    await waitFor(refusing.actor, (s) => s.matches({ email: 'editing' }) && refusing.context().error !== null);
    expect(refusing.effects).toEqual([{ type: 'screen.refused' }]);

    const wrongCode = start({
      verify: async () => {
        throw new ApiError('Wrong code.', { status: 400 });
      },
    });
    await atCode(wrongCode);
    wrongCode.send({ type: 'code.change', value: '123456' }, { type: 'code.verify' });
    await waitFor(wrongCode.actor, (s) => s.matches({ code: 'editing' }) && wrongCode.context().error !== null);
    expect(wrongCode.effects).toEqual([{ type: 'screen.refused' }]);
  });

  it('asks the screen to show a refused profile', async () => {
    const harness = start({
      profile: async () => {
        throw new ApiError('Invalid.', { status: 400 });
      },
    });
    await atProfile(harness);
    harness.send(...profileFields, { type: 'profile.submit' });
    await waitFor(harness.actor, (s) => s.matches({ profile: 'editing' }) && harness.context().error !== null);
    expect(harness.effects).toEqual([{ type: 'screen.refused' }]);
  });

  it('goes on to the code step when a code is already in the inbox: the server’s sentence, Resend locked for its wait', async () => {
    const harness = startRegistration(
      {
        register: async () => {
          throw new ApiError('We already sent you a code.', { status: 429, code: 'code_already_sent', retryAfter: 42 });
        },
      },
      { resendSeconds: 60 },
    );
    harness.send(...emailStep());
    await waitFor(harness.actor, (s) => s.matches({ code: 'editing' }));
    expect(harness.context().notice).toBe('We already sent you a code.');
    expect(harness.context().resendLock.getSnapshot()).toMatchObject({ value: 'locked', context: { left: 42 } });
    expect(harness.effects).toEqual([]);
  });

  it('keeps the usual lock when the server names no wait', async () => {
    const harness = startRegistration(
      {
        register: async () => {
          throw new ApiError('We already sent you a code.', { status: 429, code: 'code_already_sent' });
        },
      },
      { resendSeconds: 60 },
    );
    harness.send(...emailStep());
    await waitFor(harness.actor, (s) => s.matches({ code: 'editing' }));
    expect(harness.context().resendLock.getSnapshot()).toMatchObject({ value: 'locked', context: { left: 60 } });
  });

  it('starts with the usual 60-second lock when it is given no length', () => {
    const actor = createActor(registrationMachine, { input: {} }).start();
    expect(actor.getSnapshot().value).toEqual({ email: 'editing' });
    expect(actor.getSnapshot().context.resendLock.getSnapshot().context.seconds).toBe(60);
    actor.stop();
  });
});
