import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_FIELDS } from '#server/plugins/errors';
import { HOSTILE_TEXT, MAX_LIST_ITEMS, MAX_NESTING, MAX_OBJECT_KEYS, RESERVED_KEY, TOO_DEEP, TOO_LONG, TOO_MANY_KEYS } from '#server/plugins/hostile-input';
import { accessTokenFor } from './accounts/auth-helpers';
import { createTestApp, type TestApp } from './test-app';

// Issue 16, item 2: these answered 500 (PostgreSQL refuses NUL) or stored a replacement character.
let test: TestApp;
beforeAll(async () => {
  // Every refusal here is one sign-up from one address: the per-address limit is not what this tests.
  test = await createTestApp({ config: { signupLimitPerMinute: 1000 } });
});
afterAll(async () => {
  await test.close();
});

const signUp = (payload: string) => test.app.inject({ method: 'POST', url: '/api/messages/', payload, headers: { 'content-type': 'application/json' } });
const storedSignups = async () => Number((await test.database.query('select count(*)::int as n from messages'))[0]?.n);

describe('hostile input', () => {
  it.each([
    ['a NUL character', JSON.stringify({ zip_code: '94107', email: 'ana\u0000@example.com' }), 'email'],
    ['an unpaired surrogate', '{"zip_code":"94107","email":"ana@example.com","message":"hi \\ud800"}', 'message'],
    ['a NUL character in a key', '{"zip_code":"94107","email":"ana@example.com","x\\u0000":1}', 'body'],
  ])('refuses text with %s with 400 on the field, and stores nothing', async (_what, payload, field) => {
    const before = await storedSignups();
    const answer = await signUp(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields: { [field]: HOSTILE_TEXT } });
    expect(await storedSignups()).toBe(before);
  });

  // The fuzz test's counterexample (seed 2088704377): superstruct words its refusal of an object
  // by turning it into text, which throws when the object's own toString is data.
  it.each(['toString', 'valueOf'])('refuses an object with its own %s field with 400 on the field, and stores nothing', async (key) => {
    const before = await storedSignups();
    const answer = await signUp(JSON.stringify({ zip_code: { [key]: 1 }, email: 'ana@example.com' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields: { zip_code: RESERVED_KEY } });
    expect(await storedSignups()).toBe(before);
  });

  it('keeps a paired surrogate (an emoji) as it was sent', async () => {
    const answer = await signUp(JSON.stringify({ zip_code: '94107', email: 'emoji@example.com', message: 'pizza 🍕' }));
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ message: 'pizza 🍕' });
  });

  it('refuses values nested deeper than any request of ours, however deep', async () => {
    for (const depth of [MAX_NESTING + 1, 5_000]) {
      const answer = await signUp(`{"zip_code":"94107","email":"deep@example.com","message":${'['.repeat(depth)}${']'.repeat(depth)}}`);
      expect(answer.statusCode).toBe(400);
      expect(Object.values(answer.json().fields as Record<string, string>)).toEqual([TOO_DEEP]);
    }
  });

  it('refuses a list longer than any of ours, naming the limit, before a contract or the database meets it', async () => {
    const answer = await signUp(JSON.stringify({ zip_code: '94107', email: 'long@example.com', message: Array.from({ length: MAX_LIST_ITEMS + 1 }, () => 1) }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ message: TOO_LONG });
    expect(TOO_LONG).toBe('Lists may hold at most 5,000 items.');
  });

  // Issue 28: 60,000 unknown fields (649 KB) were walked one by one and named in a 1.55 MB answer.
  it('refuses an object with more fields than any of ours before a contract walks it, naming the limit once', async () => {
    const flood = Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`k${index}`, 1]));
    const answer = await signUp(JSON.stringify({ zip_code: '94107', email: 'ana@example.com', ...flood }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields: { body: TOO_MANY_KEYS } });
    expect(answer.payload.length).toBeLessThan(200);
  });

  it('names at most the first few fields in error, and says how many there were', async () => {
    const unknown = Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS - 2 }, (_, index) => [`k${index}`, 1]));
    const answer = await signUp(JSON.stringify({ zip_code: '94107', email: 'ana@example.com', ...unknown }));
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.detail).toBe(`Some fields are not valid: ${MAX_OBJECT_KEYS - 2} in all, the first ${MAX_LISTED_FIELDS} listed.`);
    expect(Object.keys(body.fields)).toHaveLength(MAX_LISTED_FIELDS);
    expect(body.fields.k0).toBe('Unknown field.');
  });

  it('refuses a NUL character in a query string and in a path the same way', async () => {
    const admin = { authorization: `Bearer ${await accessTokenFor(test, 'staff@example.com', { staff: true })}` };
    const query = await test.app.inject({ method: 'GET', url: '/api/surveys/operator/?page=1%00', headers: admin });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ page: HOSTILE_TEXT });
    const path = await test.app.inject({ method: 'GET', url: '/api/v2/categories/1%00/', headers: admin });
    expect(path.statusCode).toBe(400);
    expect(path.json().fields).toEqual({ id: HOSTILE_TEXT });
  });
});
