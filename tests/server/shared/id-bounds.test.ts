/**
 * Issue 28, item 3: every id a route takes (path, query string and body, however deep) is a row
 * id of a PostgreSQL `integer` column, so its contract refuses 2147483648 with a sentence,
 * accepts 2147483647, and the OpenAPI document gives that range. The routes come from the server's own table, so a new route is held to it
 * without being listed here.
 */
import { describe, expect, it } from 'vitest';
import { checkWith } from '#contracts/shared/validation';
import { toJsonSchema } from '#server/openapi/json-schema';
import { BEYOND_INT4, fieldName, idFields, INT4_MAX, withId } from '../../support/contract-ids';
import { serverRoutes } from '../../support/contract-routes';

const PARTS = ['params', 'querystring', 'body'] as const;

const cases = (await serverRoutes()).flatMap((route) =>
  PARTS.flatMap((part) =>
    idFields(route[part]).map((id) => ({ name: `${route.method} ${route.url} ${part} ${fieldName(id)}`, struct: route[part]!, id, asText: part !== 'body' })),
  ),
);

describe('ids are bounded to the integer column', () => {
  it('finds the id fields of the routes (the walk itself works)', () => {
    const names = cases.map((entry) => entry.name);
    expect(names).toContain('PATCH /api/v2/auth/me/ body active_restaurant_id');
    expect(names).toContain('POST /api/v2/menu-items/ body prices.0.size_id');
    expect(names).toContain('GET /api/v2/categories/sizes/ querystring category_id');
    expect(names).toContain('GET /api/v2/categories/:id/ params id');
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, { struct, id, asText }) => {
    const field = fieldName(id);
    const beyond = checkWith(struct, withId(id, BEYOND_INT4, asText));
    expect(beyond.ok).toBe(false);
    expect(beyond.ok ? undefined : beyond.fields[field]).toMatch(/\.$/);
    const largest = checkWith(struct, withId(id, INT4_MAX, asText));
    expect(largest.ok ? undefined : largest.fields[field]).toBeUndefined();
    // And the published document says so.
    expect(toJsonSchema(id.struct)).toMatchObject({ minimum: 1, maximum: INT4_MAX });
  });
});
