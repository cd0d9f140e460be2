// Runs only with TEST_REDIS_URL: two server instances behind one load balancer must share
// one rate-limit budget per client, which they do through Redis (PRODUCT.md, "The system").
import { randomInt } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

it("counts a client's requests across instances when REDIS_URL is set", async () => {
  const config = { redisUrl: process.env.TEST_REDIS_URL, signupLimitPerMinute: 3 };
  apps.push(await createTestApp({ config }), await createTestApp({ config }));
  const [first, second] = apps as [TestApp, TestApp];
  // A client address of its own, so counters left by earlier runs cannot interfere.
  const client = `198.51.${randomInt(256)}.${randomInt(256)}`;
  const signUp = (app: TestApp, n: number) =>
    app.app.inject({ method: 'POST', url: '/api/messages/', payload: { zip_code: '10001', email: `r${n}@example.com` }, remoteAddress: client });

  expect((await signUp(first, 1)).statusCode).toBe(201);
  expect((await signUp(second, 2)).statusCode).toBe(201);
  expect((await signUp(first, 3)).statusCode).toBe(201);
  const refused = await signUp(second, 4);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: 'rate_limited' });
});
