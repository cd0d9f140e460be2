import multipart from '@fastify/multipart';
import { binaryFile, json, noContent, refusal, type MultipartForm } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { UPLOAD_MAX_BYTES, UPLOAD_URL_PATTERN, UPLOADS_URL_PREFIX, UploadedImage } from '../../../contracts/shared/upload';
import type { AppContext } from '../../app-context';
import { readUploadedImage } from '../../domain/shared/image-store';
import { countUnmovedUploads } from '../../domain/shared/image-migration';
import { storeImage } from '../../domain/shared/images';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';
import { matchesEtag } from './etag';
import { readImageForm } from './image-form';
import type { ContractApp } from '../../plugins/contract-types';

/** Names are random and their bytes never change, so browsers and proxies may keep them for good. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

const notFound = () => new HttpError(404, 'not_found', 'Not found.');

const IMAGE_FORM: MultipartForm = {
  files: { file: 'The image (PNG, JPEG, WebP or GIF), re-encoded by the server.' },
  fields: { max_w: 'Largest width kept, 1 to 4000 pixels.', max_h: 'Largest height kept, 1 to 4000 pixels.' },
};

/**
 * POST /api/v2/upload/image/ stores a re-encoded image; GET /uploads/<name> serves it from the
 * database, so that every server process on it serves every image. The ETag is the content's
 * SHA-256: a client revalidating gets 304.
 */
export async function uploadRoutes(app: ContractApp, context: AppContext) {
  const { db } = context.database;
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 16, fieldNameSize: 64, headerPairs: 20 },
  });

  app.post(
    `${API_BASE}${paths.uploadImage}`,
    {
      preValidation: app.requireUser,
      schema: { multipart: IMAGE_FORM, response: { 201: json(UploadedImage, "The stored image's address.") } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { input, bounds } = await readImageForm(request);
      const stored = await storeImage(db, { ownerId: user.id, input, bounds });
      return reply.code(201).send(stored satisfies UploadedImage);
    },
  );

  // Everything under /uploads/ answers here, so a missing image is a 404, never the app's page.
  app.get<{ Params: { '*': string } }>(
    `${UPLOADS_URL_PREFIX}*`,
    {
      schema: {
        response: {
          200: binaryFile('image/*', 'The image, cached for good.'),
          304: noContent('The copy the client holds is current.'),
          404: refusal('No such image.'),
        },
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      // Only names the upload makes: nothing else is looked up.
      if (!UPLOAD_URL_PATTERN.test(`${UPLOADS_URL_PREFIX}${name}`)) throw notFound();
      const image = await readUploadedImage(db, name);
      if (!image) throw notFound();
      const etag = `"${image.sha256}"`;
      reply.header('cache-control', CACHE_FOREVER).header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(image.data);
    },
  );

  // Told once the server listens (never while only its routes are read), like an operator reads it.
  app.addHook('onListen', async () => {
    const waiting = await countUnmovedUploads(db).catch(() => 0);
    if (waiting > 0) app.log.warn({ images: waiting }, 'uploaded images still in DATA_DIR/uploads are not served: run `npm run images:migrate` once');
  });
}
