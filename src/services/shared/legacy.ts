import ky, { ForceRetryError, HTTPError, TimeoutError, type AfterResponseHook, type KyRequest } from 'ky';
import type { Struct } from 'superstruct';
import { LEGACY_BASE } from '../../../contracts/shared/paths';
import {
  NetworkError,
  asNetworkError,
  buildUrl,
  checkAnswer,
  clip,
  describeCall,
  parseAnswer,
  readText,
  reportingNetworkErrors,
  retryKnownFailures,
  type FetchLike,
  type SearchParams,
} from './http-common';
import { renewAhead, renewBrowserSession } from './token-renewal';
import { browserTokens, type TokenReader } from './token-store';

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
}

export type LegacyClientOptions = {
  baseUrl: string;
  timeoutMs?: number;
  retryDelayMs?: (attempt: number) => number;
  fetch?: FetchLike;
  /** Where administrators' calls (`auth: true`) find the session's access token. */
  tokens?: TokenReader;
  /** Renews the access token after a 401 on such a call (shared with the newer client); true when it worked. */
  renew?: () => Promise<boolean>;
};

/**
 * `auth: true` sends the session's bearer token. The specification's older client sends no
 * credentials, and its public calls (sign-up, survey) still send none; the inbox and the survey
 * answers are administrators' only (PRODUCT.md), so their calls say who asks.
 */
type Authorised = { auth?: boolean };
export type LegacyGetOptions<T, S> = Authorised & { searchParams?: SearchParams; struct?: Struct<T, S> };
export type LegacyPostOptions<T, S> = Authorised & {
  struct?: Struct<T, S>;
  /** Reuse a key across separate calls (a person pressing the button again after a failure). */
  idempotencyKey?: string;
};
export type LegacyFileOptions = Authorised & { searchParams?: SearchParams };

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), if any. */
export type LegacyFile = { blob: Blob; filename: string | null };

export type LegacyClient = {
  get<T = unknown, S = unknown>(path: string, options?: LegacyGetOptions<T, S>): Promise<T>;
  post<T = unknown, S = unknown>(path: string, json?: unknown, options?: LegacyPostOptions<T, S>): Promise<T>;
  /** A file (a CSV export, say), with the same retries and error messages as every other call. */
  getFile(path: string, options?: LegacyFileOptions): Promise<LegacyFile>;
};

/** Per call, read by the hooks; `renewed` stops a second renewal within one call. */
type CallContext = { auth: boolean; renewed?: boolean };

type Method = 'get' | 'post';

export function createLegacyClient(options: LegacyClientOptions): LegacyClient {
  const attachBearer = (request: KyRequest, context: Record<string, unknown>) => {
    const token = (context as CallContext).auth ? options.tokens?.accessToken() : null;
    if (token) request.headers.set('authorization', `Bearer ${token}`);
  };

  // PRODUCT.md: the client renews once on a 401 and retries the call.
  const renewOnce: AfterResponseHook = async (_request, { context }, response) => {
    const call = context as CallContext;
    if (response.status !== 401 || !call.auth || call.renewed || !options.renew) return undefined;
    call.renewed = true;
    return (await options.renew()) ? ky.retry({ delay: 0, code: 'TOKEN_RENEWED' }) : undefined;
  };

  const timeoutMs = options.timeoutMs ?? LEGACY_TIMEOUT_MS;
  const http = ky.create({
    credentials: 'omit',
    timeout: timeoutMs,
    // Spec section 7, all of it ky's own retry: POST too (it carries an idempotency key),
    // time-outs and failed fetches, and no Retry-After (no status waits on the server's timing).
    retry: {
      limit: LEGACY_MAX_RETRIES,
      methods: ['get', 'post'],
      statusCodes: [...LEGACY_RETRY_STATUSES],
      afterStatusCodes: [],
      retryOnTimeout: true,
      delay: options.retryDelayMs ?? legacyBackoff,
      // Nothing else: not an error thrown by a hook or by our own code.
      shouldRetry: retryKnownFailures,
    },
    // Error bodies stay raw text: the message quotes their first 300 characters as sent.
    parseJson: (text) => text,
    hooks: {
      beforeRequest: [
        async (request, { context }) => {
          if ((context as CallContext).auth) await renewAhead(options.tokens?.accessToken(), options.renew);
          attachBearer(request, context);
        },
      ],
      beforeRetry: [({ request, options: { context } }) => attachBearer(request, context)],
      afterResponse: [renewOnce, retryCutBody],
    },
    fetch: reportingNetworkErrors(options.fetch),
  });

  type Call = { method: Method; path: string; json?: unknown; searchParams?: SearchParams; auth?: boolean; idempotencyKey?: string; accept?: string };

  async function send({ method, path, json, searchParams, auth, idempotencyKey, accept = 'application/json' }: Call) {
    const url = buildUrl(options.baseUrl, path, searchParams);
    const headers: Record<string, string> = { accept };
    // Made once per call: ky retries by replaying this same request, headers included, so a
    // retried POST repeats the key and the server hands back its first answer instead of
    // creating a second row.
    if (method === 'post') headers['idempotency-key'] = idempotencyKey ?? crypto.randomUUID();
    const context: CallContext = { auth: auth === true };
    try {
      return { url, response: await http(url, { method, headers, json, context }) };
    } catch (error) {
      throw await asLegacyError(error, timeoutMs);
    }
  }

  async function request<T, S>(call: Call, struct?: Struct<T, S>): Promise<T> {
    const { url, response } = await send(call);
    let body: string;
    try {
      body = await readText(response);
    } catch (error) {
      throw await asLegacyError(error, timeoutMs);
    }
    const where = describeCall(call.method, url);
    const value = parseAnswer(body, where);
    return struct ? checkAnswer(value, struct, where) : (value as T);
  }

  return {
    get: (path, { searchParams, struct, auth } = {}) => request({ method: 'get', path, searchParams, auth }, struct),
    post: (path, json, { struct, idempotencyKey, auth } = {}) => request({ method: 'post', path, json, auth, idempotencyKey }, struct),
    async getFile(path, { searchParams, auth } = {}) {
      const { response } = await send({ method: 'get', path, searchParams, auth, accept: '*/*' });
      try {
        return { blob: await response.blob(), filename: attachmentName(response.headers.get('content-disposition')) };
      } catch (error) {
        throw await asLegacyError(error, timeoutMs);
      }
    },
  };
}

/** `attachment; filename="leads-2026-11-25.csv"` → `leads-2026-11-25.csv`. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? null;
}

/** ky 2 gave up on an error body beyond 10 MiB, and so does this. */
const MAX_ERROR_BODY_BYTES = 10 * 1024 * 1024;

/**
 * An error answer's body as text, read the way ky 2 read it for `HTTPError.data`: decoded with the
 * charset the answer names (UTF-8 otherwise), and empty when it cannot be read, is over 10 MiB or
 * takes longer than the time-out.
 */
async function readErrorBody(response: Response, timeoutMs: number): Promise<string> {
  if (!response.body) return response.text().catch(() => '');
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = response.body.getReader();
  } catch {
    return '';
  }
  const decoder = textDecoderFor(response.headers.get('content-type') ?? '');
  const readAll = async (): Promise<string> => {
    const chunks: string[] = [];
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > MAX_ERROR_BODY_BYTES) {
          void reader.cancel().catch(() => undefined);
          return '';
        }
        chunks.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      return '';
    }
    chunks.push(decoder.decode());
    return chunks.join('');
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const text = await Promise.race([readAll(), timedOut]);
    if (text === null) void reader.cancel().catch(() => undefined);
    return text ?? '';
  } finally {
    clearTimeout(timer);
  }
}

function textDecoderFor(contentType: string): TextDecoder {
  const match = /;\s*charset\s*=\s*(?:"([^"]+)"|([^;,\s]+))/i.exec(contentType);
  const charset = match?.[1] ?? match?.[2];
  if (charset) {
    try {
      return new TextDecoder(charset);
    } catch {
      // An unknown charset: UTF-8, as ky 2 did.
    }
  }
  return new TextDecoder();
}

/**
 * ky retries failures that come before the answer's headers; an answer whose body is cut after
 * them is as much a failed fetch, so it is read here (from ky's copy) and retried like one.
 */
const retryCutBody: AfterResponseHook = async (_request, _options, response) => {
  try {
    await response.text();
  } catch (error) {
    return ky.retry({ code: 'BODY_CUT', cause: new NetworkError(error) });
  }
  return undefined;
};

async function asLegacyError(error: unknown, timeoutMs: number): Promise<unknown> {
  if (error instanceof HTTPError) {
    const body = await readErrorBody(error.response, timeoutMs);
    const { status, statusText } = error.response;
    return new LegacyRequestError(`HTTP ${status} ${statusText}: ${clip(body, ERROR_BODY_CHARS)}`, { status, kind: 'http', body });
  }
  if (error instanceof TimeoutError) {
    return new LegacyRequestError('Request timed out', { status: 0, kind: 'timeout', cause: error });
  }
  // A cut body that used up the retries surfaces as the forced retry that could not happen.
  const network = asNetworkError(error instanceof ForceRetryError ? error.cause : error);
  if (network) return new LegacyRequestError(network.message, { status: 0, kind: 'network', cause: network.cause });
  // Anything else is a caller's abort or a bug on our side: not something a retry can fix.
  return error;
}

/** The browser's instance: `/api` on the page's own origin. */
export const legacy = createLegacyClient({ baseUrl: LEGACY_BASE, tokens: browserTokens, renew: renewBrowserSession });
