import ky, { TimeoutError, type AfterResponseHook, type KyRequest, type Options } from 'ky';
import { array, type Struct } from 'superstruct';
import { API_BASE } from '../../../contracts/shared/paths';
import {
  UnexpectedAnswerError,
  asNetworkError,
  buildUrl,
  checkAnswer,
  describeCall,
  parseAnswer,
  readText,
  reportingNetworkErrors,
  tryParseJson,
  type FetchLike,
  type SearchParams,
} from './http-common';
import { attachmentName } from './legacy';
import { renewAhead, renewBrowserSession } from './token-renewal';
import { browserTokens, type TokenReader } from './token-store';

/** A failed call, shaped after the server's `{detail, code, fields}`; status 0 when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fields?: Record<string, string>;
  /** A 429's `Retry-After`, in seconds. */
  readonly retryAfter?: number;
  constructor(message: string, details: { status: number; code?: string; fields?: Record<string, string>; retryAfter?: number; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ApiError';
    this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.fields !== undefined) this.fields = details.fields;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
  }
}

export type ListPage<T> = { items: T[]; count: number; next: string | null; previous: string | null };

export type ApiCallOptions<T, S> = {
  /** false for the calls made before there is a session (login, register, verify...). */
  auth?: boolean;
  searchParams?: SearchParams;
  /** Checks the answer (for getList: each row). */
  struct?: Struct<T, S>;
};

/** JSON, or multipart when given FormData (fetch then writes the boundary itself). */
export type ApiBody = FormData | unknown;

export type ApiClient = {
  get<T = unknown, S = unknown>(path: string, options?: ApiCallOptions<T, S>): Promise<T>;
  getList<T = unknown, S = unknown>(path: string, options?: ApiCallOptions<T, S>): Promise<ListPage<T>>;
  post<T = unknown, S = unknown>(path: string, body?: ApiBody, options?: ApiCallOptions<T, S>): Promise<T>;
  put<T = unknown, S = unknown>(path: string, body?: ApiBody, options?: ApiCallOptions<T, S>): Promise<T>;
  patch<T = unknown, S = unknown>(path: string, body?: ApiBody, options?: ApiCallOptions<T, S>): Promise<T>;
  delete<T = unknown, S = unknown>(path: string, options?: ApiCallOptions<T, S>): Promise<T>;
  /** A download (a CSV export): its bytes and the name the server gave it. */
  getFile(path: string, options?: Pick<ApiCallOptions<unknown, unknown>, 'auth' | 'searchParams'>): Promise<DownloadedFile>;
};

export type DownloadedFile = { blob: Blob; filename: string | null };

export type ApiClientOptions = {
  baseUrl: string;
  tokens: TokenReader;
  fetch?: FetchLike;
  /** Renews the access token after a 401 (shared by concurrent calls); true when it worked. */
  renew?: () => Promise<boolean>;
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Per call, read by the hooks: false for the calls made before there is a session. */
type CallContext = { auth: boolean };

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Read at each attempt, not once per client, so a token saved after sign-in (or by the
  // renewal just before a replay) is used at once.
  const attachBearer = (request: KyRequest, context: Record<string, unknown>) => {
    const token = (context as CallContext).auth ? options.tokens.accessToken() : null;
    if (token) request.headers.set('authorization', `Bearer ${token}`);
  };

  // An expired access token: renew once (concurrent calls share the renewal) and replay the
  // call with the new one; only for a call that sent a token and was refused before acting on it.
  const renewOnce: AfterResponseHook = async (request, _options, response, { retryCount }) => {
    const { renew } = options;
    if (response.status !== 401 || retryCount > 0 || !request.headers.has('authorization') || !renew) return undefined;
    return (await renew()) ? ky.retry({ delay: 0, code: 'TOKEN_RENEWED' }) : undefined;
  };

  // The spec names no time-out for this backend, so ky's default (10 s) stands.
  const http = ky.create({
    throwHttpErrors: false,
    // These calls create and change things and carry no idempotency key, so ky repeats none of
    // them on its own (no methods); the limit of 1 is the room for the replay after a renewal.
    retry: { limit: 1, methods: [], statusCodes: [] },
    hooks: {
      beforeRequest: [
        async (request, { context }) => {
          if ((context as CallContext).auth) await renewAhead(options.tokens.accessToken(), options.renew);
          attachBearer(request, context);
        },
      ],
      afterResponse: [renewOnce],
      beforeRetry: [({ request, options: { context } }) => attachBearer(request, context)],
    },
    fetch: reportingNetworkErrors(options.fetch),
  });

  async function send(method: Method, path: string, body: ApiBody | undefined, call: ApiCallOptions<unknown, unknown>, accept = 'application/json') {
    const url = buildUrl(options.baseUrl, path, call.searchParams);
    const init: Options = { method, headers: { accept }, context: { auth: call.auth !== false } satisfies CallContext };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) init.json = body;
    let response: Response;
    let text: string;
    try {
      response = await http(url, init);
      text = await readText(response);
    } catch (error) {
      throw asApiError(error);
    }
    if (!response.ok) throw errorFromAnswer(response.status, text, response.headers.get('retry-after'));
    return { response, text, where: describeCall(method, url) };
  }

  async function sendJson(method: Method, path: string, body: ApiBody | undefined, call: ApiCallOptions<unknown, unknown>) {
    const { text, where } = await send(method, path, body, call);
    return { value: parseAnswer(text, where), where };
  }

  async function one<T, S>(method: Method, path: string, body: ApiBody | undefined, call: ApiCallOptions<T, S> = {}): Promise<T> {
    const { value, where } = await sendJson(method, path, body, call as ApiCallOptions<unknown, unknown>);
    return call.struct ? checkAnswer(value, call.struct, where) : (value as T);
  }

  return {
    get: (path, call) => one('get', path, undefined, call),
    post: (path, body, call) => one('post', path, body, call),
    put: (path, body, call) => one('put', path, body, call),
    patch: (path, body, call) => one('patch', path, body, call),
    delete: (path, call) => one('delete', path, undefined, call),
    async getFile(path, call = {}) {
      // Text downloads only (CSV): read as text like every answer, so a failure reads the same way.
      const { response, text } = await send('get', path, undefined, call, '*/*');
      return {
        blob: new Blob([text], { type: response.headers.get('content-type') ?? 'text/plain' }),
        filename: attachmentName(response.headers.get('content-disposition')),
      };
    },
    async getList<T, S>(path: string, call: ApiCallOptions<T, S> = {}): Promise<ListPage<T>> {
      const { value, where } = await sendJson('get', path, undefined, call as ApiCallOptions<unknown, unknown>);
      const page = toListPage(value, where);
      return call.struct ? { ...page, items: checkAnswer(page.items, array(call.struct), where) } : (page as ListPage<T>);
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

const LIST_KEYS = ['data', 'results', 'items'] as const;

/** Older and newer endpoints disagree on where the rows live; callers should not have to care. */
function toListPage(value: unknown, where: string): ListPage<unknown> {
  if (Array.isArray(value)) return { items: value, count: value.length, next: null, previous: null };
  if (isRecord(value)) {
    const rows = LIST_KEYS.map((key) => value[key]).find(Array.isArray);
    if (rows) {
      return {
        items: rows,
        count: typeof value.count === 'number' ? value.count : rows.length,
        next: nonEmptyString(value.next) ?? null,
        previous: nonEmptyString(value.previous) ?? null,
      };
    }
  }
  throw new UnexpectedAnswerError(where, 'expected a list (an array, or rows under data, results or items)');
}

/** Field messages as strings; a list of messages (DRF style) is joined rather than dropped. */
function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
    else if (Array.isArray(message)) fields[key] = message.filter((item) => typeof item === 'string').join(' ');
  }
  return fields;
}

function errorFromAnswer(status: number, text: string, retryAfterHeader: string | null): ApiError {
  const body = tryParseJson(text);
  const record = isRecord(body) ? body : {};
  const message = nonEmptyString(record.detail) ?? nonEmptyString(record.message) ?? `HTTP ${status}`;
  // Our server sends whole seconds; the HTTP-date form is not used by it and is left out.
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  return new ApiError(message, { status, code: nonEmptyString(record.code), fields: readFields(record.fields), retryAfter });
}

function asApiError(error: unknown): unknown {
  if (error instanceof TimeoutError) return new ApiError('Request timed out', { status: 0, cause: error });
  const network = asNetworkError(error);
  if (network) return new ApiError(network.message, { status: 0, cause: network.cause });
  return error;
}

/** The browser's instance: `/api/v2` on the page's own origin, token from web storage. */
export const api = createApiClient({
  baseUrl: API_BASE,
  tokens: browserTokens,
  renew: renewBrowserSession,
});
