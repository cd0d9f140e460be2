import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP strength (N=2^17, r=8, p=1: about 128 MiB and a few
 * hundred milliseconds per hash). Each hash carries its parameters,
 * `scrypt$N=131072,r=8,p=1$<salt>$<key>` (base64url), so the cost can be raised later
 * without invalidating existing hashes. Tests inject a cheap cost through AppDependencies.
 */
export type ScryptParams = { N: number; r: number; p: number };

export const PRODUCTION_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const SALT_BYTES = 32;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';
const ENCODED = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;
// Bounds for parameters read back from stored hashes, so a corrupted row cannot ask for gigabytes.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  // scrypt needs 128 * N * r * p bytes; Node's default maxmem (32 MiB) is below the OWASP cost.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * params.p + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** True when `password` matches `encoded`; false for a wrong password or an unreadable hash. */
  verify(password: string, encoded: string): Promise<boolean>;
  /** The same work as a verify, for a user who does not exist, so timing does not reveal accounts. */
  verifyDummy(password: string): Promise<false>;
};

export function createPasswordHasher(params: ScryptParams = PRODUCTION_SCRYPT): PasswordHasher {
  let dummy: Promise<string> | undefined;

  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params, KEY_BYTES);
    return `${PREFIX}$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };

  const verify = async (password: string, encoded: string) => {
    const match = ENCODED.exec(encoded);
    if (!match) return false;
    const stored = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
    if (stored.N > MAX_N || stored.r > MAX_R || stored.p > MAX_P || stored.N < 2) return false;
    const expected = Buffer.from(match[5] ?? '', 'base64url');
    if (expected.length === 0) return false;
    const actual = await derive(password, Buffer.from(match[4] ?? '', 'base64url'), stored, expected.length);
    return timingSafeEqual(actual, expected);
  };

  const verifyDummy = async (password: string): Promise<false> => {
    dummy ??= hash(randomBytes(16).toString('hex'));
    await verify(password, await dummy);
    return false;
  };

  return { hash, verify, verifyDummy };
}
