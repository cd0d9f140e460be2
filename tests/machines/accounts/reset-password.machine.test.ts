import { waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { resetPasswordMachine, type ResetEvent } from '#src/machines/accounts/reset-password.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { stateTags } from '../../support/state-tags';
import { startReset } from './password-screen-actors';

describe('reset password machine: path coverage', () => {
  it('reaches every state and transition', () => {
    const report = assertPathCoverage(resetPasswordMachine, {
      input: { email: 'owner@example.com' },
      events: [
        { type: 'field.change', field: 'code', value: '123456' },
        { type: 'field.change', field: 'password', value: 'new password' },
        { type: 'field.change', field: 'confirm', value: 'new password' },
        { type: 'form.submit' },
      ],
    });
    expect(report.states.reached).toEqual(['editing', 'saving', 'done']);
    expect(report.transitions.missing).toEqual([]);
  });
});

const fill = (code: string, password: string, confirm: string): ResetEvent[] => [
  { type: 'field.change', field: 'code', value: code },
  { type: 'field.change', field: 'password', value: password },
  { type: 'field.change', field: 'confirm', value: confirm },
];

describe('reset password machine: behaviour', () => {
  it('uses the spec’s sentences for each field', () => {
    const { actor, sent, send, effects } = startReset(async () => ({ detail: 'ok' }));
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'Please enter your email.',
      code: 'Enter the 6-digit code.',
      password: 'Password must be at least 8 characters.',
    });
    send({ type: 'field.change', field: 'email', value: 'x' }, ...fill('123456', 'long enough', 'long enouhg'), { type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Please enter a valid email.', confirm: 'Passwords do not match.' });
    expect(sent).toEqual([]);
    expect(effects).toEqual([{ type: 'screen.refused' }, { type: 'screen.refused' }]);
  });

  it('sends email, code and password (not the confirmation), then sends the screen to login with the address', async () => {
    const { actor, sent, send, effects } = startReset(async () => ({ detail: 'ok' }), { email: 'Owner@Example.com' });
    send(...fill('123456', 'long enough', 'long enough'), { type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ email: 'owner@example.com', code: '123456', password: 'long enough' }]);
    expect(effects).toEqual([
      { type: 'screen.passwordChanged', email: 'Owner@Example.com' },
      { type: 'screen.navigate', to: '/login?reset=1', replace: true },
    ]);
  });

  it('shows the server’s detail, or "Could not reset password." when there is none', async () => {
    let error: unknown = new ApiError('This code is wrong or has expired.', { status: 400 });
    const { actor, send, effects } = startReset(
      async () => {
        throw error;
      },
      { email: 'owner@example.com' },
    );
    send(...fill('123456', 'long enough', 'long enough'), { type: 'form.submit' });
    expect((await waitFor(actor, (s) => s.context.error !== null)).context.error).toBe('This code is wrong or has expired.');
    expect(effects).toEqual([{ type: 'screen.refused' }]);
    error = new Error('');
    send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('saving'));
    expect((await waitFor(actor, (s) => s.context.error !== null)).context.error).toBe('Could not reset password.');
  });
});

describe('reset password machine: what the view reads', () => {
  it('is saving from the submit on', () => {
    const tagsAt = stateTags(resetPasswordMachine);
    expect([tagsAt('editing'), tagsAt('saving'), tagsAt('done')]).toEqual([[], ['saving'], ['saving']]);
  });
});
