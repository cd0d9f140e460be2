import ky, { TimeoutError } from 'ky';
import type { Struct } from 'superstruct';
import { LEGACY_BASE } from '../../../contracts/shared/paths';
import {
  NetworkError,
  buildUrl,
  checkAnswer,
  clip,
  describeCall,
  flagNetworkFailures,
  parseAnswer,
  readText,
  type FetchLike,
  type SearchParams,
} from './http-common';

export const LEGACY_TIMEOUT_MS = 10_000;
export const LEGACY_MAX_RETRIES = 2;
export const LEGACY_RETRY_STATUSES: readonly number[] = [429, 500, 502, 503, 504];
const ERROR_BODY_CHARS = 300;

/** Spec section 7: 250 ms times the attempt number, nothing else (Retry-After is not honoured). */
export const legacyBackoff = (attempt: number): number => 250 * attempt;

export type LegacyFailure = 'timeout' | 'network' | 'http';

export class LegacyRequestError extends Error {
  /** HTTP status; 0 when no answer arrived (time-out, network). */
  readonly status: number;
  readonly kind: LegacyFailure;
  /** The whole error body, for logs; the message only carries its first 300 characters. */
  readonly body: string;
  constructor(message: string, details: { status: number; kind: LegacyFailure; body?: string; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'LegacyRequestError';
    this.status = details.status;
    this.kind = details.kind;
    this.body = details.body ?? '';
  }

  get retriable(): boolean {
    return this.kind !== 'http' || LEGACY_RETRY_STATUSES.includes(this.status);
  }
}

export type LegacyClientOptions = {
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: (attempt: number) => number;
  fetch?: FetchLike;
};

export type LegacyGetOptions<T, S> = { searchParams?: SearchParams; struct?: Struct<T, S> };
export type LegacyPostOptions<T, S> = {
  struct?: Struct<T, S>;
  /** Reuse a key across separate calls (a person pressing the button again after a failure). */
  idempotencyKey?: string;
};

export type LegacyClient = {
  get<T = unknown, S = unknown>(path: string, options?: LegacyGetOptions<T, S>): Promise<T>;
  post<T = unknown, S = unknown>(path: string, json?: unknown, options?: LegacyPostOptions<T, S>): Promise<T>;
};

type Method = 'get' | 'post';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const retryDelayMs = options.retryDelayMs ?? legacyBackoff;
  // ky's own retry cannot do what the spec asks: it never retries a time-out (its abort
  // controller is shared by all attempts) and skips POST. So ky makes single attempts and
  // the loop below owns retrying.
  const http = ky.create({
    credentials: 'omit',
    retry: 0,
    timeout: options.timeoutMs ?? LEGACY_TIMEOUT_MS,
    throwHttpErrors: false,
    fetch: flagNetworkFailures(options.fetch),
  });

  async function attempt(method: Method, url: string, headers: Record<string, string>, json: unknown): Promise<string> {
    let response: Response;
    try {
      response = await http(url, { method, headers, json });
    } catch (error) {
      throw asLegacyError(error);
    }
    let body: string;
    try {
      body = await readText(response);
    } catch (error) {
      throw asLegacyError(error);
    }
    if (!response.ok) {
      throw new LegacyRequestError(
        `HTTP ${response.status} ${response.statusText}: ${clip(body, ERROR_BODY_CHARS)}`,
        { status: response.status, kind: 'http', body },
      );
    }
    return body;
  }

  async function request<T, S>(
    method: Method,
    path: string,
    json: unknown,
    searchParams?: SearchParams,
    struct?: Struct<T, S>,
    idempotencyKey?: string,
  ): Promise<T> {
    const url = buildUrl(options.baseUrl, path, searchParams);
    const headers: Record<string, string> = { accept: 'application/json' };
    // Made once per call, outside the retry loop: a retried POST must repeat the same key so
    // the server hands back its first answer instead of creating a second row.
    if (method === 'post') headers['idempotency-key'] = idempotencyKey ?? crypto.randomUUID();

    let body: string;
    for (let retry = 0; ; retry += 1) {
      try {
        body = await attempt(method, url, headers, json);
        break;
      } catch (error) {
        const again = error instanceof LegacyRequestError && error.retriable && retry < LEGACY_MAX_RETRIES;
        if (!again) throw error;
        await sleep(retryDelayMs(retry + 1));
      }
    }

    const where = describeCall(method, url);
    const value = parseAnswer(body, where);
    return struct ? checkAnswer(value, struct, where) : (value as T);
  }

  return {
    get: (path, { searchParams, struct } = {}) => request('get', path, undefined, searchParams, struct),
    post: (path, json, { struct, idempotencyKey } = {}) => request('post', path, json, undefined, struct, idempotencyKey),
  };
}

function asLegacyError(error: unknown): unknown {
  if (error instanceof TimeoutError) {
    return new LegacyRequestError('Request timed out', { status: 0, kind: 'timeout', cause: error });
  }
  if (error instanceof NetworkError) {
    return new LegacyRequestError(error.message, { status: 0, kind: 'network', cause: error.cause });
  }
  // Anything else is a caller's abort or a bug on our side: not something a retry can fix.
  return error;
}

/** The browser's instance: `/api` on the page's own origin. */
export const legacy = createLegacyClient({ baseUrl: LEGACY_BASE });
