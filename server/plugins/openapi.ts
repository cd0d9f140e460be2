import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { literal, record, string, type, unknown } from 'superstruct';
import { json } from '../../contracts/shared/answers';
import { buildOpenApiDocument, isDocumented, type DocumentedRoute } from '../openapi/document';
import { audienceOf } from './response-contracts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const OpenApiDocument = type({ openapi: literal('3.1.0'), info: type({ title: string(), version: string() }), paths: record(string(), unknown()) });

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route registered after this plugin,
 * built once from the route table when first asked; /api/docs: Swagger UI reading it, its
 * files served from the package (nothing from a CDN, no inline script: the CSP holds).
 */
async function openApiPlugin(app: FastifyInstance, options: { version: string }) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!isDocumented(route, method)) continue;
      routes.push({ method, url: route.url, audience: audienceOf(app, route), schema: (route.schema ?? {}) as DocumentedRoute['schema'] });
    }
  });
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApiDocument = () => (document ??= buildOpenApiDocument(routes, { title: 'Restaurant operations platform API', version: options.version }));

  app.get(OPENAPI_PATH, { schema: { response: { 200: json(OpenApiDocument, "This API's OpenAPI 3.1 document.") } } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(openApiDocument()),
  );

  // Static mode: the document is ours; @fastify/swagger only hands it to the UI.
  await app.register(swagger, { mode: 'static', specification: { document: { openapi: '3.1.0', info: { title: '', version: '' }, paths: {} } } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    transformSpecification: () => openApiDocument(),
    transformSpecificationClone: false,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });
}

export default fp(openApiPlugin, { name: 'openapi' });
