import { GoogleSignInRequest } from '../../../contracts/accounts';
import { json, redirect, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { sameSitePath } from '../../../contracts/shared/site-pages';
import { Tokens } from '../../../contracts/shared/session';
import type { AppContext } from '../../app-context';
import {
  NOT_CONFIGURED,
  beginGoogleSignIn,
  completeGoogleSignIn,
  googleNotConfigured,
  googleSettings,
  signInWithGoogleIdToken,
} from '../../domain/accounts/google';
import { HttpError } from '../../http-error';
import { logRefusal, redirectToComplete, sentenceFor } from './google-redirect';
import type { ContractApp } from '../../plugins/contract-types';

export async function googleRoutes(app: ContractApp, context: AppContext) {
  const { database, clock, config, sessions } = context;
  const settings = googleSettings(config);
  const limited = { rateLimit: { max: config.authLimitPerMinute, timeWindow: 60_000 } };
  const toApp = redirect("To the app's sign-in completion page, with the tokens or the refusal's sentence in the fragment.");
  const toGoogle = redirect("To Google's consent page; or, when that cannot start, to the app's completion page with the refusal's sentence.");

  // The browser (Google Identity Services) obtained an ID token; we verify it ourselves.
  app.post(
    `${API_BASE}${paths.auth.google}`,
    {
      schema: {
        body: GoogleSignInRequest,
        response: {
          200: json(Tokens, 'Signed in with Google (an account is made on first use).'),
          401: refusal("Google's token is invalid or expired, or its email is missing or unverified."),
          502: refusal('Google could not be reached or refused the exchange.'),
          503: refusal('Google sign-in is not configured on this server, or the database is unreachable.'),
        },
      },
      config: limited,
      // Before validation: unconfigured is the answer whatever the body.
      preValidation: async () => {
        if (!settings) throw googleNotConfigured();
      },
    },
    async (request, reply) => {
      if (!settings) throw googleNotConfigured();
      const { access, refresh } = await signInWithGoogleIdToken(database.db, settings, { idToken: request.body.id_token, now: clock(), sessions }).catch(
        (error: unknown) => {
          // The error handler answers it; the cause is logged here, where it is still known.
          if (error instanceof HttpError && error.statusCode >= 500) logRefusal(error, request.log);
          throw error;
        },
      );
      return reply.header('cache-control', 'no-store').code(200).send({ access, refresh });
    },
  );

  // The button's target: off to the issuer with PKCE, state and nonce.
  app.get<{ Querystring: { next?: unknown } }>(
    `${API_BASE}${paths.auth.googleStart}`,
    { config: limited, schema: { response: { 302: toGoogle } } },
    async (request, reply) => {
      if (!settings) return redirectToComplete(reply, { error: NOT_CONFIGURED });
      try {
        const authorization = await beginGoogleSignIn(database.db, settings, { now: clock(), returnTo: sameSitePath(request.query.next) });
        return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(authorization.href, 302);
      } catch (error) {
        return redirectToComplete(reply, { error: sentenceFor(error, request.log) });
      }
    },
  );

  // Where the issuer sends the browser back, with a code (or an error) and our state.
  app.get(`${API_BASE}${paths.auth.googleCallback}`, { schema: { response: { 302: toApp } } }, async (request, reply) => {
    if (!settings) return redirectToComplete(reply, { error: NOT_CONFIGURED });
    try {
      const url = request.raw.url ?? '';
      const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
      const { access, refresh, userId, created, returnTo } = await completeGoogleSignIn(database.db, settings, { query, now: clock(), sessions });
      request.log.info({ userId, created }, 'signed in with Google');
      return redirectToComplete(reply, { access, refresh, ...(returnTo ? { next: returnTo } : {}) });
    } catch (error) {
      return redirectToComplete(reply, { error: sentenceFor(error, request.log) });
    }
  });
}
