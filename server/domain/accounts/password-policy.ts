import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../../http-error';

/**
 * What a new password must not be, beyond the contract's length (OWASP ASVS 5, V6.2): one of the
 * passwords people choose most (zxcvbn-ts's maintained list, about 49,000 of them, compared without
 * regard to case), or the account's own email address or the part before its @. Server-side only:
 * the list is too large for the browser's bundle, and the screens show the refusal on the field.
 */

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** Shorter local parts ("al@…") are too common as parts of words to refuse a password for. */
const LOCAL_PART_MIN = 3;

export const COMMON_PASSWORD = 'This password is one of the most common ones. Please choose one that is harder to guess.';
export const PASSWORD_HAS_EMAIL = 'Please choose a password that does not contain your email address.';

export function passwordProblem(password: string, email: string): string | null {
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return COMMON_PASSWORD;
  const address = email.toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lowered.includes(address) || (localPart.length >= LOCAL_PART_MIN && lowered.includes(localPart))) return PASSWORD_HAS_EMAIL;
  return null;
}

/** Refuses a new password with 400 on the `password` field, before anything is stored. */
export function assertAcceptablePassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new HttpError(400, 'weak_password', problem, { fields: { password: problem } });
}
