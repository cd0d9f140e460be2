import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { coerce, defaulted, define, enums, integer, object, optional, refine, size, string, type Infer } from 'superstruct';
import { checkWith } from '../contracts/shared/validation';

const port = refine(coerce(integer(), string(), Number), 'port', (n) => (n >= 0 && n <= 65535) || 'must be a port number (0 to 65535).');
const positive = refine(coerce(integer(), string(), Number), 'positive', (n) => n > 0 || 'must be a whole number above 0.');

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For): none, the
 * nearest `hops` of them, or those at these addresses and ranges. Never "every hop": then a
 * client's own X-Forwarded-For names any address it likes and walks past every per-address limit.
 */
export type TrustedProxies = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for ranges, beside addresses and CIDRs. */
const ADDRESS_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (ADDRESS_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};
const TRUST_PROXY_HELP = 'give the number of proxies in front of the server (1 for one nginx) or their addresses, comma-separated (127.0.0.1, 10.0.0.0/8).';
/** What TRUST_PROXY used to take for "behind a proxy": now refused with a sentence of its own. */
const EVERY_HOP = ['true', 'yes', 'on'];
const isTrustedProxies = (value: unknown): value is TrustedProxies =>
  value === false || (typeof value === 'object' && value !== null && ('hops' in value || 'addresses' in value));
const trustedProxies = coerce(
  define<TrustedProxies>('trusted proxies', (value) => {
    if (typeof value === 'string' && EVERY_HOP.includes(value)) {
      return `"${value}" would trust every hop, so any client could name its own address: ${TRUST_PROXY_HELP}`;
    }
    if (!isTrustedProxies(value)) return TRUST_PROXY_HELP;
    const wrong = value && 'addresses' in value ? value.addresses.filter((entry) => !isProxyAddress(entry)) : [];
    return wrong.length === 0 || `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not an address or range: ${TRUST_PROXY_HELP}`;
  }),
  string(),
  (text) => {
    const value = text.trim().toLowerCase();
    if (['false', 'no', 'off', '0'].includes(value)) return false;
    if (/^\d{1,2}$/.test(value)) return { hops: Number(value) };
    // Left as it is, for the refusal to name it.
    if (EVERY_HOP.includes(value)) return value;
    return { addresses: value.split(',').map((entry) => entry.trim()) };
  },
);
const url = (schemes: string[]) =>
  refine(string(), 'url', (value) => {
    try {
      return schemes.includes(new URL(value).protocol) || `must start with ${schemes.map((scheme) => `${scheme}//`).join(' or ')}.`;
    } catch {
      return 'must be a URL.';
    }
  });

/** Every environment variable the server reads, with its default. Read once, at start. */
const Environment = object({
  PORT: defaulted(port, 3000),
  HOST: defaulted(size(string(), 1, 255), 'localhost'),
  DATA_DIR: defaulted(size(string(), 1, 4096), './data'),
  STATIC_DIR: defaulted(size(string(), 1, 4096), './dist'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  DATABASE_POOL_MAX: defaulted(positive, 10),
  // PostgreSQL only: the longest one statement (or an idle open transaction) may hold a connection.
  DATABASE_STATEMENT_TIMEOUT_MS: defaulted(positive, 15_000),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  LOG_LEVEL: defaulted(enums(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  TRUST_PROXY: defaulted(trustedProxies, false as TrustedProxies),
  BODY_LIMIT_BYTES: defaulted(positive, 1_048_576),
  RATE_LIMIT_PER_MINUTE: defaulted(positive, 300),
  SIGNUP_LIMIT_PER_MINUTE: defaulted(positive, 10),
  SIGNUP_LIMIT_PER_EMAIL_PER_HOUR: defaulted(positive, 5),
  // Orders one client address may place per minute on a store (issue 30).
  ORDER_LIMIT_PER_MINUTE: defaulted(positive, 10),
  SHUTDOWN_TIMEOUT_MS: defaulted(positive, 10_000),
  // Server processes to run on this machine (node:cluster); above 1 needs DATABASE_URL.
  WEB_CONCURRENCY: defaulted(positive, 1),
  // Signs access tokens and keys the code hashes; several instances must share one.
  SECRET_KEY: optional(refine(string(), 'secret', (value) => value.length >= 32 || 'must be at least 32 characters.')),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: defaulted(size(string(), 3, 320), 'Tablefront <no-reply@tablefront.localhost>'),
  ACCESS_TOKEN_TTL_SECONDS: defaulted(positive, 900),
  REFRESH_TOKEN_TTL_DAYS: defaulted(positive, 30),
  AUTH_LIMIT_PER_MINUTE: defaulted(positive, 10),
  GOOGLE_CLIENT_ID: optional(size(string(), 1, 1024)),
  GOOGLE_CLIENT_SECRET: optional(size(string(), 1, 1024)),
  OIDC_ISSUER: defaulted(url(['https:', 'http:']), 'https://accounts.google.com'),
  // The territory map's tiles: {z}/{x}/{y} are filled in by the map; the CSP allows exactly this host.
  MAP_TILE_URL: defaulted(
    refine(url(['https:', 'http:']), 'tiles', (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)) || 'must contain {z}, {x} and {y}.'),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  MAP_TILE_ATTRIBUTION: defaulted(size(string(), 1, 500), '&copy; OpenStreetMap contributors'),
  // The order board's event stream (GET /api/v2/orders/events/): see docs/decisions.md, "Ordering".
  ORDER_STREAM_HEARTBEAT_MS: defaulted(positive, 15_000),
  ORDER_STREAM_MAX_AGE_MS: defaulted(positive, 300_000),
  ORDER_STREAMS_PER_USER: defaulted(positive, 5),
  ORDER_STREAMS_PER_PROCESS: defaulted(positive, 1_000),
  // Card payments (issue 44): both keys or neither; without them stores take payment in person only.
  STRIPE_SECRET_KEY: optional(size(string(), 8, 255)),
  STRIPE_WEBHOOK_SECRET: optional(size(string(), 8, 255)),
  // Stripe's own API unless set: tests and `npm run stripe:double` point it at the local double.
  STRIPE_API_URL: defaulted(url(['https:', 'http:']), 'https://api.stripe.com'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /**
   * PostgreSQL's statement_timeout and idle_in_transaction_session_timeout on every pooled
   * connection (issue 28): a runaway statement gives its connection back instead of holding the
   * pool. PGlite runs in this process and has no such timeout; the contracts' bounds are its guard.
   */
  databaseStatementTimeoutMs: number;
  redisUrl: string | undefined;
  logLevel: Infer<typeof Environment>['LOG_LEVEL'];
  /** TRUST_PROXY: whose X-Forwarded-For names the client (request.ip, which every per-address limit counts). */
  trustProxy: TrustedProxies;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  signupLimitPerMinute: number;
  signupLimitPerEmailPerHour: number;
  /** Orders one client address may place per minute on the public store endpoint. */
  orderLimitPerMinute: number;
  shutdownTimeoutMs: number;
  /** Server processes `npm run serve` starts, sharing one port (server/cluster.ts). */
  webConcurrency: number;
  /** Unset: generated once into `<dataDir>/secrets/secret.key` (see server/domain/shared/keys.ts). */
  secretKey: string | undefined;
  /** Where people reach the app (links in mail, OAuth redirects); no trailing slash. */
  publicUrl: string;
  /** Unset: mail goes to `<dataDir>/outbox/*.eml` and codes to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Requests per client address per minute on each sensitive auth endpoint (login, verify, ...). */
  authLimitPerMinute: number;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  oidcIssuer: string;
  /** Where the territory map's tiles come from (`{z}/{x}/{y}` template); its origin is allowed to images by the CSP. */
  mapTileUrl: string;
  /** The credit the map shows for its tiles (HTML, as tile providers write it). */
  mapTileAttribution: string;
  /** A comment line on every open order event stream this often, so proxies keep it and clients notice a dead one. */
  orderStreamHeartbeatMs: number;
  /** An order event stream ends after this long; the board reconnects with `Last-Event-ID`, its token checked again. */
  orderStreamMaxAgeMs: number;
  /** Order event streams one user may hold open on one server process (429 beyond). */
  orderStreamsPerUser: number;
  /** Order event streams one server process holds open at most (503 beyond). */
  orderStreamsPerProcess: number;
  /** Card payments through Stripe (issue 44); undefined when the platform has no Stripe keys. */
  stripe: StripeConfig | undefined;
};

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl: string };

export class ConfigError extends Error {}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's "trust the nearest n hops"
 * rule: Fastify itself now trusts no hop for a bare number.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false) return false;
  if ('addresses' in trusted) return trusted.addresses;
  return (_address, hop) => hop < trusted.hops;
}

// Empty strings count as unset: `FOO= npm start` should mean "use the default".
function presentVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = Object.keys(Environment.schema);
  return Object.fromEntries(names.flatMap((name) => (env[name] !== undefined && env[name] !== '' ? [[name, env[name]]] : [])));
}

/** Reads and validates the configuration; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const checked = checkWith(Environment, presentVariables(env));
  if (!checked.ok) {
    const lines = Object.entries(checked.fields).map(([name, problem]) => `  ${name}: ${problem}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = checked.value;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    staticDir: resolve(e.STATIC_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    signupLimitPerMinute: e.SIGNUP_LIMIT_PER_MINUTE,
    signupLimitPerEmailPerHour: e.SIGNUP_LIMIT_PER_EMAIL_PER_HOUR,
    orderLimitPerMinute: e.ORDER_LIMIT_PER_MINUTE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    secretKey: e.SECRET_KEY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    authLimitPerMinute: e.AUTH_LIMIT_PER_MINUTE,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    oidcIssuer: e.OIDC_ISSUER,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    orderStreamHeartbeatMs: e.ORDER_STREAM_HEARTBEAT_MS,
    orderStreamMaxAgeMs: e.ORDER_STREAM_MAX_AGE_MS,
    orderStreamsPerUser: e.ORDER_STREAMS_PER_USER,
    orderStreamsPerProcess: e.ORDER_STREAMS_PER_PROCESS,
    stripe: stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_API_URL),
  };
}

/** One key without the other is a mistake to stop on, not a platform that silently takes no cards. */
function stripeConfig(secretKey: string | undefined, webhookSecret: string | undefined, apiUrl: string): StripeConfig | undefined {
  if (secretKey === undefined && webhookSecret === undefined) return undefined;
  if (secretKey === undefined || webhookSecret === undefined) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together.');
  }
  return { secretKey, webhookSecret, apiUrl: apiUrl.replace(/\/+$/, '') };
}
