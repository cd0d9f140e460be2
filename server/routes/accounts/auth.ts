import type { FastifyInstance } from 'fastify';
import { ActiveRestaurantUpdate, RefreshRequest, type CurrentUser, type Tokens } from '../../../contracts/shared/session';
import { ForgotRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetRequest, VerifyRequest, type DetailResponse, type RegisterResponse, type VerifyResponse } from '../../../contracts/accounts';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { codeError, issueCodeFor, lockedError, mailCode, type CodeDelivery } from '../../domain/accounts/code-delivery';
import { CODE_LIFETIME_MINUTES, consumeCode } from '../../domain/accounts/codes';
import { issueSession, revokeAllSessions, revokeSessionOf, rotateRefreshToken } from '../../domain/accounts/sessions';
import { chooseActiveRestaurant, findOrCreateUserByEmail, findUserByEmail, needsProfile, setPasswordHash, toCurrentUser, updateProfile } from '../../domain/accounts/users';
import { isAdmin } from '../../domain/shared/people';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';

const INVALID_CREDENTIALS = 'Email or password is incorrect.';
const FORGOT_ANSWER = `If an account uses this address, we sent a code to it. It works for ${CODE_LIFETIME_MINUTES} minutes.`;

export async function authRoutes(app: FastifyInstance, context: AppContext) {
  const { database, config, passwords, sessions, clock } = context;
  const db = database.db;
  const delivery: CodeDelivery = { db, mailer: context.mailer, codeKey: context.keys.codeHash, clock, publicUrl: config.publicUrl };
  // The sensitive endpoints get a per-address budget of their own, on top of the global one and the code rules.
  const limited = { rateLimit: { max: config.authLimitPerMinute, timeWindow: 60_000 } };
  const url = (path: string) => `${API_BASE}${path}`;

  app.post<{ Body: RegisterRequest }>(url(paths.auth.register), { schema: { body: RegisterRequest }, config: limited }, async (request) => {
    const { email } = request.body;
    const existing = (await findUserByEmail(db, email)) !== undefined;
    const outcome = await issueCodeFor(delivery, { email, purpose: 'sign_in' });
    if (!outcome.ok) throw lockedError(outcome);
    try {
      await mailCode(delivery, { email, purpose: 'sign_in' }, outcome);
    } catch (error) {
      request.log.error({ err: error }, 'sign-in code mail could not be sent');
      throw new HttpError(503, 'mail_unavailable', 'We could not send the email just now. Please try again in a minute.', { headers: { 'retry-after': '30' } });
    }
    const detail = existing
      ? `This email is already registered. Enter the code we sent to ${email} to sign in.`
      : `We sent a 6-digit code to ${email}.`;
    return { detail, existing } satisfies RegisterResponse;
  });

  app.post<{ Body: VerifyRequest }>(url(paths.auth.verify), { schema: { body: VerifyRequest }, config: limited }, async (request) => {
    const { email, code } = request.body;
    // A wrong try must be committed even though the answer is an error: the transaction returns
    // the outcome and the error is thrown after the commit.
    const result = await db.transaction(async (tx) => {
      const check = await consumeCode(tx, { email, purpose: 'sign_in', code }, context.keys.codeHash, clock());
      if (!check.ok) return check;
      const { user } = await findOrCreateUserByEmail(tx, { email });
      const tokens = await issueSession(tx, user.id, sessions);
      return { ok: true as const, tokens, needProfile: needsProfile(user) };
    });
    if (!result.ok) throw codeError(result);
    return { ...result.tokens, need_profile: result.needProfile } satisfies VerifyResponse;
  });

  app.post<{ Body: ProfileRequest }>(
    url(paths.auth.profile),
    { schema: { body: ProfileRequest }, preHandler: app.requireUser },
    async (request) => {
      const user = signedInUser(request);
      const body = request.body;
      if (body.email !== user.email) throw new HttpError(403, 'forbidden', 'You can only complete your own profile.');
      // An account that already has a password keeps it: a bearer token alone must not be enough
      // to change it (that is what "forgot password" is for), so the current one must be given.
      let passwordHash: string;
      if (user.passwordHash) {
        if (!(await passwords.verify(body.password, user.passwordHash))) {
          const sentence = 'This account already has a password: enter it, or change it through "Forgot password".';
          throw new HttpError(400, 'password_mismatch', sentence, { fields: { password: sentence } });
        }
        passwordHash = user.passwordHash;
      } else {
        passwordHash = await passwords.hash(body.password);
      }
      return db.transaction(async (tx) => {
        await updateProfile(tx, user.id, { firstName: body.first_name, lastName: body.last_name, passwordHash });
        return (await issueSession(tx, user.id, sessions)) satisfies Tokens;
      });
    },
  );

  app.post<{ Body: LoginRequest }>(url(paths.auth.login), { schema: { body: LoginRequest }, config: limited }, async (request) => {
    const { email, password } = request.body;
    const user = await findUserByEmail(db, email);
    // Unknown address, no password (code or Google only) and wrong password look alike, and
    // cost the same scrypt work.
    const ok = user?.passwordHash ? await passwords.verify(password, user.passwordHash) : await passwords.verifyDummy(password);
    if (!ok || !user) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
    return (await db.transaction((tx) => issueSession(tx, user.id, sessions))) satisfies Tokens;
  });

  app.get(url(paths.auth.me), { preHandler: app.requireUser }, async (request) =>
    (await toCurrentUser(db, signedInUser(request))) satisfies CurrentUser);

  /*
   * Staff and superadmins choose the restaurant they work on; it is stored on the user, so every
   * server instance and every device of theirs agrees. Owners work in the restaurant their
   * onboarding made and cannot switch (403): tenancy rests on the active restaurant.
   */
  app.patch<{ Body: ActiveRestaurantUpdate }>(
    url(paths.auth.me),
    { schema: { body: ActiveRestaurantUpdate }, preHandler: app.requireUser },
    async (request) => {
      const user = signedInUser(request);
      if (!isAdmin(user)) throw new HttpError(403, 'forbidden', 'Only platform staff can choose the restaurant they work on.');
      return db.transaction(async (tx) => {
        const updated = await chooseActiveRestaurant(tx, user.id, request.body.active_restaurant_id);
        if (!updated) throw new HttpError(404, 'not_found', 'Restaurant not found.', { fields: { active_restaurant_id: 'Restaurant not found.' } });
        return (await toCurrentUser(tx, updated)) satisfies CurrentUser;
      });
    },
  );

  /*
   * The answer is the same sentence, with status 200, whether or not the account exists, and
   * whether or not the address is inside its resend lock or hourly cap: those are applied
   * silently here (a 429 only for existing accounts would reveal them). The mail is sent after
   * the answer, so a slow mail server does not make existing accounts answer more slowly.
   */
  app.post<{ Body: ForgotRequest }>(url(paths.auth.forgot), { schema: { body: ForgotRequest }, config: limited }, async (request) => {
    const { email } = request.body;
    const user = await findUserByEmail(db, email);
    if (user) {
      const input = { email, purpose: 'password_reset' as const };
      const outcome = await issueCodeFor(delivery, input);
      if (outcome.ok) {
        context.background(mailCode(delivery, input, outcome).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset mail could not be sent');
        }));
      } else {
        request.log.info({ reason: outcome.reason }, 'password reset code not sent: address locked');
      }
    }
    return { detail: FORGOT_ANSWER } satisfies DetailResponse;
  });

  app.post<{ Body: ResetRequest }>(url(paths.auth.reset), { schema: { body: ResetRequest }, config: limited }, async (request) => {
    const { email, code, password } = request.body;
    // Hashed before the transaction: scrypt is slow and must not hold the database.
    const passwordHash = await passwords.hash(password);
    const result = await db.transaction(async (tx) => {
      const check = await consumeCode(tx, { email, purpose: 'password_reset', code }, context.keys.codeHash, clock());
      if (!check.ok) return check;
      const user = await findUserByEmail(tx, email);
      if (!user) return { ok: false as const, reason: 'no_code' as const };
      await setPasswordHash(tx, user.id, passwordHash);
      await revokeAllSessions(tx, user.id, clock());
      return { ok: true as const };
    });
    if (!result.ok) throw codeError(result);
    return { detail: 'Your password has been changed. You can sign in with it now.' } satisfies DetailResponse;
  });

  app.post<{ Body: RefreshRequest }>(url(paths.auth.refresh), { schema: { body: RefreshRequest } }, async (request) => {
    const result = await db.transaction((tx) => rotateRefreshToken(tx, request.body.refresh, sessions));
    if (result.ok) return result.tokens satisfies Tokens;
    if (result.reason === 'token_expired') throw new HttpError(401, 'token_expired', 'Your session has expired. Please sign in again.');
    if (result.reason === 'token_reused') {
      request.log.warn('a replaced refresh token was presented again: its session family is revoked');
      throw new HttpError(401, 'token_invalid', 'This session has ended because its renewal token was used twice. Please sign in again.');
    }
    throw new HttpError(401, 'token_invalid', 'Your session is not valid. Please sign in again.');
  });

  app.post<{ Body: RefreshRequest }>(url(paths.auth.logout), { schema: { body: RefreshRequest } }, async (request) => {
    await db.transaction((tx) => revokeSessionOf(tx, request.body.refresh, clock()));
    return { detail: 'Signed out.' } satisfies DetailResponse;
  });
}
