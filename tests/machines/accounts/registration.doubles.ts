/**
 * The registration machine with its four calls answered as a test says (checked against the
 * server's contracts) and every request recorded: shared by the behaviour and mutant tests.
 */
import { createActor, fromPromise } from 'xstate';
import type { ProfileResponse, RegisterRequest, RegisterResponse, VerifyRequest, VerifyResponse } from '#contracts/accounts';
import { registrationMachine, type ProfileCall, type RegistrationEvent, type SignInCall } from '#src/machines/accounts/registration.machine';
import type { AuthScreenEffect } from '#src/machines/accounts/screen-effects';
import { resendLockMachine } from '#src/machines/accounts/resend-lock.machine';
import { provideChecked } from '../../support/contract-double';

export type Answers = {
  register?: (input: RegisterRequest) => Promise<RegisterResponse>;
  verify?: (input: VerifyRequest) => Promise<VerifyResponse>;
  profile?: (input: ProfileCall) => Promise<ProfileResponse>;
  signIn?: (input: SignInCall) => Promise<string>;
};

/** `resendTickMs` shortens the resend countdown's tick (the real lock, only faster). */
export function startRegistration(answers: Answers = {}, { resendSeconds = 60, resendTickMs }: { resendSeconds?: number; resendTickMs?: number } = {}) {
  const calls = { register: [] as RegisterRequest[], verify: [] as VerifyRequest[], profile: [] as ProfileCall[], signIn: [] as SignInCall[] };
  const machine = provideChecked(registrationMachine, {
    actors: {
      registerEmail: fromPromise<RegisterResponse, RegisterRequest>(({ input }) => {
        calls.register.push(input);
        return (answers.register ?? (async () => ({ detail: 'sent', existing: false })))(input);
      }),
      verifyCode: fromPromise<VerifyResponse, VerifyRequest>(({ input }) => {
        calls.verify.push(input);
        return (answers.verify ?? (async () => ({ access: 'A1', refresh: 'R1', need_profile: true })))(input);
      }),
      saveProfile: fromPromise<ProfileResponse, ProfileCall>(({ input }) => {
        calls.profile.push(input);
        return (answers.profile ?? (async () => ({ access: 'A2', refresh: 'R2' })))(input);
      }),
      completeSignIn: fromPromise<string, SignInCall>(({ input }) => {
        calls.signIn.push(input);
        return (answers.signIn ?? (async () => '/onboard/7/location'))(input);
      }),
      ...(resendTickMs === undefined ? {} : { resendLock: resendLockMachine.provide({ delays: { tick: resendTickMs } }) }),
    },
  });
  const actor = createActor(machine, { input: { resendSeconds } });
  // What the machine asks its screen to do (navigate, focus a refusal), in order.
  const effects: AuthScreenEffect[] = [];
  actor.on('*', (effect) => effects.push(effect));
  actor.start();
  const send = (...events: RegistrationEvent[]) => events.forEach((event) => actor.send(event));
  const context = () => actor.getSnapshot().context;
  return { actor, calls, send, context, effects };
}
