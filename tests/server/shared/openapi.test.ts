import type { RouteOptions } from 'fastify';
import { array, boolean, enums, integer, literal, nullable, number, object, optional, record, string, type } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedList, documentedUnion } from '#contracts/shared/documented';
import { boundedText } from '#contracts/shared/text';
import { isDocumented, openApiPath } from '#server/openapi/document';
import { toJsonSchema } from '#server/openapi/json-schema';
import { createTestApp, emptiedBeforeEachTest, type TestApp } from '../test-app';

describe('superstruct → JSON Schema', () => {
  it('says which fields an object needs, refuses unknown ones, and lets a `type` through', () => {
    expect(toJsonSchema(object({ id: integer(), note: optional(string()) }))).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, note: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    });
    expect(toJsonSchema(type({ ok: boolean() }))).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] });
  });

  it('writes nullable fields, enums, literals and records', () => {
    expect(toJsonSchema(nullable(number()))).toEqual({ type: ['number', 'null'] });
    expect(toJsonSchema(nullable(object({})))).toEqual({ type: ['object', 'null'], properties: {}, additionalProperties: false });
    expect(toJsonSchema(enums(['new', 'read']))).toEqual({ enum: ['new', 'read'] });
    expect(toJsonSchema(nullable(enums(['a'])))).toEqual({ anyOf: [{ enum: ['a'] }, { type: 'null' }] });
    expect(toJsonSchema(literal(true))).toEqual({ const: true });
    expect(toJsonSchema(record(string(), number()))).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
  });

  it('writes the members of a documented union', () => {
    expect(toJsonSchema(documentedUnion([string(), integer()]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }] });
  });

  it("carries the limits the contracts' helpers set, through optional and nullable", () => {
    expect(toJsonSchema(array(string()))).toEqual({ type: 'array', items: { type: 'string' } });
    expect(toJsonSchema(optional(boundedList(array(integer()), 7, 'days')))).toEqual({ type: 'array', items: { type: 'integer' }, maxItems: 7 });
    expect(toJsonSchema(nullable(boundedText(30, 'Phone')))).toEqual({ type: ['string', 'null'], maxLength: 30 });
  });
});

describe('GET /api/openapi.json', () => {
  const shared = emptiedBeforeEachTest();
  const routes: RouteOptions[] = [];
  let t: TestApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
    components: { securitySchemes: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await createTestApp({ database: shared.database(), onRoute: (route) => routes.push(route) });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t?.close());

  it('documents every API route and method, each with a success answer', () => {
    const apiRoutes = routes
      .flatMap((route) => [route.method].flat().map((method) => ({ route, method })))
      .filter(({ route, method }) => isDocumented(route, method) && route.url !== '/api/openapi.json');
    expect(apiRoutes.length).toBeGreaterThan(90);
    for (const { route, method } of apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${route.url}`).toBeDefined();
      const statuses = Object.keys(operation!.responses).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 400),
        `${method} ${route.url} documents a success`,
      ).toBe(true);
    }
  });

  it('is OpenAPI 3.1 with bearer security on the guarded routes only', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/v2/categories/']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/messages/']!.post!.security).toEqual([]);
  });

  it('serves the reference pages from the server itself, under the same content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\.\/static\/[^":]+"/);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toEqual(document);
  });
});
