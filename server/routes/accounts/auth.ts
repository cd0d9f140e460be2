import { ActiveRestaurantUpdate, CurrentUser, RefreshRequest, Tokens } from '../../../contracts/shared/session';
import {
  DetailResponse,
  ForgotRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  RegisterResponse,
  ResetRequest,
  VerifyRequest,
  VerifyResponse,
} from '../../../contracts/accounts';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import type { AccountDeps } from '../../domain/accounts/account-deps';
import { switchActiveRestaurant } from '../../domain/accounts/active-restaurant';
import { requestPasswordReset, resetPassword } from '../../domain/accounts/password-reset';
import { completeProfile } from '../../domain/accounts/profile';
import { register } from '../../domain/accounts/registration';
import { renewSession } from '../../domain/accounts/session-renewal';
import { signInWithCode, signInWithPassword, signOut } from '../../domain/accounts/sign-in';
import { toCurrentUser } from '../../domain/accounts/users';
import { signedInUser } from '../../plugins/auth';
import type { ContractApp } from '../../plugins/contract-types';

export async function authRoutes(app: ContractApp, context: AppContext) {
  const { config } = context;
  const deps: AccountDeps = {
    db: context.database.db,
    mailer: context.mailer,
    codeKey: context.keys.codeHash,
    clock: context.clock,
    publicUrl: config.publicUrl,
    passwords: context.passwords,
    sessions: context.sessions,
    background: context.background,
  };
  // The sensitive endpoints get a per-address budget of their own, on top of the global one and the code rules.
  const limited = { rateLimit: { max: config.authLimitPerMinute, timeWindow: 60_000 } };
  const url = (path: string) => `${API_BASE}${path}`;

  app.post(
    url(paths.auth.register),
    {
      schema: {
        body: RegisterRequest,
        response: {
          200: json(RegisterResponse, 'A code is on its way (or the address already has an account: `existing`).'),
          503: refusal('The code could not be sent, or the database is unreachable.'),
        },
      },
      config: limited,
    },
    async (request) => (await register(deps, request.body.email, request.log)) satisfies RegisterResponse,
  );

  app.post(
    url(paths.auth.verify),
    {
      schema: {
        body: VerifyRequest,
        response: {
          200: json(VerifyResponse, 'Signed in; `need_profile` when the name and password are still to be given.'),
          401: refusal('The code is wrong, expired or used up.'),
        },
      },
      config: limited,
    },
    async (request) => (await signInWithCode(deps, request.body)) satisfies VerifyResponse,
  );

  app.post(
    url(paths.auth.profile),
    {
      schema: {
        body: ProfileRequest,
        response: {
          200: json(Tokens, 'The profile is complete; new tokens.'),
          403: refusal("The profile is already complete, or the email is not the account's."),
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => (await completeProfile(deps, signedInUser(request), request.body)) satisfies Tokens,
  );

  app.post(
    url(paths.auth.login),
    { schema: { body: LoginRequest, response: { 200: json(Tokens, 'Signed in.'), 401: refusal('Wrong email or password.') } }, config: limited },
    async (request) => (await signInWithPassword(deps, request.body)) satisfies Tokens,
  );

  app.get(
    url(paths.auth.me),
    { schema: { response: { 200: json(CurrentUser, 'The signed-in person.') } }, preValidation: app.requireUser },
    async (request) => (await toCurrentUser(deps.db, signedInUser(request))) satisfies CurrentUser,
  );

  app.patch(
    url(paths.auth.me),
    {
      schema: {
        body: ActiveRestaurantUpdate,
        response: {
          200: json(CurrentUser, 'The signed-in person, working on the chosen restaurant.'),
          403: refusal('Only staff choose the restaurant they work on.'),
          404: refusal('No such restaurant.'),
        },
      },
      preValidation: app.requireUser,
    },
    async (request) => (await switchActiveRestaurant(deps.db, signedInUser(request), request.body.active_restaurant_id)) satisfies CurrentUser,
  );

  app.post(
    url(paths.auth.forgot),
    {
      schema: {
        body: ForgotRequest,
        response: {
          200: json(DetailResponse, 'The same sentence whether or not the address has an account.'),
          429: refusal('Too many codes were asked for this address (with or without an account): `Retry-After` says when to ask again.'),
        },
      },
      config: limited,
    },
    async (request) => (await requestPasswordReset(deps, request.body.email, request.log)) satisfies DetailResponse,
  );

  app.post(
    url(paths.auth.reset),
    {
      schema: {
        body: ResetRequest,
        response: { 200: json(DetailResponse, 'The password is changed.'), 401: refusal('The code is wrong, expired or used up.') },
      },
      config: limited,
    },
    async (request) => (await resetPassword(deps, request.body)) satisfies DetailResponse,
  );

  app.post(
    url(paths.auth.refresh),
    {
      schema: {
        body: RefreshRequest,
        response: {
          200: json(Tokens, 'New tokens; the refresh token given is spent.'),
          401: refusal('The refresh token is invalid, expired or already spent.'),
        },
      },
    },
    async (request) => (await renewSession(deps, request.body.refresh, request.log)) satisfies Tokens,
  );

  app.post(
    url(paths.auth.logout),
    { schema: { body: RefreshRequest, response: { 200: json(DetailResponse, 'Signed out: the refresh token is revoked.') } } },
    async (request) => (await signOut(deps, request.body.refresh)) satisfies DetailResponse,
  );
}
