import type { ActorRefFrom } from 'xstate';
import { Code, ProfileRequest, RegisterRequest } from '../../../contracts/accounts';
import type { Tokens } from '../../../contracts/shared/session';
import { Email } from '../../../contracts/shared/text';
import { checkWith } from '../../../contracts/shared/validation';
import { pickFields } from './auth-errors';
import type { resendLockMachine } from './resend-lock.machine';

/**
 * The registration machine's context, events and checks (registration.machine.ts has the
 * statechart): what the three steps keep, and how each step's fields are checked with the
 * contracts the server uses.
 */

export type RegistrationField = 'email' | 'first_name' | 'last_name' | 'password';
export type RegistrationErrorKey = RegistrationField | 'terms' | 'code';

export interface RegistrationInput {
  /** Length of the resend lock in seconds (tests shorten it). */
  resendSeconds?: number;
}

export interface RegistrationContext {
  email: string;
  acceptedTerms: boolean;
  code: string;
  first_name: string;
  last_name: string;
  password: string;
  /** The register answer said this address already has an account: the code signs it in. */
  existing: boolean;
  /** From verify; kept so Back from the profile step does not spend the code a second time. */
  tokens: Tokens | null;
  verifiedCode: string | null;
  fieldErrors: Partial<Record<RegistrationErrorKey, string>>;
  /** The alert's sentence; null when there is none. */
  error: string | null;
  /** A quiet confirmation (a new code was sent). */
  notice: string | null;
  resendLock: ActorRefFrom<typeof resendLockMachine>;
}

export type RegistrationEvent =
  | { type: 'field.change'; field: RegistrationField; value: string }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'code.change'; value: string }
  | { type: 'email.submit' }
  | { type: 'code.verify' }
  | { type: 'code.resend' }
  | { type: 'profile.submit' }
  | { type: 'step.back' }
  | { type: 'signin.retry' };

export type ProfileCall = { profile: ProfileRequest; accessToken: string };
export type SignInCall = { tokens: Tokens; remember: boolean };

/** Spec: a new code went out. Shown after Resend, so the person knows to look again. */
export const CODE_RESENT = 'We sent you a new code.';

export const checkEmailStep = (context: RegistrationContext) => checkWith(RegisterRequest, { email: context.email, accepted_terms: context.acceptedTerms });
export const checkCode = (context: RegistrationContext) => checkWith(Code, context.code);
export const checkProfile = (context: RegistrationContext) =>
  checkWith(ProfileRequest, {
    email: context.email,
    first_name: context.first_name,
    last_name: context.last_name,
    password: context.password,
  });

export const normalisedEmail = (context: RegistrationContext) => {
  const result = checkWith(Email, context.email);
  // Stryker disable next-line ConditionalExpression: called only once the email step's guard accepted the address
  return result.ok ? result.value : context.email;
};

const EMAIL_KEYS = ['email', 'terms'] as const;
export const CODE_KEYS = ['code'] as const;
export const PROFILE_KEYS = ['first_name', 'last_name', 'password'] as const;

/** The email step's sentences: the contract and the server call the terms `accepted_terms`. */
export const emailStepErrors = ({ accepted_terms: terms, ...fields }: Record<string, string>) =>
  pickFields(terms === undefined ? fields : { ...fields, terms }, EMAIL_KEYS);
