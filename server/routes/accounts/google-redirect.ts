import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { OAUTH_COMPLETE_PATH } from '../../../contracts/accounts';
import { HttpError } from '../../http-error';
import { isDatabaseUnreachable } from '../../plugins/errors';

/**
 * How the browser-facing Google endpoints answer: never a JSON error, always a redirect to
 * /oauth/complete with tokens or a sentence in the hash.
 */

/**
 * Fragment parameters, percent-encoded with encodeURIComponent (spaces as %20, not `+`), so the
 * page reads them back with URLSearchParams or decodeURIComponent alike.
 */
function fragment(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * Tokens or an error travel in the hash, which browsers never send to a server (so no access
 * log holds a token), `no-store` keeps the redirect out of caches, and `no-referrer` keeps the
 * address out of the Referer of whatever the page loads next.
 */
export function redirectToComplete(reply: FastifyReply, values: Record<string, string>) {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(`${OAUTH_COMPLETE_PATH}#${fragment(values)}`, 302);
}

/** Logs a refusal with its cause (an unreachable issuer, a refused exchange): operators need it, people do not. */
export function logRefusal(error: HttpError, log: FastifyBaseLogger): void {
  const { cause } = error;
  const details = { code: error.code, status: error.statusCode, ...(cause ? { cause: String(cause) } : {}) };
  if (error.statusCode >= 500) log.warn(details, 'google sign-in failed');
  else log.info(details, 'google sign-in refused');
}

/** A sentence for the person, whatever went wrong; the details go to the log only. */
export function sentenceFor(error: unknown, log: FastifyBaseLogger): string {
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
