import type { LoginRequest } from '../../../contracts/accounts';
import {
  DetailResponse,
  ForgotRequest,
  GoogleSignInRequest,
  ProfileRequest,
  ProfileResponse,
  RegisterRequest,
  RegisterResponse,
  ResetRequest,
  VerifyRequest,
  VerifyResponse,
} from '../../../contracts/accounts';
import { OnboardingStartResponse, Tokens } from '../../../contracts/shared/session';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { parseWith } from '../../../contracts/shared/validation';
import { api, createApiClient, type ApiClient } from '../shared/api';

/**
 * The accounts calls of the newer backend (spec section 7). Every body goes through its
 * contract first (trimmed, lower-cased email) and every answer is checked against its
 * contract. Spec section 6: login, register, verify, Google, forgot and reset go without a
 * bearer token.
 */

export function register(input: RegisterRequest, client: ApiClient = api): Promise<RegisterResponse> {
  return client.post(paths.auth.register, parseWith(RegisterRequest, input), { auth: false, struct: RegisterResponse });
}

export function verify(input: VerifyRequest, client: ApiClient = api): Promise<VerifyResponse> {
  return client.post(paths.auth.verify, parseWith(VerifyRequest, input), { auth: false, struct: VerifyResponse });
}

/**
 * Step 3 of registration, sent with the access token verify just returned. That token is
 * passed in rather than read from storage: nothing is stored until the person has finished
 * (completeSignIn), so an abandoned registration leaves no half-session behind.
 */
export function saveProfile(input: ProfileRequest, accessToken: string, client?: ApiClient): Promise<ProfileResponse> {
  const caller = client ?? createApiClient({ baseUrl: API_BASE, tokens: { accessToken: () => accessToken } });
  return caller.post(paths.auth.profile, parseWith(ProfileRequest, input), { struct: ProfileResponse });
}

/** Spec section 5: login has no client-side checks, so only the email is tidied (trim, lower case). */
export function login(input: LoginRequest, client: ApiClient = api): Promise<Tokens> {
  const body = { email: input.email.trim().toLowerCase(), password: input.password };
  return client.post(paths.auth.login, body, { auth: false, struct: Tokens });
}

/** The server answers the same whether or not the address has an account, a 429 (with the wait in its sentence) included. */
export function forgotPassword(input: ForgotRequest, client: ApiClient = api): Promise<DetailResponse> {
  return client.post(paths.auth.forgot, parseWith(ForgotRequest, input), { auth: false, struct: DetailResponse });
}

export function resetPassword(input: ResetRequest, client: ApiClient = api): Promise<DetailResponse> {
  return client.post(paths.auth.reset, parseWith(ResetRequest, input), { auth: false, struct: DetailResponse });
}

export function googleSignIn(idToken: string, client: ApiClient = api): Promise<Tokens> {
  return client.post(paths.auth.google, parseWith(GoogleSignInRequest, { id_token: idToken }), { auth: false, struct: Tokens });
}

/** Creates the person's onboarding record (or returns the one they have), with the stored bearer token. */
export function startOnboarding(client: ApiClient = api): Promise<OnboardingStartResponse> {
  return client.post(paths.onboarding.start, undefined, { struct: OnboardingStartResponse });
}
