import type { RouteOptions } from 'fastify';
import type { Answer, Answers, AnyStruct, MultipartForm } from '../../contracts/shared/answers';
import { ApiErrorBody } from '../../contracts/shared/errors';
import { isOptional, toJsonSchema, type JsonSchema } from './json-schema';
import type { Audience } from '../plugins/response-contracts';

/**
 * The OpenAPI 3.1 document of the server's routes, built from the route table itself: the
 * contracts each route validates its input with and the answers it documents. Nothing here is
 * kept by hand beside the routes.
 */

export type DocumentedRoute = {
  method: string;
  url: string;
  audience: Audience;
  schema: { params?: AnyStruct; querystring?: AnyStruct; body?: AnyStruct; multipart?: MultipartForm; response?: Answers };
};

/** Routes that belong in the document: the API and the uploaded files, not the app's pages or HEAD twins. */
export function isDocumented(route: Pick<RouteOptions, 'url' | 'schema'>, method: string): boolean {
  const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
  return !hidden && method !== 'HEAD' && (route.url.startsWith('/api/') || route.url.startsWith('/uploads/'));
}

/** `/api/v2/categories/:id/` → `/api/v2/categories/{id}/`; a wildcard becomes `{file}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{file}');

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The first meaningful segment after the base: `categories`, `auth`, `messages`, `uploads`. */
function tagOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment && segment !== 'api' && segment !== 'v2' && !segment.startsWith('{'));
  return segments[0] ?? 'api';
}

function bodySchema(struct: AnyStruct): JsonSchema {
  return struct === ApiErrorBody ? ERROR_REF : toJsonSchema(struct);
}

function answerObject(answer: Answer): JsonSchema {
  const description = answer.rules === 'shape' ? `${answer.description} (Its shape is promised; its fields' rules may not hold yet.)` : answer.description;
  const content =
    answer.mediaType === null
      ? undefined
      : Object.fromEntries(
          [answer, ...answer.alternatives].flatMap(({ mediaType, body }) =>
            mediaType === null ? [] : [[mediaType, { schema: body ? bodySchema(body) : { type: 'string', contentMediaType: mediaType } }]],
          ),
        );
  const headers =
    answer.headers.length === 0
      ? undefined
      : Object.fromEntries(
          answer.headers.map((name) => [name[0]!.toUpperCase() + name.slice(1), { description: `The ${name} header.`, schema: { type: 'string' } }]),
        );
  return { description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
}

/** Query or path parameters from an object contract's fields. */
function parameters(where: 'query' | 'path', struct: AnyStruct | undefined, names: string[]): JsonSchema[] {
  const fields = (struct?.schema ?? {}) as Record<string, AnyStruct>;
  if (where === 'path') {
    return names.map((name) => ({ name, in: 'path', required: true, schema: fields[name] ? toJsonSchema(fields[name]) : { type: 'string' } }));
  }
  return Object.entries(fields).map(([name, field]) => ({ name, in: 'query', required: !isOptional(field), schema: toJsonSchema(field) }));
}

function multipartBody(form: MultipartForm): JsonSchema {
  const files = Object.entries(form.files).map(([name, description]) => [name, { type: 'string', contentMediaType: 'application/octet-stream', description }]);
  const fields = Object.entries(form.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }]);
  return { schema: { type: 'object', properties: Object.fromEntries([...files, ...fields]), additionalProperties: false } };
}

function requestBody(schema: DocumentedRoute['schema']): JsonSchema | undefined {
  const content: JsonSchema = {};
  if (schema.body) content['application/json'] = { schema: toJsonSchema(schema.body) };
  if (schema.multipart) content['multipart/form-data'] = multipartBody(schema.multipart);
  if (Object.keys(content).length === 0) return undefined;
  return { required: schema.body ? !isOptional(schema.body) : true, content };
}

const AUDIENCE_NOTE: Record<Audience, string> = {
  anyone: 'Open to anyone.',
  'signed-in': 'Needs a signed-in owner or administrator (bearer access token).',
  admin: 'Needs a platform administrator (bearer access token of staff or a superadmin).',
};

function operation(route: DocumentedRoute, path: string): JsonSchema {
  const { schema } = route;
  const pathNames = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1]!);
  const params = [...parameters('path', schema.params, pathNames), ...parameters('query', schema.querystring, [])];
  const body = requestBody(schema);
  const responses = Object.fromEntries(Object.entries(schema.response ?? {}).map(([status, answer]) => [status, answerObject(answer!)]));
  return {
    operationId: operationId(route.method, path),
    summary: `${route.method} ${path}`,
    description: AUDIENCE_NOTE[route.audience],
    tags: [tagOf(path)],
    security: route.audience === 'anyone' ? [] : [{ bearer: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly DocumentedRoute[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, path);
  }
  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name, description: `The ${name} endpoints.` }));
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Generated from the superstruct contracts the server validates requests with and checks its answers against. ' +
        'Every refusal is `{detail, code, fields?}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from /api/v2/auth/login/ (owners) or the same for administrators.',
        },
      },
      schemas: { Error: toJsonSchema(ApiErrorBody) },
    },
  };
}
