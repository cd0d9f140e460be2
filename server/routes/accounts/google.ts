import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { GoogleSignInRequest, OAUTH_COMPLETE_PATH } from '../../../contracts/accounts';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import {
  NOT_CONFIGURED,
  beginGoogleSignIn,
  finishGoogleSignIn,
  googleNotConfigured,
  googleSettings,
  sameSitePath,
  signInWithGoogle,
  verifyGoogleIdToken,
} from '../../domain/accounts/google';
import { HttpError } from '../../http-error';
import { isDatabaseUnreachable } from '../../plugins/errors';

/**
 * Fragment parameters, percent-encoded with encodeURIComponent (spaces as %20, not `+`), so the
 * page reads them back with URLSearchParams or decodeURIComponent alike.
 */
function fragment(values: Record<string, string>): string {
  return Object.entries(values).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

/**
 * Every answer of the browser-facing endpoints is a redirect to /oauth/complete: tokens or an
 * error travel in the hash, which browsers never send to a server (so no access log holds a
 * token), `no-store` keeps the redirect out of caches, and `no-referrer` keeps the address out
 * of the Referer of whatever the page loads next.
 */
function complete(reply: FastifyReply, values: Record<string, string>) {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(`${OAUTH_COMPLETE_PATH}#${fragment(values)}`, 302);
}

/** Logs a refusal with its cause (an unreachable issuer, a refused exchange): operators need it, people do not. */
function logRefusal(error: HttpError, log: FastifyBaseLogger): void {
  const cause = (error as { cause?: unknown }).cause;
  const details = { code: error.code, status: error.statusCode, ...(cause ? { cause: String(cause) } : {}) };
  if (error.statusCode >= 500) log.warn(details, 'google sign-in failed');
  else log.info(details, 'google sign-in refused');
}

/** A sentence for the person, whatever went wrong; the details go to the log only. */
function sentenceFor(error: unknown, log: FastifyBaseLogger): string {
  if (error instanceof HttpError) {
    logRefusal(error, log);
    return error.detail;
  }
  if (isDatabaseUnreachable(error)) {
    log.error({ err: error }, 'google sign-in failed: database unreachable');
    return 'The service is temporarily unavailable. Please try again shortly.';
  }
  log.error({ err: error }, 'google sign-in failed');
  return 'Google sign-in failed. Please try again.';
}

export async function googleRoutes(app: FastifyInstance, context: AppContext) {
  const { database, clock, config } = context;
  const settings = googleSettings(config);

  // The browser (Google Identity Services) obtained an ID token; we verify it ourselves.
  app.post<{ Body: GoogleSignInRequest }>(
    `${API_BASE}${paths.auth.google}`,
    {
      schema: { body: GoogleSignInRequest },
      config: { rateLimit: { max: config.authLimitPerMinute, timeWindow: 60_000 } },
      // Before validation: unconfigured is the answer whatever the body.
      preValidation: async () => {
        if (!settings) throw googleNotConfigured();
      },
    },
    async (request, reply) => {
      if (!settings) throw googleNotConfigured();
      let profile;
      try {
        profile = await verifyGoogleIdToken(settings, request.body.id_token, { now: clock() });
      } catch (error) {
        // The error handler answers it; the cause is logged here, where it is still known.
        if (error instanceof HttpError && error.statusCode >= 500) logRefusal(error, request.log);
        throw error;
      }
      const { access, refresh } = await signInWithGoogle(database.db, profile, context.sessions);
      return reply.header('cache-control', 'no-store').code(200).send({ access, refresh });
    },
  );

  // The button's target: off to the issuer with PKCE, state and nonce.
  app.get<{ Querystring: { next?: unknown } }>(
    `${API_BASE}${paths.auth.googleStart}`,
    { config: { rateLimit: { max: config.authLimitPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!settings) return complete(reply, { error: NOT_CONFIGURED });
      try {
        const authorization = await beginGoogleSignIn(database.db, settings, {
          now: clock(),
          returnTo: sameSitePath(request.query.next),
        });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(authorization.href, 302);
      } catch (error) {
        return complete(reply, { error: sentenceFor(error, request.log) });
      }
    },
  );

  // Where the issuer sends the browser back, with a code (or an error) and our state.
  app.get(`${API_BASE}${paths.auth.googleCallback}`, async (request, reply) => {
    if (!settings) return complete(reply, { error: NOT_CONFIGURED });
    try {
      const url = request.raw.url ?? '';
      const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
      const { profile, returnTo } = await finishGoogleSignIn(database.db, settings, { now: clock(), query });
      const { access, refresh, userId, created } = await signInWithGoogle(database.db, profile, context.sessions);
      request.log.info({ userId, created }, 'signed in with Google');
      return complete(reply, { access, refresh, ...(returnTo ? { next: returnTo } : {}) });
    } catch (error) {
      return complete(reply, { error: sentenceFor(error, request.log) });
    }
  });
}
