import { boolean, object, refine, string, type Infer } from 'superstruct';
import { Email, trimmed } from './shared/text';

/** Spec section 9: code length 6, minimum password length 8. */
export const CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
/** Spec section 9: resend lock. The server enforces the same lock per address. */
export const RESEND_LOCK_SECONDS = 60;

// Spec section 5, word for word.
export const MESSAGES = {
  email: 'Please enter a valid email.',
  terms: 'You must accept Terms and Privacy.',
  code: 'Enter the 6-digit code.',
  name: 'Please enter your name.',
  password: 'Password must be at least 8 characters.',
  confirm: 'Passwords do not match.',
  registrationFailed: 'Account already exists',
  resetFallback: 'Could not reset password.',
  requestFallback: 'Request failed',
} as const;

export const Code = trimmed(refine(string(), 'code', (value) => /^\d{6}$/.test(value) || MESSAGES.code));
/** Passwords are never trimmed: spaces are characters like any other. 1024 bounds the hashing work. */
export const Password = refine(string(), 'password', (value) => (value.length >= PASSWORD_MIN_LENGTH && value.length <= 1024) || MESSAGES.password);
export const PersonName = trimmed(refine(string(), 'name', (value) => (value.length >= 1 && value.length <= 100) || MESSAGES.name));

// POST /api/v2/auth/register/
export const RegisterRequest = object({
  email: Email,
  accepted_terms: refine(boolean(), 'terms', (value) => value || MESSAGES.terms),
});
export type RegisterRequest = Infer<typeof RegisterRequest>;
export const RegisterResponse = object({ detail: string(), existing: boolean() });
export type RegisterResponse = Infer<typeof RegisterResponse>;

// POST /api/v2/auth/verify/
export const VerifyRequest = object({ email: Email, code: Code });
export type VerifyRequest = Infer<typeof VerifyRequest>;
export const VerifyResponse = object({ access: string(), refresh: string(), need_profile: boolean() });
export type VerifyResponse = Infer<typeof VerifyResponse>;

// POST /api/v2/auth/profile/ (with the bearer token from verify; the email must be the token's)
export const ProfileRequest = object({ email: Email, first_name: PersonName, last_name: PersonName, password: Password });
export type ProfileRequest = Infer<typeof ProfileRequest>;
export const ProfileResponse = object({ access: string(), refresh: string() });
export type ProfileResponse = Infer<typeof ProfileResponse>;

// POST /api/v2/auth/login/ (no client-side validation, spec section 5: any non-empty strings)
export const LoginRequest = object({ email: Email, password: refine(string(), 'password', (value) => value.length <= 1024 || MESSAGES.password) });
export type LoginRequest = Infer<typeof LoginRequest>;

// POST /api/v2/auth/password/forgot/ — the same answer whether or not the account exists
export const ForgotRequest = object({ email: Email });
export type ForgotRequest = Infer<typeof ForgotRequest>;
export const DetailResponse = object({ detail: string() });
export type DetailResponse = Infer<typeof DetailResponse>;

// POST /api/v2/auth/password/reset/
export const ResetRequest = object({ email: Email, code: Code, password: Password });
export type ResetRequest = Infer<typeof ResetRequest>;

// POST /api/v2/auth/social/google/
export const GoogleSignInRequest = object({
  id_token: refine(string(), 'id_token', (value) => (value.length > 0 && value.length <= 8192) || 'Missing Google ID token.'),
});
export type GoogleSignInRequest = Infer<typeof GoogleSignInRequest>;

/** Where the Google flow returns: tokens (or an error) in the address hash of /oauth/complete. */
export const OAUTH_COMPLETE_PATH = '/oauth/complete';
