import { expect, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/http-test-server';

/**
 * What the tests of the two HTTP clients (api.ts and legacy.ts) share: they test each client's own
 * mechanics with arbitrary bodies, so the test server runs with the server's contracts off.
 */
export function startMechanicsServer(): Promise<TestServer> {
  return startTestServer({ contracts: false });
}

/** After each test: the globals a test stubbed (location, the storages, fetch) back, and its server closed. */
export async function closeMechanicsServer(server: TestServer): Promise<void> {
  vi.unstubAllGlobals();
  await server.close();
}

/** What `promise` was rejected with, checked to be a `type` (a resolved promise fails the test). */
export async function rejectionOf<E>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
