import type { Config } from './config';
import type { PaymentProvider } from './domain/payments/provider';
import type { Database } from './db/database';
import type { Keys } from './domain/shared/keys';
import type { Mailer } from './domain/shared/mail';
import type { PasswordHasher } from './domain/accounts/passwords';
import type { SessionContext } from './domain/accounts/sessions';

/** What routes and domain modules are handed instead of reaching for globals (tests swap each part). */
export type AppContext = {
  config: Config;
  database: Database;
  clock: () => Date;
  /** Outgoing mail: SMTP, the outbox folder, or a test's capture. */
  mailer: Mailer;
  /** Keys derived from SECRET_KEY (or the generated secret file). */
  keys: Keys;
  passwords: PasswordHasher;
  /** Everything issueSession / rotateRefreshToken / verifyAccessToken need. */
  sessions: SessionContext;
  /**
   * Mail sent after the answer (password/forgot/ must answer before knowing whether to send).
   * The app waits for these on close.
   */
  background: (task: Promise<unknown>) => void;
  /** Card payments (issue 44): Stripe when the platform has its keys, else none (stores take payment in person). */
  payments: PaymentProvider | undefined;
};
