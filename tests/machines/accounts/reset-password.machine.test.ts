import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { DetailResponse, ResetRequest } from '#contracts/accounts';
import { ApiError } from '#src/services/shared/api';
import type { AuthScreenEffect } from '#src/machines/accounts/screen-effects';
import { resetPasswordMachine, type ResetEvent } from '#src/machines/accounts/reset-password.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { provideChecked } from '../../support/contract-double';
import { stateTags } from '../../support/state-tags';

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

function start(answer: () => Promise<DetailResponse>, email?: string) {
  const sent: ResetRequest[] = [];
  const actor = createActor(
    provideChecked(resetPasswordMachine, {
      actors: {
        resetPassword: fromPromise<DetailResponse, ResetRequest>(({ input }) => {
          sent.push(input);
          return answer();
        }),
      },
    }),
    { input: { email } },
  );
  const effects: AuthScreenEffect[] = [];
  actor.on('*', (effect) => effects.push(effect));
  actor.start();
  const send = (...events: ResetEvent[]) => events.forEach((event) => actor.send(event));
  return { actor, sent, send, effects };
}

const fill = (code: string, password: string, confirm: string): ResetEvent[] => [
  { type: 'field.change', field: 'code', value: code },
  { type: 'field.change', field: 'password', value: password },
  { type: 'field.change', field: 'confirm', value: confirm },
];

describe('reset password machine: behaviour', () => {
  it('uses the spec’s sentences for each field', () => {
    const { actor, sent, send, effects } = start(async () => ({ detail: 'ok' }));
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
    const { actor, sent, send, effects } = start(async () => ({ detail: 'ok' }), 'Owner@Example.com');
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
    const { actor, send, effects } = start(async () => {
      throw error;
    }, 'owner@example.com');
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
