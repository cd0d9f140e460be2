/** Login as a person sees it (no effects). No client-side checks: any submit goes to the server. */
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { runAsWalks } from '../../support/model-paths';

export type LoginModelEvent =
  | { type: 'fill' }
  | { type: 'remember.off' }
  | { type: 'password.show' }
  | { type: 'form.submit' }
  | { type: 'credentials.accept' }
  | { type: 'credentials.reject' }
  | { type: 'signin.accept' };

export const loginModelMachine = setup({ types: { events: {} as LoginModelEvent } }).createMachine({
  id: 'loginModel',
  initial: 'blank',
  states: {
    /** Empty form, Remember me on, password hidden. */
    blank: { on: { fill: 'filled' } },
    filled: { on: { 'remember.off': 'forgetful', 'password.show': 'revealed', 'form.submit': 'checking' } },
    /** Remember me turned off: the tokens will live in this tab only. */
    forgetful: { on: { 'form.submit': 'checking' } },
    /** The password shown in clear text. */
    revealed: { on: { 'form.submit': 'checking' } },
    checking: { on: { 'credentials.accept': 'signingIn', 'credentials.reject': 'failed' } },
    /** The server's sentence, the typed values kept. */
    failed: { on: { 'form.submit': 'checking' } },
    signingIn: { on: { 'signin.accept': 'done' } },
    done: { type: 'final' },
  },
});

/** Run as covering walks (tests/support/model-paths.ts): its executors assert what each step changed. */
export const loginModel = runAsWalks(createTestModel(loginModelMachine));

export const LOGIN_VALUES = {
  email: 'owner@example.com',
  password: 'correct horse',
  rejection: 'Wrong email or password.',
  destination: '/backoffice/menu',
} as const;
