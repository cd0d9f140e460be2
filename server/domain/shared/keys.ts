import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Keys derived from the one server secret. Each use gets its own key (HKDF with a distinct
 * label), so a key leaked from one use says nothing about the others, and the secret itself is
 * never used directly.
 */
export type Keys = {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** HMAC-SHA256 key of stored one-time codes. */
  codeHash: Buffer;
  /** HMAC-SHA256 key of client addresses kept beside idempotency keys (the address itself is never stored). */
  clientHash: Buffer;
};

const SECRET_MIN_LENGTH = 32;

export function deriveKeys(secret: string): Keys {
  if (secret.length < SECRET_MIN_LENGTH) throw new Error(`The secret key must be at least ${SECRET_MIN_LENGTH} characters.`);
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), label, 32));
  return {
    accessToken: new Uint8Array(derive('tablefront access-token v1')),
    codeHash: derive('tablefront one-time-code v1'),
    clientHash: derive('tablefront client-address v1'),
  };
}

/**
 * SECRET_KEY when set; otherwise a secret generated once into `<dataDir>/secrets/secret.key`
 * (mode 0600) and reused on every start, so tokens and codes survive a restart. Created with
 * the exclusive flag: when two processes race, the loser reads the winner's file.
 */
export async function loadSecret(options: { secretKey: string | undefined; dataDir: string }): Promise<string> {
  if (options.secretKey) return options.secretKey;
  const folder = join(options.dataDir, 'secrets');
  const file = join(folder, 'secret.key');
  try {
    return await readSecretFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSecretFile(file);
}

async function readSecretFile(file: string): Promise<string> {
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < SECRET_MIN_LENGTH) {
    throw new Error(`${file} holds fewer than ${SECRET_MIN_LENGTH} characters; delete it to have a new secret generated.`);
  }
  return secret;
}
