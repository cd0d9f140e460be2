import type { ScryptParams } from '#server/domain/accounts/passwords';

/**
 * The scrypt cost servers under test hash with: the production cost (N=2^17) takes ~0.4 s of
 * CPU a hash on this machine, and the suites sign hundreds of people up. The production cost
 * itself is exercised by the password tests (tests/server/mail.test.ts) and by the built server's test.
 */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };
