import { waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/services/shared/api';
import { loginMachine } from '#src/machines/accounts/login.machine';
import { assertPathCoverage } from '../../support/path-coverage';
import { startLogin } from './password-screen-actors';

describe('login machine: path coverage', () => {
  it('reaches every state and transition', () => {
    const report = assertPathCoverage(loginMachine, {
      events: [
        { type: 'field.change', field: 'email', value: 'owner@example.com' },
        { type: 'remember.change', remember: false },
        { type: 'form.submit' },
        { type: 'xstate.done.actor.checkCredentials', output: { access: 'a', refresh: 'r' }, actorId: 'checkCredentials' },
        { type: 'xstate.error.actor.checkCredentials', error: new ApiError('Wrong email or password.', { status: 401 }), actorId: 'checkCredentials' },
        { type: 'xstate.done.actor.completeSignIn', output: '/admin', actorId: 'completeSignIn' },
      ],
    });
    expect(report.states.reached).toEqual(['editing', 'checking', 'signingIn', 'done']);
    expect(report.transitions.missing).toEqual([]);
  });
});

describe('login machine: behaviour', () => {
  it('sends what was typed (no client-side checks), then signs in with Remember me and next', async () => {
    const { actor, checked, signedIn, send, effects } = startLogin(
      async () => ({ access: 'A', refresh: 'R' }),
      async () => '/backoffice/menu',
      { next: '/backoffice/menu' },
    );
    // A one-letter password: registration's rules would refuse it, login sends it as it is.
    send({ type: 'field.change', field: 'email', value: ' Owner@Example.com' }, { type: 'field.change', field: 'password', value: 'x' });
    send({ type: 'remember.change', remember: false }, { type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('checking');
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(checked).toEqual([{ email: ' Owner@Example.com', password: 'x' }]);
    expect(signedIn).toEqual([{ tokens: { access: 'A', refresh: 'R' }, remember: false, next: '/backoffice/menu' }]);
    expect(done.status).toBe('done');
    expect(effects).toEqual([{ type: 'screen.navigate', to: '/backoffice/menu', replace: true }]);
  });

  it('is busy from the submit until the screen leaves, not while the form is edited', async () => {
    let signIn: (destination: string) => void = () => undefined;
    const destination = new Promise<string>((resolve) => (signIn = resolve));
    const { actor, send } = startLogin(
      async () => ({ access: 'A', refresh: 'R' }),
      () => destination,
    );
    send({ type: 'field.change', field: 'email', value: 'owner@example.com' }, { type: 'field.change', field: 'password', value: 'secret-1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect((await waitFor(actor, (s) => s.matches('signingIn'))).hasTag('busy')).toBe(true);
    signIn('/admin');
    expect((await waitFor(actor, (s) => s.matches('done'))).hasTag('busy')).toBe(true);
  });

  it('Remember me is on unless turned off', () => {
    const { actor } = startLogin(
      async () => ({ access: 'A', refresh: 'R' }),
      async () => '/admin',
    );
    expect(actor.getSnapshot().context.remember).toBe(true);
  });

  it('shows the server’s detail, keeps the typed values, and clears it on the next edit', async () => {
    const { actor, send } = startLogin(
      async () => {
        throw new ApiError('Wrong email or password.', { status: 401 });
      },
      async () => '/admin',
    );
    send({ type: 'field.change', field: 'email', value: 'a@b.co' }, { type: 'field.change', field: 'password', value: 'secret-1' }, { type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(failed.context).toMatchObject({ error: 'Wrong email or password.', email: 'a@b.co', password: 'secret-1' });
    send({ type: 'field.change', field: 'password', value: 'secret-2' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the sentences of the fields the server names until each field is edited', async () => {
    const refusal = new ApiError('Some fields are not valid.', { status: 400, code: 'invalid', fields: { email: 'Please enter a valid email.' } });
    const { actor, send, effects } = startLogin(
      async () => {
        throw refusal;
      },
      async () => '/admin',
    );
    send({ type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(failed.context).toMatchObject({ error: 'Some fields are not valid.', fieldErrors: { email: 'Please enter a valid email.' } });
    expect(effects).toEqual([{ type: 'screen.refused' }]);
    send({ type: 'field.change', field: 'password', value: 'secret-1' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Please enter a valid email.' });
    send({ type: 'field.change', field: 'email', value: 'a@b.co' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('falls back to "Request failed" and returns to the form when the sign-in after the credentials fails', async () => {
    const { actor, send, effects } = startLogin(
      async () => ({ access: 'A', refresh: 'R' }),
      async () => {
        throw new Error('');
      },
    );
    send({ type: 'field.change', field: 'email', value: 'a@b.co' }, { type: 'field.change', field: 'password', value: 'secret-1' }, { type: 'form.submit' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(failed.context.error).toBe('Request failed');
    expect(effects).toEqual([{ type: 'screen.refused' }]);
  });
});
