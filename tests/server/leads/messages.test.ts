import { describe, expect, it } from 'vitest';
import { messages } from '#server/db/schema';
import { expectKeyReuseRefused, expectReplayedUnderOneKey } from '../shared/idempotency-checks';
import { clockedAppEachTest } from '../test-app';

const PATH = '/api/messages/';
const { t, clock } = clockedAppEachTest('2026-11-22T10:00:00Z');

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: PATH, payload: payload as object, headers: { 'user-agent': 'Tests/1.0', ...headers } });
const storedRows = () => t.database.db.select().from(messages);

describe('POST /api/messages/', () => {
  it('stores a sign-up with its user agent and answers the stored row', async () => {
    const response = await post({ zip_code: ' 10001 ', email: ' Owner@Example.COM ', message: 'Notify me' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email: 'owner@example.com', zip_code: '10001', message: 'Notify me', status: 'new', user_agent: 'Tests/1.0' });
    expect(new Date(body.created_at).toISOString()).toBe(clock.now.toISOString());
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.id, email: 'owner@example.com', zipCode: '10001', status: 'new', userAgent: 'Tests/1.0' });
  });

  it.each([
    ['US zip', '94103'],
    ['Canadian postcode', 'K1A 0B1'],
    ['UK postcode', 'SW1A 1AA'],
    ['hyphenated ZIP+4', '12345-6789'],
  ])('accepts a %s', async (_label, zip) => {
    expect((await post({ zip_code: zip, email: 'a@example.com' })).statusCode).toBe(201);
  });

  it.each([
    ['a 2-character zip', { zip_code: '12', email: 'a@example.com' }, { zip_code: 'Please enter a zip code of 3 to 10 letters or digits.' }],
    ['an 11-character zip', { zip_code: '12345678901', email: 'a@example.com' }, { zip_code: 'Please enter a zip code of 3 to 10 letters or digits.' }],
    ['a zip with a symbol', { zip_code: '12#45', email: 'a@example.com' }, { zip_code: 'Please enter a zip code of 3 to 10 letters or digits.' }],
    ['a malformed email', { zip_code: '10001', email: 'not-an-email' }, { email: 'Please enter a valid email.' }],
    ['an email without a dotted domain', { zip_code: '10001', email: 'a@localhost' }, { email: 'Please enter a valid email.' }],
    ['an email with a space', { zip_code: '10001', email: 'a b@example.com' }, { email: 'Please enter a valid email.' }],
    ['a number as zip', { zip_code: 10001, email: 'a@example.com' }, { zip_code: 'Expected text.' }],
    ['a missing zip', { email: 'a@example.com' }, { zip_code: 'This field is required.' }],
    ['an unknown field', { zip_code: '10001', email: 'a@example.com', admin: true }, { admin: 'Unknown field.' }],
    ['an over-long message', { zip_code: '10001', email: 'a@example.com', message: 'x'.repeat(2001) }, { message: 'Message must be at most 2000 characters.' }],
  ])('refuses %s with field messages and stores nothing', async (_label, payload, fields) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Some fields are not valid.', code: 'invalid', fields });
    expect(await storedRows()).toHaveLength(0);
  });

  it('refuses malformed JSON, a non-object body, another media type and an oversized body', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: PATH, payload: '{"zip_code":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'malformed_json' });

    const list = await t.app.inject({ method: 'POST', url: PATH, payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ code: 'invalid', fields: { body: 'Expected a JSON object.' } });

    const text = await t.app.inject({ method: 'POST', url: PATH, payload: 'zip=10001', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type' });

    const huge = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ zip_code: '10001', email: 'a@example.com', message: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'The request body is too large.', code: 'too_large' });
    expect(await storedRows()).toHaveLength(0);
  });

  it('limits sign-ups per email address per hour and says when to try again', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await post({ zip_code: '10001', email: 'busy@example.com' })).statusCode).toBe(201);
      clock.now = new Date(clock.now.getTime() + 60_000);
    }
    const refused = await post({ zip_code: '10001', email: 'BUSY@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // The oldest of the five was 5 minutes ago, so the window reopens in 55 minutes.
    expect(refused.headers['retry-after']).toBe(String(55 * 60));
    expect(refused.json().detail).toBe('This email address has signed up too often. Please try again in 55 minutes.');
    expect(await storedRows()).toHaveLength(5);

    expect((await post({ zip_code: '10001', email: 'other@example.com' })).statusCode).toBe(201);
    clock.now = new Date(clock.now.getTime() + 56 * 60_000);
    expect((await post({ zip_code: '10001', email: 'busy@example.com' })).statusCode).toBe(201);
  });
});

describe('Idempotency-Key on POST /api/messages/', () => {
  const body = { zip_code: '10001', email: 'retry@example.com' };

  it('answers a repeated key with the first answer and stores one row', async () => {
    await expectReplayedUnderOneKey(post, body, 'key-1');
    expect(await storedRows()).toHaveLength(1);
  });

  it('stores one row when the same key arrives twice at once', async () => {
    const answers = await Promise.all([post(body, { 'idempotency-key': 'race' }), post(body, { 'idempotency-key': 'race' })]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]?.json().id).toBe(answers[1]?.json().id);
    expect(await storedRows()).toHaveLength(1);
  });

  it('treats different keys as different sign-ups', async () => {
    await post(body, { 'idempotency-key': 'a' });
    await post(body, { 'idempotency-key': 'b' });
    expect(await storedRows()).toHaveLength(2);
  });

  it('refuses a key reused for a different body', async () => {
    await expectKeyReuseRefused(post, body, { ...body, zip_code: '94103' }, 'same');
    expect(await storedRows()).toHaveLength(1);
  });

  it('does not remember a refused request, so a corrected retry with the same key succeeds', async () => {
    const refused = await post({ zip_code: '1', email: 'retry@example.com' }, { 'idempotency-key': 'fix' });
    expect(refused.statusCode).toBe(400);
    const fixed = await post(body, { 'idempotency-key': 'fix' });
    expect(fixed.statusCode).toBe(201);
  });

  it('refuses an unusable key', async () => {
    const response = await post(body, { 'idempotency-key': 'x'.repeat(300) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_idempotency_key' });
    expect(await storedRows()).toHaveLength(0);
  });
});
