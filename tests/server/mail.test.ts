import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecret } from '#server/domain/shared/keys';
import { createPasswordHasher } from '#server/domain/accounts/passwords';
import { codeEmail } from '#server/domain/accounts/mail-templates';
import { codeFrom, startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { client } from './accounts/auth-helpers';
import { createTestApp } from './test-app';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rp-mail-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('mail delivery', () => {
  it('without SMTP_URL writes an .eml to <DATA_DIR>/outbox and logs the code', async () => {
    const dataDir = join(folder, 'outbox-case');
    const t = await createTestApp({ config: { dataDir, smtpUrl: undefined } });
    const lines: string[] = [];
    try {
      // The test app logs nothing; a spy on its logger (which the outbox mailer was given) sees the line.
      const info = t.app.log.info.bind(t.app.log);
      // Only the message: request logs pass the reply itself, which holds its socket and does not serialise.
      t.app.log.info = ((...args: unknown[]) => {
        lines.push(args.filter((arg) => typeof arg === 'string').join(' '));
        return info(...(args as [string]));
      }) as typeof t.app.log.info;
      const response = await client(t).post('/auth/register/', { email: 'outbox@example.com', accepted_terms: true });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    const code = /^Subject: (\d{6}) is your Tablefront sign-in code$/m.exec(eml)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(eml).toMatch(/^To: outbox@example\.com$/m);
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(lines.some((line) => line.includes(`outbox@example.com: ${code}`))).toBe(true);
    expect((await stat(join(dataDir, 'outbox', files[0] ?? ''))).mode & 0o777).toBe(0o600);
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
    });
    afterAll(() => smtp.close());

    it('delivers the code email over SMTP, and the code signs in', async () => {
      const t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Tablefront <no-reply@example.com>' } });
      try {
        const api = client(t);
        expect((await api.post('/auth/register/', { email: 'Smtp@Example.com', accepted_terms: true })).statusCode).toBe(200);
        const message = await smtp.waitForMessage('smtp@example.com');
        expect(message.from).toBe('no-reply@example.com');
        expect(message.raw).toContain('Content-Type: text/html');
        const verify = await api.post('/auth/verify/', { email: 'smtp@example.com', code: codeFrom(message) });
        expect(verify.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
});

describe('code email wording', () => {
  it('differs for sign-in and reset, states the life, and shows the code prominently', () => {
    const signIn = codeEmail({ purpose: 'sign_in', code: '012345', minutes: 10, publicUrl: 'http://localhost:3000' });
    const reset = codeEmail({ purpose: 'password_reset', code: '012345', minutes: 10, publicUrl: 'http://localhost:3000' });
    expect(signIn.subject).toBe('012345 is your Tablefront sign-in code');
    expect(reset.subject).toBe('012345 is your Tablefront password reset code');
    for (const mail of [signIn, reset]) {
      expect(mail.text).toContain('012 345');
      expect(mail.text).toContain('expires in 10 minutes');
      expect(mail.html).toMatch(/monospace;font-size:32px;[^>]*letter-spacing:8px;">012345</);
    }
    expect(reset.text).toContain('If you did not ask to reset your password');
    expect(signIn.text).toContain('If you did not try to sign in');
  });
});

describe('passwords', () => {
  it('are hashed at the production cost N=2^17, r=8, p=1 with a 32-byte salt, and verify', async () => {
    const hasher = createPasswordHasher();
    const hash = await hasher.hash('correct horse');
    const match = /^scrypt\$N=131072,r=8,p=1\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Buffer.from(match?.[1] ?? '', 'base64url')).toHaveLength(32);
    expect(await hasher.verify('correct horse', hash)).toBe(true);
    expect(await hasher.verify('correct horsf', hash)).toBe(false);
    expect(await hasher.verify('correct horse', 'garbage')).toBe(false);
  });

  it('verify hashes made with another cost (parameters travel with the hash)', async () => {
    const cheap = await createPasswordHasher({ N: 1024, r: 8, p: 1 }).hash('pw123456');
    expect(await createPasswordHasher({ N: 2048, r: 8, p: 1 }).verify('pw123456', cheap)).toBe(true);
  });
});

describe('secret key', () => {
  it('is generated once into <DATA_DIR>/secrets/secret.key (0600) and reused', async () => {
    const dataDir = join(folder, 'secret-case');
    const first = await loadSecret({ secretKey: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dataDir, 'secrets', 'secret.key'))).mode & 0o777).toBe(0o600);
    expect(await loadSecret({ secretKey: undefined, dataDir })).toBe(first);
    expect(await loadSecret({ secretKey: 'x'.repeat(32), dataDir })).toBe('x'.repeat(32));
  });
});
