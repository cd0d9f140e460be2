/**
 * Login, /forgot and /reset: what each screen shows and sends on the paths their behaviour
 * tests leave out (edits clearing sentences, the server naming fields, the notices, the
 * confirmation rules, failed resends). Written for the mutants Stryker makes of the machine (npm run mutants) that no earlier test noticed.
 */
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DetailResponse, ForgotRequest } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import { CODE_SENT_NOTE, MISSING_EMAIL, forgotPasswordMachine } from '#src/machines/accounts/forgot-password.machine';
import { loginMachine, type LoginEvent } from '#src/machines/accounts/login.machine';
import { registrationMachine } from '#src/machines/accounts/registration.machine';
import { checkResetRequest, type ResetEvent } from '#src/machines/accounts/reset-password.machine';
import { checkCalls, provideChecked, realActor } from '../../support/contract-double';
import { startForgot, startLogin, startReset, type ForgotAnswers } from './password-screen-actors';

describe('login: what the screen keeps', () => {
  const typed: LoginEvent[] = [
    { type: 'field.change', field: 'email', value: 'owner@example.com' },
    { type: 'field.change', field: 'password', value: 'secret-1' },
  ];
  it('starts empty with Remember me on and no next page, and follows none when none was given', async () => {
    const { actor, send, context, signedIn } = startLogin(async () => ({ access: 'A', refresh: 'R' }));
    expect(context()).toEqual({ email: '', password: '', remember: true, next: null, tokens: null, fieldErrors: {}, error: null });
    send(...typed, { type: 'form.submit' });
    const final = await waitFor(actor, (s) => s.status === 'done');
    expect(final.value).toBe('done');
    expect(signedIn).toEqual([{ tokens: { access: 'A', refresh: 'R' }, remember: true, next: null }]);
    expect(final.context.tokens).toEqual({ access: 'A', refresh: 'R' });
  });

  it('turns Remember me back on, and clears the last failure while it checks again', async () => {
    let refuse = true;
    const { actor, send, context } = startLogin(async () => {
      if (refuse) throw new ApiError('Wrong email or password.', { status: 401, fields: { password: 'Wrong.' } });
      return { access: 'A', refresh: 'R' };
    });
    send({ type: 'remember.change', remember: false }, { type: 'remember.change', remember: true });
    expect(context().remember).toBe(true);
    send(...typed, { type: 'form.submit' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(context().fieldErrors).toEqual({ password: 'Wrong.' });
    refuse = false;
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(context().error).toBeNull();
    expect(context().fieldErrors).toEqual({});
  });

  it('forgets the tokens when signing in after the check fails', async () => {
    const { actor, send } = startLogin(
      async () => ({ access: 'A', refresh: 'R' }),
      async () => {
        throw new ApiError('Service unavailable.', { status: 503 });
      },
    );
    send(...typed, { type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(failed.context.error).toBe('Service unavailable.');
    expect(failed.context.tokens).toBeNull();
  });
});

describe('forgot password: the two stages', () => {
  /** Resend's lock lasts one second of 2 ms ticks. */
  const start = (answers: ForgotAnswers = {}) => startForgot(answers, { resendSeconds: 1, tick: 2 });
  const toReset = async (harness: ReturnType<typeof start>) => {
    harness.send({ type: 'field.change', field: 'email', value: ' Owner@Example.com ' }, { type: 'request.submit' });
    await waitFor(harness.actor, (s) => s.matches({ reset: 'editing' }));
  };

  it('starts empty on the request stage; a refused address shows the alert, cleared by the next edit', () => {
    const { actor, send, context } = start();
    expect(actor.getSnapshot().value).toEqual({ request: 'editing' });
    expect(context()).toMatchObject({ email: '', code: '', password: '', fieldErrors: {}, error: null, notice: null });
    send({ type: 'request.submit' });
    expect(context().error).toBe('Some fields are not valid.');
    send({ type: 'field.change', field: 'email', value: 'a' });
    expect(context()).toMatchObject({ fieldErrors: {}, error: null, email: 'a' });
  });

  it('shows the server’s refusal of the request with its field sentence, and clears it while sending again', async () => {
    let refuse = true;
    const harness = start({
      forgot: async () => {
        if (refuse) throw new ApiError('Too many requests.', { status: 429, fields: { email: 'Wait a minute.', other: 'x' } });
        return { detail: 'ok' };
      },
    });
    harness.send({ type: 'field.change', field: 'email', value: 'owner@example.com' }, { type: 'request.submit' });
    const refused = await waitFor(harness.actor, (s) => s.matches({ request: 'editing' }) && s.context.error !== null);
    expect(refused.context.error).toBe('Too many requests.');
    expect(refused.context.fieldErrors).toEqual({ email: 'Wait a minute.' });
    refuse = false;
    harness.send({ type: 'request.submit' });
    expect(harness.actor.getSnapshot().matches({ request: 'sending' })).toBe(true);
    expect(harness.context()).toMatchObject({ error: null, fieldErrors: {} });
  });

  it('keeps the “code sent” note while the password is typed, drops it once the code is typed, and keeps six digits', async () => {
    const harness = start();
    await toReset(harness);
    harness.send({ type: 'field.change', field: 'password', value: 'a new password' });
    expect(harness.context().notice).toBe(CODE_SENT_NOTE);
    expect(harness.context().password).toBe('a new password');
    harness.send({ type: 'field.change', field: 'code', value: 'x12 345-678' });
    expect(harness.context().notice).toBeNull();
    expect(harness.context().code).toBe('123456');
  });

  it('marks the reset stage’s wrong fields with the alert, and clears each on its edit', async () => {
    const harness = start();
    await toReset(harness);
    harness.send({ type: 'field.change', field: 'code', value: '123456' }, { type: 'reset.submit' });
    expect(harness.context().fieldErrors).toEqual({ password: 'Password must be at least 8 characters.' });
    expect(harness.context().error).toBe('Some fields are not valid.');
    harness.send({ type: 'field.change', field: 'password', value: 'long enough' });
    expect(harness.context()).toMatchObject({ fieldErrors: {}, error: null });
  });

  it('clears the alert while it resets, and sends the tidied address', async () => {
    const harness = start();
    await toReset(harness);
    harness.send(
      { type: 'field.change', field: 'code', value: '123456' },
      { type: 'field.change', field: 'password', value: 'long enough' },
      { type: 'reset.submit' },
    );
    expect(harness.actor.getSnapshot().matches({ reset: 'saving' })).toBe(true);
    expect(harness.context()).toMatchObject({ error: null, notice: null, fieldErrors: {} });
    const final = await waitFor(harness.actor, (s) => s.status === 'done');
    expect(final.value).toBe('done');
    expect(harness.reset).toEqual([{ email: 'owner@example.com', code: '123456', password: 'long enough' }]);
  });

  it('a refused resend shows the server’s words and the code’s sentence on the reset stage', async () => {
    let refuse = false;
    const harness = start({
      forgot: async () => {
        if (refuse) throw new ApiError('Please wait.', { status: 429, fields: { code: 'Wait.' } });
        return { detail: 'ok' };
      },
    });
    await toReset(harness);
    await waitFor(harness.context().resendLock, (lock) => lock.value === 'ready');
    refuse = true;
    harness.send({ type: 'code.resend' });
    expect(harness.actor.getSnapshot().matches({ reset: 'resending' })).toBe(true);
    expect(harness.context().notice).toBeNull();
    const refused = await waitFor(harness.actor, (s) => s.matches({ reset: 'editing' }) && s.context.error !== null);
    expect(refused.context).toMatchObject({ error: 'Please wait.', fieldErrors: { code: 'Wait.' }, notice: null });
    expect(harness.forgot).toEqual([{ email: 'owner@example.com' }, { email: 'owner@example.com' }]);
    refuse = false;
    await waitFor(harness.context().resendLock, (lock) => lock.value === 'ready');
    harness.send({ type: 'code.resend' });
    const resent = await waitFor(harness.actor, (s) => s.context.notice !== null);
    expect(resent.context.notice).toBe('We sent you a new code.');
    expect(resent.matches({ reset: 'editing' })).toBe(true);
  });

  it('locks Resend for the seconds the screen gives, 60 without any, and says the spec’s sentence', async () => {
    for (const [input, seconds] of [
      [{ resendSeconds: 3 }, 3],
      [undefined, 60],
    ] as const) {
      const actor = createActor(
        provideChecked(forgotPasswordMachine, {
          actors: { requestCode: fromPromise<DetailResponse, ForgotRequest>(async () => ({ detail: 'ok' })) },
        }),
        { input },
      ).start();
      actor.send({ type: 'field.change', field: 'email', value: 'owner@example.com' });
      actor.send({ type: 'request.submit' });
      const reset = await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
      expect(reset.context.resendLock.getSnapshot()).toMatchObject({ value: 'locked', context: { left: seconds } });
      expect(reset.context.notice).toBe('If an account uses this email, we sent it a 6-digit code.');
      actor.stop();
    }
  });

  it('clears the server’s sentences while the reset is sent again', async () => {
    let refuse = true;
    const harness = start({
      reset: async () => {
        if (refuse) throw new ApiError('This code is wrong or has expired.', { status: 400, fields: { code: 'This code is wrong or has expired.' } });
        return { detail: 'ok' };
      },
    });
    await toReset(harness);
    harness.send(
      { type: 'field.change', field: 'code', value: '123456' },
      { type: 'field.change', field: 'password', value: 'long enough' },
      { type: 'reset.submit' },
    );
    await waitFor(harness.actor, (s) => s.matches({ reset: 'editing' }) && s.context.error !== null);
    harness.send({ type: 'field.change', field: 'password', value: 'longer still' });
    expect(harness.context().fieldErrors).toEqual({ code: 'This code is wrong or has expired.' });
    refuse = false;
    harness.send({ type: 'reset.submit' });
    expect(harness.actor.getSnapshot().matches({ reset: 'saving' })).toBe(true);
    expect(harness.context().fieldErrors).toEqual({});
    expect((await waitFor(harness.actor, (s) => s.status === 'done')).value).toBe('done');
  });

  it('Back clears the reset stage’s messages', async () => {
    const harness = start();
    await toReset(harness);
    harness.send({ type: 'reset.submit' }, { type: 'step.back' });
    expect(harness.context()).toMatchObject({ fieldErrors: {}, error: null, notice: null });
  });

  it('names a lost address on the reset stage', () => {
    expect(checkResetRequest({ email: ' ', code: '123456', password: 'long enough' }, MISSING_EMAIL)).toEqual({
      ok: false,
      fields: { email: 'Missing email.' },
    });
  });
});

describe('reset password: the form', () => {
  const fill = (code: string, password: string, confirm: string): ResetEvent[] => [
    { type: 'field.change', field: 'email', value: 'owner@example.com' },
    { type: 'field.change', field: 'code', value: code },
    { type: 'field.change', field: 'password', value: password },
    { type: 'field.change', field: 'confirm', value: confirm },
  ];

  it('starts empty without an address in the link, with the linked address otherwise', () => {
    expect(startReset().context()).toEqual({ email: '', code: '', password: '', confirm: '', fieldErrors: {}, error: null });
    expect(startReset(undefined, { email: 'owner@example.com' }).context().email).toBe('owner@example.com');
  });

  it('compares the confirmation only once the password is valid, and marks only a mismatch', () => {
    const { send, context, sent } = startReset();
    send(...fill('123456', 'short', 'other'), { type: 'form.submit' });
    expect(context().fieldErrors).toEqual({ password: 'Password must be at least 8 characters.' });
    send(...fill('123456', 'long enough', 'long enougH'), { type: 'form.submit' });
    expect(context().fieldErrors).toEqual({ confirm: 'Passwords do not match.' });
    expect(context().error).toBe('Some fields are not valid.');
    expect(sent).toEqual([]);
  });

  it('keeps six digits of the code, clears the edited field’s sentence and the alert', () => {
    const { send, context } = startReset();
    send({ type: 'form.submit' }, { type: 'field.change', field: 'code', value: 'a1-2 3456789' });
    expect(context().code).toBe('123456');
    expect(context().fieldErrors).toEqual({ email: 'Please enter your email.', password: 'Password must be at least 8 characters.' });
    expect(context().error).toBeNull();
  });

  it('puts the server’s field sentences under the fields, and clears them while it sends again', async () => {
    let refuse = true;
    const { actor, send, context } = startReset(async () => {
      if (refuse)
        throw new ApiError('This code is wrong or has expired.', { status: 400, fields: { code: 'This code is wrong or has expired.', confirm: 'x' } });
      return { detail: 'ok' };
    });
    send(...fill('123456', 'long enough', 'long enough'), { type: 'form.submit' });
    const refused = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(refused.context.fieldErrors).toEqual({ code: 'This code is wrong or has expired.' });
    refuse = false;
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(context()).toMatchObject({ fieldErrors: {}, error: null });
    const final = await waitFor(actor, (s) => s.status === 'done');
    expect(final.value).toBe('done');
  });
});

describe('login and registration: the real sign-in call', () => {
  // Workers share one module graph and one DOM across files: start and end with empty storage.
  const clearStorage = () => {
    localStorage.clear();
    sessionStorage.clear();
  };
  beforeEach(clearStorage);
  afterEach(clearStorage);

  for (const machine of [loginMachine, registrationMachine]) {
    it(`${machine.id} keeps the tokens for this tab only when Remember me is off, then asks the server who signed in`, async () => {
      const completeSignIn = realActor(machine, 'completeSignIn')!;
      const tokens = { access: 'access-token', refresh: 'refresh-token' };
      const { checked } = await checkCalls(() => toPromise(createActor(completeSignIn, { input: { tokens, remember: false, next: null } }).start()));
      expect(Object.values({ ...sessionStorage })).toEqual(expect.arrayContaining(['access-token', 'refresh-token']));
      expect(localStorage.length).toBe(0);
      expect(checked.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['GET /api/v2/auth/me/']);
    });
  }
});
