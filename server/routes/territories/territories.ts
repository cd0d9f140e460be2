import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { json, noContent, refusal, type MultipartForm } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { UPLOAD_MAX_BYTES } from '../../../contracts/shared/upload';
import {
  TERRITORY_IMAGE_FIELDS,
  MapConfig,
  Territory,
  TerritoryCoverage,
  TerritoryCoverageRequest,
  TerritoryCreate,
  TerritoryListQuery,
  TerritoryPage,
  TerritoryUpdate,
  type TerritoryImageField,
} from '../../../contracts/territories';
import type { AppContext } from '../../app-context';
import { territoryCoverage, type SignupCounter } from '../../domain/territories/coverage';
import type { StoresReader } from '../../domain/territories/stores';
import { replaceTerritoryImages } from '../../domain/territories/territory-images';
import { createTerritory, deleteTerritory, readTerritory, territoryPage, updateTerritory } from '../../domain/territories/territories';
import { signedInUser } from '../../plugins/auth';
import { readImageFiles } from '../shared/image-form';
import { IDEMPOTENT_REFUSALS } from '../shared/idempotent-answer';
import { created, toPage } from '../shared/list-answers';
import type { ContractApp } from '../../plugins/contract-types';

const PICTURES: MultipartForm = {
  files: { rep_photo: "The representative's photo (PNG or JPEG).", wallpaper: 'The home wallpaper (PNG or JPEG).' },
};
const slugTaken = refusal('The slug is taken, or the Idempotency-Key was used with another body.');

/** What this area reads from others, handed in by the composition root (server/app.ts). */
export type TerritorySources = { readStores: StoresReader; countSignups: SignupCounter };

type ImageFiles = Partial<Record<TerritoryImageField, Buffer>>;

/**
 * /api/v2/territories/ (administrators only): paged list, create, read, change (JSON, or a
 * multipart form of `rep_photo` and/or `wallpaper`), delete; coverage/ answers what drawn zips
 * and circles cover. /api/v2/map/config/ tells any signed-in user where the map's tiles come from.
 */
export async function territoryRoutes(app: ContractApp, context: AppContext, sources: TerritorySources) {
  const { database, clock, config } = context;
  /** The stores reader for answers built on `db` (a create's transaction reads its own writes). */
  const stores =
    (db = database.db) =>
    () =>
      sources.readStores(db);
  const imagesOf = new WeakMap<FastifyRequest, ImageFiles>();

  const files = TERRITORY_IMAGE_FIELDS.length;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files, fields: 0, parts: files, fieldNameSize: 64, headerPairs: 20 },
  });

  app.get(
    `${API_BASE}${paths.territories}`,
    { schema: { querystring: TerritoryListQuery, response: { 200: json(TerritoryPage, 'A page of territories.') } }, preValidation: app.requireAdmin },
    async (request) => toPage(request, await territoryPage(database.db, request.query, stores())) satisfies TerritoryPage,
  );

  app.post(
    `${API_BASE}${paths.territories}`,
    {
      schema: { body: TerritoryCreate, response: { 201: json(Territory, 'The new territory.'), ...IDEMPOTENT_REFUSALS, 409: slugTaken } },
      preValidation: app.requireAdmin,
    },
    (request, reply) =>
      created(
        context,
        request,
        reply,
        async (tx) => readTerritory(tx, await createTerritory(tx, request.body, clock()), stores(tx)) satisfies Promise<Territory>,
      ),
  );

  app.post(
    `${API_BASE}${paths.territoryCoverage}`,
    {
      schema: { body: TerritoryCoverageRequest, response: { 200: json(TerritoryCoverage, 'What the zips and circles cover.') } },
      preValidation: app.requireAdmin,
    },
    async (request) => (await territoryCoverage(database.db, request.body, { ...sources, now: clock() })) satisfies TerritoryCoverage,
  );

  app.get(
    `${API_BASE}${paths.territory(':id')}`,
    { schema: { params: IdParams, response: { 200: json(Territory, 'The territory.') } }, preValidation: app.requireAdmin },
    async (request) => (await readTerritory(database.db, request.params.id, stores())) satisfies Territory,
  );

  app.patch(
    `${API_BASE}${paths.territory(':id')}`,
    {
      schema: {
        params: IdParams,
        body: TerritoryUpdate,
        // Or, instead of JSON, the pictures alone.
        multipart: PICTURES,
        response: { 200: json(Territory, 'The changed territory.'), 409: refusal('The slug is taken.') },
      },
      preValidation: [
        app.requireAdmin,
        // A multipart PATCH carries only pictures: they are read here, and the JSON contract
        // then sees an empty change.
        async (request) => {
          if (!request.isMultipart()) return;
          imagesOf.set(request, await readImageFiles(request, TERRITORY_IMAGE_FIELDS));
          request.body = {};
        },
      ],
    },
    async (request) => {
      const { id } = request.params;
      const images = imagesOf.get(request);
      if (images) {
        await replaceTerritoryImages(database.db, { id, files: images, ownerId: signedInUser(request).id, now: clock() });
      } else {
        await database.db.transaction((tx) => updateTerritory(tx, id, request.body, clock()));
      }
      return (await readTerritory(database.db, id, stores())) satisfies Territory;
    },
  );

  app.delete(
    `${API_BASE}${paths.territory(':id')}`,
    { schema: { params: IdParams, response: { 204: noContent('Deleted, with its pictures.') } }, preValidation: app.requireAdmin },
    async (request, reply) => {
      await database.db.transaction((tx) => deleteTerritory(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.get(
    `${API_BASE}${paths.mapConfig}`,
    { preValidation: app.requireUser, schema: { response: { 200: json(MapConfig, "Where the map's tiles come from.") } } },
    async () => ({ tile_url: config.mapTileUrl, attribution: config.mapTileAttribution }) satisfies MapConfig,
  );
}
