import { SignJWT, jwtVerify } from 'jose';
import { createHmac, createSecretKey } from 'node:crypto';
const key = new Uint8Array(32).fill(7);
const token = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuer('a').setAudience('b').setIssuedAt().setExpirationTime('1h').sign(key);
const opts = { algorithms: ['HS256'], issuer: 'a', audience: 'b', requiredClaims: ['sub', 'exp', 'iat'] };
async function time(label: string, f: () => Promise<unknown>) {
  const N = 20000; for (let i = 0; i < 2000; i++) await f();
  const t = performance.now(); for (let i = 0; i < N; i++) await f();
  console.log(label, ((performance.now() - t) * 1000 / N).toFixed(1), 'µs');
}
await time('uint8array', () => jwtVerify(token, key, opts));
const ck = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
await time('cryptokey', () => jwtVerify(token, ck, opts));
const ko = createSecretKey(key);
await time('keyobject', () => jwtVerify(token, ko, opts));
await time('hmac', async () => createHmac('sha256', key).update(token.slice(0, token.lastIndexOf('.'))).digest('base64url'));
