import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A POST of `payload` with extra `headers`, as a public form's test file sends it. */
export type PostWith = (payload: unknown, headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/**
 * The Idempotency-Key rules every public form shares (server/domain/shared/idempotency.ts), checked
 * the same way for each form that takes the header: the sign-up and the survey.
 */

/** `body` sent twice with `key`: both 201, the second the first's answer again, marked as replayed. */
export async function expectReplayedUnderOneKey(post: PostWith, body: unknown, key: string): Promise<void> {
  const first = await post(body, { 'idempotency-key': key });
  const again = await post(body, { 'idempotency-key': key });
  expect(first.statusCode).toBe(201);
  expect(again.statusCode).toBe(201);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
}

/** `key` used for `body`, then again for `changed`: the second is refused (409). */
export async function expectKeyReuseRefused(post: PostWith, body: unknown, changed: unknown, key: string): Promise<void> {
  await post(body, { 'idempotency-key': key });
  const reused = await post(changed, { 'idempotency-key': key });
  expect(reused.statusCode).toBe(409);
  expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
}
