import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE, createAdmin } from '#server/cli/create-admin';
import { client } from './auth-helpers';
import { createTestApp, type TestApp } from '../test-app';
import { TEST_SCRYPT } from '../../support/test-scrypt';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authLimitPerMinute: 1000 } });
});
afterAll(() => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await createAdmin(argv, t.database, { out: (line) => out.push(line), err: (line) => err.push(line) }, TEST_SCRYPT);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const row = async (email: string) => (await t.database.query('select * from users where email = $1', [email]))[0];

describe('npm run create-admin', () => {
  it('creates staff with a password that signs in, and the admin flag shows in me', async () => {
    const result = await run('--email', 'Admin@Example.com', '--password', 'admin password');
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('Created admin@example.com');
    expect(result.out).toContain('platform staff');
    expect(await row('admin@example.com')).toMatchObject({ is_staff: true, is_superadmin: false });
    const api = client(t);
    const login = await api.post('/auth/login/', { email: 'admin@example.com', password: 'admin password' });
    expect(login.statusCode).toBe(200);
    expect((await api.get('/auth/me/', login.json().access)).json()).toMatchObject({ is_staff: true, is_superadmin: false });
  });

  it('promotes an existing account to superadmin without touching its password, and says how to sign in', async () => {
    const result = await run('--email', 'admin@example.com', '--superadmin');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Promoted admin@example.com');
    expect(result.out).toContain('Forgot password');
    expect(await row('admin@example.com')).toMatchObject({ is_staff: true, is_superadmin: true, password_hash: expect.stringMatching(/^scrypt\$/) });
  });

  it.each([
    [[], '--email is required.'],
    [['--email', 'not-an-email'], '--email: Please enter a valid email.'],
    [['--email', 'a@example.com', '--password', 'short'], '--password: Password must be at least 8 characters.'],
    [['--email', 'a@example.com', '--admin'], "Unknown option '--admin'"],
  ])('refuses %j with a usage error and changes nothing', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain(USAGE);
    expect(await row('a@example.com')).toBeUndefined();
  });
});
