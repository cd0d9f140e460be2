import type { Db } from '../../db/database';
import type { Mailer } from '../shared/mail';
import type { PasswordHasher } from './passwords';
import type { SessionContext } from './sessions';

/**
 * What the accounts domain is handed: a slice of AppContext, built once by the routes. Each
 * function names the part it uses, so a test passes only that.
 */
export type AccountDeps = {
  db: Db;
  mailer: Mailer;
  /** HMAC key of the one-time codes. */
  codeKey: Buffer;
  clock: () => Date;
  /** Where links in mails point. */
  publicUrl: string;
  passwords: PasswordHasher;
  sessions: SessionContext;
  /** Work finished after the answer (a mail the answer must not wait for). */
  background: (task: Promise<unknown>) => void;
};

/**
 * The request's logger as the domain sees it: what operators need to know and the answer must
 * not say (a mail server down, a replayed token). Fastify's request.log fits it.
 */
export type AccountLog = {
  info(details: object, message: string): void;
  warn(message: string): void;
  error(details: object, message: string): void;
};
