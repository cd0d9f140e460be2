import { waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { CODE_RESENT_NOTE, CODE_SENT_NOTE, forgotPasswordMachine } from '#src/machines/accounts/forgot-password.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';
import { startForgot, type ForgotAnswers } from './password-screen-actors';

describe('forgot password machine: path coverage', () => {
  it('reaches every state and transition', () => {
    const report = assertPathCoverage(forgotPasswordMachine, {
      input: { resendSeconds: 1 },
      events: [
        { type: 'field.change', field: 'email', value: 'owner@example.com' },
        { type: 'field.change', field: 'code', value: '123456' },
        { type: 'field.change', field: 'password', value: 'new password' },
        { type: 'request.submit' },
        { type: 'reset.submit' },
        { type: 'code.resend' },
        { type: 'step.back' },
      ],
      limit: 50_000,
    });
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
});

/** Resend's lock lasts two seconds of 5 ms ticks, so the tests wait for it without waiting long. */
const start = (answers: ForgotAnswers = {}) => startForgot(answers, { resendSeconds: 2, tick: 5 });

describe('forgot password machine: behaviour', () => {
  it('refuses a bad email with the spec’s sentence', () => {
    const { actor, forgot, send } = start();
    send({ type: 'field.change', field: 'email', value: 'nope' }, { type: 'request.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Please enter a valid email.' });
    expect(forgot).toEqual([]);
  });

  it('requests a code, checks code and password, resets, and sends the screen to login with the address', async () => {
    const { actor, forgot, reset, send, effects } = start();
    send({ type: 'field.change', field: 'email', value: ' Owner@Example.com' }, { type: 'request.submit' });
    const resetStage = await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
    expect(forgot).toEqual([{ email: 'owner@example.com' }]);
    expect(resetStage.context.notice).toBe(CODE_SENT_NOTE);
    expect(resetStage.context.resendLock.getSnapshot().value).toBe('locked');

    send({ type: 'field.change', field: 'code', value: '12' }, { type: 'field.change', field: 'password', value: 'short' }, { type: 'reset.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'Enter the 6-digit code.', password: 'Password must be at least 8 characters.' });
    expect(effects).toEqual([{ type: 'screen.refused' }]);

    send(
      { type: 'field.change', field: 'code', value: '123456' },
      { type: 'field.change', field: 'password', value: 'a new password' },
      { type: 'reset.submit' },
    );
    await waitFor(actor, (s) => s.matches('done'));
    expect(reset).toEqual([{ email: 'owner@example.com', code: '123456', password: 'a new password' }]);
    // The address goes to the login screen before the screen goes there.
    expect(effects.slice(1)).toEqual([
      { type: 'screen.passwordChanged', email: ' Owner@Example.com' },
      { type: 'screen.navigate', to: '/login?reset=1', replace: true },
    ]);
  });

  it('resends only after the lock, and shows the server’s words on failure', async () => {
    const { actor, forgot, send, effects } = start({
      reset: async () => {
        throw new ApiError('This code is wrong or has expired.', { status: 400 });
      },
    });
    send({ type: 'field.change', field: 'email', value: 'owner@example.com' }, { type: 'request.submit' });
    await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
    send({ type: 'code.resend' });
    expect(forgot).toHaveLength(1);
    await waitFor(actor.getSnapshot().context.resendLock, (lock) => lock.value === 'ready');
    send({ type: 'code.resend' });
    expect((await waitFor(actor, (s) => s.matches({ reset: 'editing' }) && s.context.notice === CODE_RESENT_NOTE)).context.notice).toBe(CODE_RESENT_NOTE);
    expect(forgot).toHaveLength(2);

    send(
      { type: 'field.change', field: 'code', value: '999999' },
      { type: 'field.change', field: 'password', value: 'a new password' },
      { type: 'reset.submit' },
    );
    const failed = await waitFor(actor, (s) => s.matches({ reset: 'editing' }) && s.context.error !== null);
    expect(failed.context.error).toBe('This code is wrong or has expired.');
    // Only the refused submit moves the focus; a resend is not a submit.
    expect(effects).toEqual([{ type: 'screen.refused' }]);
  });

  it('goes back to the request stage for another address, forgetting code and password', async () => {
    const { actor, send } = start();
    send({ type: 'field.change', field: 'email', value: 'owner@example.com' }, { type: 'request.submit' });
    await waitFor(actor, (s) => s.matches({ reset: 'editing' }));
    send({ type: 'field.change', field: 'code', value: '123456' }, { type: 'step.back' });
    expect(actor.getSnapshot().matches({ request: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ email: 'owner@example.com', code: '', password: '' });
  });
});

describe('forgot password machine: what the view reads', () => {
  it('names the stage shown and the work under way', () => {
    const tagsAt = stateTags(forgotPasswordMachine, { resendSeconds: 1 });
    expect(tagsAt({ request: 'editing' })).toEqual(['requestStep']);
    expect(tagsAt({ request: 'sending' })).toEqual(['requestStep', 'sending']);
    expect(tagsAt({ reset: 'editing' })).toEqual(['resetStep']);
    expect(tagsAt({ reset: 'saving' })).toEqual(['resetStep', 'saving']);
    expect(tagsAt({ reset: 'resending' })).toEqual(['resending', 'resetStep']);
    expect(tagsAt('done')).toEqual(['resetStep', 'saving']);
  });
});
