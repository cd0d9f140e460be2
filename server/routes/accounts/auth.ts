import type { FastifyInstance } from 'fastify';
import { ActiveRestaurantUpdate, RefreshRequest, type CurrentUser, type Tokens } from '../../../contracts/shared/session';
import { ForgotRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetRequest, VerifyRequest, type DetailResponse, type RegisterResponse, type VerifyResponse } from '../../../contracts/accounts';
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

export async function authRoutes(app: FastifyInstance, context: AppContext) {
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

  app.post<{ Body: RegisterRequest }>(url(paths.auth.register), { schema: { body: RegisterRequest }, config: limited }, async (request) =>
    (await register(deps, request.body.email, request.log)) satisfies RegisterResponse);

  app.post<{ Body: VerifyRequest }>(url(paths.auth.verify), { schema: { body: VerifyRequest }, config: limited }, async (request) =>
    (await signInWithCode(deps, request.body)) satisfies VerifyResponse);

  app.post<{ Body: ProfileRequest }>(url(paths.auth.profile), { schema: { body: ProfileRequest }, preHandler: app.requireUser }, async (request) =>
    (await completeProfile(deps, signedInUser(request), request.body)) satisfies Tokens);

  app.post<{ Body: LoginRequest }>(url(paths.auth.login), { schema: { body: LoginRequest }, config: limited }, async (request) =>
    (await signInWithPassword(deps, request.body)) satisfies Tokens);

  app.get(url(paths.auth.me), { preHandler: app.requireUser }, async (request) =>
    (await toCurrentUser(deps.db, signedInUser(request))) satisfies CurrentUser);

  app.patch<{ Body: ActiveRestaurantUpdate }>(url(paths.auth.me), { schema: { body: ActiveRestaurantUpdate }, preHandler: app.requireUser }, async (request) =>
    (await switchActiveRestaurant(deps.db, signedInUser(request), request.body.active_restaurant_id)) satisfies CurrentUser);

  app.post<{ Body: ForgotRequest }>(url(paths.auth.forgot), { schema: { body: ForgotRequest }, config: limited }, async (request) =>
    requestPasswordReset(deps, request.body.email, request.log) satisfies DetailResponse);

  app.post<{ Body: ResetRequest }>(url(paths.auth.reset), { schema: { body: ResetRequest }, config: limited }, async (request) =>
    (await resetPassword(deps, request.body)) satisfies DetailResponse);

  app.post<{ Body: RefreshRequest }>(url(paths.auth.refresh), { schema: { body: RefreshRequest } }, async (request) =>
    (await renewSession(deps, request.body.refresh, request.log)) satisfies Tokens);

  app.post<{ Body: RefreshRequest }>(url(paths.auth.logout), { schema: { body: RefreshRequest } }, async (request) =>
    (await signOut(deps, request.body.refresh)) satisfies DetailResponse);
}
