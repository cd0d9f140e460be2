import type { OwnerCall } from '#tests/fixtures/storefront/seed-store';
import { accessTokenFor } from './accounts/auth-helpers';
import type { TestApp } from './test-app';

/**
 * A new owner's calls to the API through `t.app.inject` (the shape seedStore takes), with the
 * restaurant their onboarding started.
 */
export async function injectedOwner(t: TestApp, email: string): Promise<{ call: OwnerCall; restaurantId: number }> {
  const token = await accessTokenFor(t, email);
  const call: OwnerCall = async (method, path, body) => {
    const response = await t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const { body } = await call('POST', '/onboarding/start/', {});
  return { call, restaurantId: (body as { id: number }).id };
}
