/**
 * The login, forgot-password and reset-password machines started with recording doubles of their
 * server calls. Their behaviour tests and the tests written for Stryker's mutants
 * (password-screens.mutants.test.ts) drive the same set-up from here.
 */
import { createActor, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import type { DetailResponse, ForgotRequest, LoginRequest, ResetRequest } from '#contracts/accounts';
import type { Tokens } from '#contracts/shared/session';
import { forgotPasswordMachine, type ForgotEvent } from '#src/machines/accounts/forgot-password.machine';
import { loginMachine, type LoginEvent, type LoginSignInCall } from '#src/machines/accounts/login.machine';
import { resendLockMachine } from '#src/machines/accounts/resend-lock.machine';
import { resetPasswordMachine, type ResetEvent } from '#src/machines/accounts/reset-password.machine';
import type { AuthScreenEffect } from '#src/machines/accounts/screen-effects';
import { provideChecked } from '../../support/contract-double';
import { recordedCall } from '../../support/recorded-call';

const accepted = async (): Promise<DetailResponse> => ({ detail: 'ok' });

/**
 * Starts `actor` with its screen effects recorded from the first one on; `send` sends several
 * events in order, `context` reads the current context.
 */
function started<A extends AnyActorRef, E extends EventObject>(actor: A) {
  const effects: AuthScreenEffect[] = [];
  actor.on('*', (effect: AuthScreenEffect) => effects.push(effect));
  actor.start();
  const send = (...events: E[]) => events.forEach((event) => actor.send(event));
  const context = (): SnapshotFrom<A>['context'] => actor.getSnapshot().context;
  return { actor, send, effects, context };
}

/** Login: `check` answers the credentials call, `signIn` the sign-in after it (to /admin unless given). */
export function startLogin(
  check: (call: LoginRequest) => Promise<Tokens>,
  signIn: (call: LoginSignInCall) => Promise<string> = async () => '/admin',
  input?: { next?: string | null },
) {
  const checkCredentials = recordedCall<Tokens, LoginRequest>(check);
  const completeSignIn = recordedCall<string, LoginSignInCall>(signIn);
  const actor = createActor(provideChecked(loginMachine, { actors: { checkCredentials: checkCredentials.actor, completeSignIn: completeSignIn.actor } }), {
    input,
  });
  return { ...started<typeof actor, LoginEvent>(actor), checked: checkCredentials.calls, signedIn: completeSignIn.calls };
}

/** The server's answers to the forgot-password screen's two calls. */
export type ForgotAnswers = { forgot?: () => Promise<DetailResponse>; reset?: () => Promise<DetailResponse> };

/**
 * Forgot password: `answers` answer the code request and the reset (both accepted unless given);
 * Resend is locked for `resendSeconds`, one tick of its countdown lasting `tick` ms.
 */
export function startForgot(answers: ForgotAnswers, { resendSeconds, tick }: { resendSeconds: number; tick: number }) {
  const requestCode = recordedCall<DetailResponse, ForgotRequest>(() => (answers.forgot ?? accepted)());
  const resetPassword = recordedCall<DetailResponse, ResetRequest>(() => (answers.reset ?? accepted)());
  const actor = createActor(
    provideChecked(forgotPasswordMachine, {
      actors: { requestCode: requestCode.actor, resetPassword: resetPassword.actor, resendLock: resendLockMachine.provide({ delays: { tick } }) },
    }),
    { input: { resendSeconds } },
  );
  return { ...started<typeof actor, ForgotEvent>(actor), forgot: requestCode.calls, reset: resetPassword.calls };
}

/** Reset password: `answer` answers the reset (accepted unless given); `input` is what the link gave. */
export function startReset(answer: () => Promise<DetailResponse> = accepted, input?: { email?: string }) {
  const resetPassword = recordedCall<DetailResponse, ResetRequest>(answer);
  const actor = createActor(provideChecked(resetPasswordMachine, { actors: { resetPassword: resetPassword.actor } }), { input });
  return { ...started<typeof actor, ResetEvent>(actor), sent: resetPassword.calls };
}
