import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { Struct } from 'superstruct';
import { invalid, StripeFailure } from './errors';
import { decodeForm, type FormParams } from './form';
import { hostedPage, missingPage } from './hosted-page';
import { stripeId } from './ids';
import { Ledger, type CheckoutSession, type TestCard } from './ledger';
import { Cancel, Capture, parseParams, RefundCreate, Retrieve, SessionCreate } from './params';
import { Outbox, type Delivery, type SentEvent, type StripeEvent } from './webhooks';

/**
 * A local server speaking the part of Stripe's API the product uses (Checkout Sessions with a
 * manual capture, PaymentIntents' capture and cancel, Refunds), refusing what Stripe refuses and
 * signing its webhooks as Stripe signs them. One process, all in memory: a test starts one in
 * `beforeAll`; `npm run stripe:double` runs one for `npm start` (scripts/stripe-double.ts).
 */

export type StripeDoubleOptions = {
  /** The `whsec_…` the endpoint verifies with. */
  webhookSecret: string;
  /** Where events are POSTed; without one they are only recorded (`events`). */
  webhookUrl?: string;
  /** The only key the API takes (`Authorization: Bearer …`). */
  secretKey?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** False: `expand[]` is taken and ignored, as by an older API or a mock that does not expand (ids stay ids). */
  expands?: boolean;
  /** Told of each delivery's answer (the runnable double logs them). */
  onDelivery?: (event: StripeEvent, delivery: Delivery) => void;
};

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | null; status: number; replayed: boolean };

export type StripeDouble = {
  /** The API's base, for STRIPE_API_URL (`http://127.0.0.1:PORT`). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The customer pays on the hosted page; answers where the page sends them (success_url, or null on a decline). */
  pay(sessionId: string, card?: TestCard): { redirectTo: string | null };
  /** The session's time runs out (as when its `expires_at` passes): `checkout.session.expired` is sent. */
  expire(sessionId: string): void;
  session(sessionId: string): CheckoutSession;
  /** The session's PaymentIntent with its charge (what is captured and refunded), once paid. */
  payment(sessionId: string): { intent: ReturnType<Ledger['paymentIntent']>; charge: ReturnType<Ledger['chargeOf']> } | null;
  /** Every event so far, with each delivery's answer. */
  events(type?: string): SentEvent[];
  setWebhookUrl(url: string | undefined): void;
  /** Events from now on wait (a slow Stripe) until `releaseWebhooks`. */
  holdWebhooks(): void;
  releaseWebhooks(order?: 'as-sent' | 'reversed'): void;
  /** Delivers an event again (Stripe's duplicates and retries), freshly signed. */
  resend(eventId: string): void;
  /** Every delivery started so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** The next `count` API calls answer 500 (api_error), as Stripe does in an incident. */
  failNext(count: number): void;
  /**
   * The next `count` API calls are carried out, and their connection is then dropped before any
   * answer: a refund made whose answer was lost. A retry under the same key is answered the kept result.
   */
  loseNextAnswers(count: number): void;
  /** The API calls received, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
};

/** What the idempotency layer remembers of a keyed POST: Stripe keeps it 24 hours; the double, for its life. */
type KeptResult = { method: string; path: string; params: string; status: number; body: string };

/**
 * Calls that make or move money. Stripe takes them without an Idempotency-Key (and the SDK adds a
 * random `stripe-node-retry-…` one to every POST); the double refuses both, by the project's rule
 * (issue 44): the key must be the caller's, derived from the order, so a retry after a lost
 * answer is the same call and never charges or refunds twice.
 */
const SDK_GENERATED_KEY = /^stripe-node-retry-/;

type Route = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  needsCallersKey: boolean;
  parse: (params: FormParams) => unknown;
  execute: (id: string, body: unknown) => unknown;
};

type Answer = { status: number; body: string; replayed: boolean };

const CHECK_EVERY_MS = 1_000;

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? 'sk_test_double_0000000000000000';
  const kept = new Map<string, KeptResult>();
  const requests: RecordedRequest[] = [];
  let failures = 0;
  let lostAnswers = 0;
  let baseUrl = '';
  // The request a change came from, for its events' `request` field.
  let currentRequest: StripeEvent['request'] = { id: null, idempotency_key: null };

  const outbox = new Outbox(options.webhookSecret, Stripe.API_VERSION, options.webhookUrl, options.onDelivery);
  const ledger = new Ledger(
    (type, object) => outbox.add(type, object, currentRequest),
    (sessionId) => `${baseUrl}/pay/${sessionId}`,
  );

  /** Replaces the id at `parts` (below `holder`) with a copy of its object, as `expand[]` asks. */
  const expandPath = (holder: Record<string, unknown>, parts: string[], path: string) => {
    const [field = '', ...rest] = parts;
    const value = holder[field];
    // Nothing to expand yet (a session's payment_intent before it is paid): Stripe leaves the null.
    if (value === null) return;
    const object = typeof value === 'string' ? ledger.byId(value) : value;
    if (typeof object !== 'object' || object === null) throw invalid(`This property cannot be expanded (${path}).`, undefined, 'expand');
    const copy = structuredClone(object) as Record<string, unknown>;
    holder[field] = copy;
    if (rest.length > 0) expandPath(copy, rest, path);
  };
  const expanded = (object: unknown, paths: string[] = []) => {
    const copy = structuredClone(object) as Record<string, unknown>;
    for (const path of paths) expandPath(copy, path.split('.'), path);
    return copy;
  };

  /** Each endpoint: its parameters' struct, then what it does with them (and `expand[]`). */
  const route = <T extends { expand?: string[] }>(
    method: Route['method'],
    pattern: RegExp,
    needsCallersKey: boolean,
    struct: Struct<T>,
    execute: (id: string, body: T) => unknown,
  ): Route => ({
    method,
    pattern,
    needsCallersKey,
    parse: (params) => parseParams(struct, params),
    execute: (id, body) => expanded(execute(id, body as T), options.expands === false ? [] : (body as T).expand),
  });

  const routes: Route[] = [
    route('POST', /^\/v1\/checkout\/sessions$/, true, SessionCreate, (_, body) => ledger.createSession(body)),
    route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, false, Retrieve, (id) => ledger.session(id)),
    route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, false, Retrieve, (id) => ledger.expireSession(id)),
    route('GET', /^\/v1\/payment_intents\/([^/]+)$/, false, Retrieve, (id) => ledger.paymentIntent(id)),
    route('POST', /^\/v1\/payment_intents\/([^/]+)\/capture$/, true, Capture, (id, body) => ledger.capture(id, body.amount_to_capture)),
    route('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, true, Cancel, (id, body) => ledger.cancel(id, body.cancellation_reason)),
    route('POST', /^\/v1\/refunds$/, true, RefundCreate, (_, body) => ledger.refund(body.payment_intent, body.amount, body.reason, body.metadata)),
  ];

  const authenticate = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    // The SDK sends Bearer; Stripe's own curl examples send the key as a Basic user name (`curl -u sk_…:`).
    const basic = /^Basic (.+)$/.exec(header)?.[1];
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    if (!key) {
      throw new StripeFailure(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key !== secretKey) throw new StripeFailure(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`);
  };

  /**
   * Runs an API call; answers its status and JSON body (Stripe's error shape when refused). Wrong
   * parameters are refused before anything is kept (Stripe keeps a result only once the call
   * started executing); a refusal of the state the call met is kept and replayed, as Stripe does.
   */
  const callApi = (method: string, path: string, params: FormParams, idempotencyKey: string | null): Answer => {
    const found = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!found)
      throw invalid(`Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
    if (found.needsCallersKey && (!idempotencyKey || SDK_GENERATED_KEY.test(idempotencyKey))) {
      throw invalid(
        "This call makes or moves money: the Stripe double takes it only with the caller's own Idempotency-Key header (issue 44), never none or the SDK's random one.",
        'idempotency_key_required',
      );
    }
    if (idempotencyKey && idempotencyKey.length > 255) throw invalid('Idempotency-Key must be at most 255 characters long.', undefined, 'Idempotency-Key');
    const body = found.parse(params);
    const id = decodeURIComponent(found.pattern.exec(path)?.[1] ?? '');
    // Stripe keys POSTs only; a GET is always answered afresh.
    const key = method === 'POST' ? idempotencyKey : null;
    const canonical = JSON.stringify(params);
    const earlier = key ? kept.get(key) : undefined;
    if (earlier) {
      if (earlier.method !== method || earlier.path !== path) {
        throw new StripeFailure(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${key}').`,
        );
      }
      if (earlier.params !== canonical) {
        throw new StripeFailure(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return { status: earlier.status, body: earlier.body, replayed: true };
    }
    let answer: Answer;
    try {
      answer = { status: 200, body: JSON.stringify(found.execute(id, body), null, 2), replayed: false };
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer = { status: error.status, body: JSON.stringify(error.body), replayed: false };
    }
    if (key) kept.set(key, { method, path, params: canonical, status: answer.status, body: answer.body });
    return answer;
  };

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const answerApi = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const requestId = stripeId('req_', 14);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const method = request.method ?? 'GET';
    let answer: Answer;
    try {
      authenticate(request);
      if (failures > 0) {
        failures -= 1;
        throw new StripeFailure(500, 'api_error', 'An unknown error occurred');
      }
      const text = method === 'POST' ? await readBody(request) : url.search.slice(1);
      currentRequest = { id: requestId, idempotency_key: idempotencyKey };
      answer = callApi(method, url.pathname, decodeForm(text), idempotencyKey);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      answer = { status: error.status, body: JSON.stringify(error.body), replayed: false };
    } finally {
      currentRequest = { id: null, idempotency_key: null };
    }
    requests.push({ method, path: url.pathname, idempotencyKey, status: answer.status, replayed: answer.replayed });
    if (lostAnswers > 0) {
      lostAnswers -= 1;
      response.socket?.destroy();
      return;
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': (request.headers['stripe-version'] as string | undefined) ?? Stripe.API_VERSION,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(answer.body);
  };

  const pay = (sessionId: string, card: TestCard) => {
    const { declined, session } = ledger.pay(sessionId, card);
    return { declined, session, redirectTo: declined ? null : session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  };

  const html = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(303, { location });
    response.end();
  };

  /** The hosted page: GET shows it; its two forms POST to …/confirm and …/cancel. */
  const answerPage = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const [, sessionId = '', action] = /^\/pay\/([^/]+)(?:\/(confirm|cancel))?$/.exec(url.pathname) ?? [];
    let session: CheckoutSession;
    try {
      session = ledger.session(sessionId);
    } catch {
      return html(response, 404, missingPage());
    }
    if (request.method === 'GET' && !action) return html(response, 200, hostedPage(session, ledger.productName(session.id)));
    if (request.method !== 'POST' || !action) return html(response, 405, missingPage());
    const form = new URLSearchParams(await readBody(request));
    if (session.status !== 'open') return html(response, 409, hostedPage(session, ledger.productName(session.id)));
    if (action === 'cancel') return redirect(response, session.cancel_url ?? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    const card: TestCard = form.get('card') === 'declined' ? 'declined' : 'succeeds';
    const result = pay(session.id, card);
    if (result.redirectTo) return redirect(response, result.redirectTo);
    return html(response, 402, hostedPage(result.session, ledger.productName(session.id), true));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double.invalid');
    const answer = url.pathname.startsWith('/pay/') ? answerPage(request, response, url) : answerApi(request, response, url);
    answer.catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(new StripeFailure(500, 'api_error', error instanceof Error ? error.message : String(error)).body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const sweep = setInterval(() => ledger.expireDue(), CHECK_EVERY_MS);
  sweep.unref();

  return {
    url: baseUrl,
    secretKey,
    webhookSecret: options.webhookSecret,
    pay: (sessionId, card = 'succeeds') => ({ redirectTo: pay(sessionId, card).redirectTo }),
    expire: (sessionId) => {
      ledger.expireSession(sessionId);
    },
    session: (sessionId) => structuredClone(ledger.session(sessionId)),
    payment: (sessionId) => {
      const intentId = ledger.session(sessionId).payment_intent;
      if (!intentId) return null;
      const intent = ledger.paymentIntent(intentId);
      return structuredClone({ intent, charge: ledger.chargeOf(intent) });
    },
    events: (type) => outbox.sent.filter((entry) => !type || entry.event.type === type),
    setWebhookUrl: (url) => {
      outbox.url = url;
    },
    holdWebhooks: () => outbox.hold(),
    releaseWebhooks: (order) => outbox.release(order),
    resend: (eventId) => outbox.resend(eventId),
    webhooksSettled: () => outbox.settled(),
    failNext: (count) => {
      failures = count;
    },
    loseNextAnswers: (count) => {
      lostAnswers = count;
    },
    requests,
    close: async () => {
      clearInterval(sweep);
      await outbox.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export { stripeSignature, eventPayload, type Delivery, type SentEvent, type StripeEvent } from './webhooks';
export type { TestCard } from './ledger';
