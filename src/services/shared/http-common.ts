import { isHTTPError, isTimeoutError, type ShouldRetryState } from 'ky';
import { validate, type Struct } from 'superstruct';

/** Query values; `undefined` and `null` are skipped so callers can pass optional filters as they are. */
export type SearchParams = URLSearchParams | Record<string, string | number | boolean | null | undefined>;

export type FetchLike = typeof fetch;

/** An answer that arrived but is not what the contract promised. */
export class UnexpectedAnswerError extends Error {
  readonly where: string;
  constructor(where: string, problem: string) {
    super(`Unexpected answer from ${where}: ${problem}`);
    this.name = 'UnexpectedAnswerError';
    this.where = where;
  }
}

/** The request never got an answer (refused, reset, DNS...): worth retrying, unlike a bug in our own code. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(`Network error: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Both backends want every path to end with a slash (PRODUCT.md); callers may write
 * `messages`, `/messages` or `messages/` and a query string may follow.
 */
export function withTrailingSlash(path: string): string {
  const queryAt = path.search(/[?#]/);
  const bare = (queryAt === -1 ? path : path.slice(0, queryAt)).replace(/^\/+/, '');
  const rest = queryAt === -1 ? '' : path.slice(queryAt);
  return `${bare.endsWith('/') || bare === '' ? bare : `${bare}/`}${rest}`;
}

/** ky and Node's fetch need absolute URLs; in the browser a relative base means "this origin". */
export function resolveBase(baseUrl: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl)) return baseUrl;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin) {
    throw new Error(`The relative base URL "${baseUrl}" needs a browser location; pass an absolute baseUrl.`);
  }
  return new URL(baseUrl, origin).toString();
}

export function buildUrl(baseUrl: string, path: string, searchParams?: SearchParams): string {
  const url = new URL(`${resolveBase(baseUrl).replace(/\/+$/, '')}/${withTrailingSlash(path)}`);
  const extra = searchParams instanceof URLSearchParams ? [...searchParams.entries()] : Object.entries(searchParams ?? {});
  // Appended, not replaced: ky's own searchParams option would wipe a query already in the path.
  for (const [key, value] of extra) {
    if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
  }
  return url.toString();
}

/**
 * A request that got no answer, as our NetworkError (its message names the cause); undefined for
 * anything else. The fetch given to ky (`reportingNetworkErrors`) has already turned a failed fetch
 * into one.
 */
export function asNetworkError(error: unknown): NetworkError | undefined {
  return error instanceof NetworkError ? error : undefined;
}

// The messages runtimes give a fetch that got no answer, as ky 2 and is-network-error 1.3.2 list them.
const NETWORK_ERROR_MESSAGES = new Set([
  'network error', // Chrome
  'NetworkError when attempting to fetch resource.', // Firefox
  'The Internet connection appears to be offline.', // Safari 16
  'Network request failed', // cross-fetch
  'fetch failed', // Undici (Node.js)
  'terminated', // Undici (Node.js)
  ' A network error occurred.', // Bun (WebKit), the leading space included
  'Network connection lost', // Cloudflare Workers
]);

/**
 * A fetch's own TypeError for a request that got no answer (refused, reset, DNS, offline), told
 * apart from a TypeError of our own code by the runtime's message, as ky 2 and is-network-error do.
 */
export function isFailedFetch(error: unknown): boolean {
  if (Object.prototype.toString.call(error) !== '[object Error]') return false;
  const { name, message, stack } = error as Error;
  if (name !== 'TypeError' || typeof message !== 'string') return false;
  // Safari 17+ gives a generic message, but no stack, to a network failure.
  if (message === 'Load failed' || (message.startsWith('Load failed (') && message.endsWith(')'))) {
    return stack === undefined || '__sentry_captured__' in (error as object);
  }
  if (message.startsWith('error sending request for url')) return true; // Deno
  if (message === 'Failed to fetch' || (message.startsWith('Failed to fetch (') && message.endsWith(')'))) return true; // Chrome
  return NETWORK_ERROR_MESSAGES.has(message);
}

/**
 * The fetch handed to ky: a request that got no answer fails as our NetworkError. ky 1 lets the
 * fetch's own TypeError through; this gives `asNetworkError` and `retryKnownFailures` one thing to
 * recognise, only for failures of the fetch itself (not of the hooks or of reading the body).
 * Without a fetch given, the global one is looked up at each call, as ky does.
 */
export function reportingNetworkErrors(given?: FetchLike): FetchLike {
  return async (input, init) => {
    try {
      return await (given ? given(input, init) : globalThis.fetch(input, init));
    } catch (error) {
      throw isFailedFetch(error) ? new NetworkError(error) : error;
    }
  };
}

/**
 * ky's `retry.shouldRetry`: among the calls its `methods` allow, only a time-out, an answer with a
 * status it lists, or a request that got no answer is repeated (ky 2's own rule). ky 1 would also
 * repeat anything else thrown during the attempt, a bug in a hook included. `undefined` leaves the
 * decision to ky's status, time-out and Retry-After rules.
 */
export function retryKnownFailures({ error }: ShouldRetryState): false | undefined {
  return error instanceof NetworkError || isHTTPError(error) || isTimeoutError(error) ? undefined : false;
}

/** Reads the body as text; a connection cut mid-body counts as a network failure. */
export async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw new NetworkError(error);
  }
}

/** JSON or nothing: an empty body (204, or a bare 200) reads as `undefined`. */
export function parseAnswer(text: string, where: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UnexpectedAnswerError(where, `not JSON (${clip(text, 80)})`);
  }
}

/** JSON if it parses, else `undefined`: for error bodies, which may be HTML from a proxy. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function checkAnswer<T, S>(value: unknown, struct: Struct<T, S>, where: string): T {
  const [error, result] = validate(value, struct, { coerce: true });
  if (!error) return result;
  const problems = error
    .failures()
    .slice(0, 3)
    .map((failure) => `${failure.path.length > 0 ? failure.path.join('.') : 'body'}: ${failure.message}`);
  throw new UnexpectedAnswerError(where, problems.join('; '));
}

/** The first `max` characters, counted as code points so an emoji is never cut in half. */
export function clip(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

export function describeCall(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
