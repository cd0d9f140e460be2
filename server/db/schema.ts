import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const messageStatus = pgEnum('message_status', ['new', 'read', 'archived']);

/** Landing-page notify-me sign-ups (the "messages inbox" of the back office). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    email: text('email').notNull(),
    zipCode: text('zip_code').notNull(),
    message: text('message').notNull().default(''),
    status: messageStatus('status').notNull().default('new'),
    userAgent: text('user_agent'),
  },
  (table) => [
    // The sign-up's per-address hourly limit.
    index('messages_email_created_idx').on(table.email, table.createdAt),
    // The inbox's pages, newest first, with and without a status filter (docs/performance.md).
    index('messages_created_id_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('messages_status_created_id_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The email contains-filter (ILIKE '%text%'): trigrams, from the pg_trgm extension
    // (migration 0005 creates it; PGlite loads it, see PGLITE_EXTENSIONS).
    index('messages_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    // Local demand: sign-ups per zip code over the last 30 and 90 days.
    index('messages_zip_created_idx').on(table.zipCode, table.createdAt),
  ],
);

/**
 * First answers to POSTs that carried an Idempotency-Key, so that a retried request is
 * answered again instead of creating a second row. `scope` is method + route, so one key
 * cannot replay an answer of another endpoint.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/** A restaurant: made empty by `POST /onboarding/start/`, filled in by onboarding. */
export const restaurants = pgTable('restaurants', {
  id: serial('id').primaryKey(),
  name: text('name'),
  slug: text('slug').unique(),
  /** The about step's description and logo (one of the owner's own /uploads/ addresses). */
  about: text('about'),
  logoUrl: text('logo_url'),
  /**
   * The IANA zone its hours are kept in (issue 29), chosen on the hours step; null until then,
   * when the zone is derived from the location (contracts/shared/time-zones.ts).
   */
  timeZone: text('time_zone'),
  /**
   * Raised by the database itself (triggers of migration 0009) in the transaction of every change
   * to the restaurant's menu or settings: the store page's and store data's ETag, the same for
   * every server process.
   */
  version: integer('version').notNull().default(1),
  /** When the version last rose (the same triggers, migration 0010): the sitemap's lastmod. */
  versionChangedAt: timestamp('version_changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Restaurants whose version the running transaction will raise at its commit (migration 0011):
 * the version triggers note a restaurant here as they go, and a deferred trigger raises each
 * noted version once, at commit, and removes the note. Raising it at commit, when the transaction
 * holds every other lock it will take, keeps the restaurant's row lock from ever being taken
 * before another row's (which deadlocked two writers of one restaurant). Always empty between
 * transactions.
 */
export const pendingVersionBumps = pgTable(
  'pending_version_bumps',
  {
    restaurantId: integer('restaurant_id').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.restaurantId, table.transactionId] })],
);

/**
 * Accounts. `email` is stored lower-cased (the contracts lower-case it on the way in), so the
 * unique index makes addresses unique case-insensitively. A user who only ever used codes or
 * Google has no password hash.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  passwordHash: text('password_hash'),
  isStaff: boolean('is_staff').notNull().default(false),
  isSuperadmin: boolean('is_superadmin').notNull().default(false),
  activeRestaurantId: integer('active_restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
  /**
   * Raised when the user's sessions must end at once (logout, password reset): every access token
   * carries the epoch it was signed in, and one from an earlier epoch is refused with the user read
   * that every request makes (issue 28). A refresh token still alive signs a token of the new epoch.
   */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One onboarding per restaurant; its id is the restaurant's id (the `rid` of /onboard/{rid}/). */
export const onboardings = pgTable(
  'onboardings',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Steps saved so far, by step name (location, about, ...). */
    progress: jsonb('progress').notNull().default(sql`'{}'::jsonb`),
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('onboardings_owner_idx').on(table.ownerId)],
);

export const codePurpose = pgEnum('code_purpose', ['sign_in', 'password_reset']);

/** Emailed one-time codes: only a keyed hash is kept; single use; void after too many wrong tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: codePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('one_time_codes_email_idx').on(table.email, table.purpose, table.createdAt)],
);

/**
 * Opaque refresh tokens, stored hashed. Each renewal replaces the token with a new one of the
 * same family; presenting a replaced token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Pending Google authorisation-code flows (state → PKCE verifier, nonce), shared by all instances. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Answers to the public operator survey. The answers are validated against their contract
 * (contracts/survey.ts) on the way in and kept whole as JSON, so a later question needs no
 * migration; the fields administrators filter or follow up on have columns of their own.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').notNull(),
    contactEmail: text('contact_email'),
    earlyAccess: boolean('early_access').notNull().default(false),
    userAgent: text('user_agent'),
  },
  (table) => [index('survey_responses_created_idx').on(table.createdAt)],
);

/**
 * When each periodic task (housekeeping) last ran, so that of several server processes on one
 * database only one runs it per period.
 */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  task: text('task').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});
