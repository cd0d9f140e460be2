import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { binaryFile, json, noContent, refusal, type MultipartForm } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { UPLOAD_MAX_BYTES, UPLOAD_URL_PATTERN, UPLOADS_URL_PREFIX, UploadedImage } from '../../../contracts/shared/upload';
import type { AppContext } from '../../app-context';
import { storeImage } from '../../domain/shared/images';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';
import { documentRoutesOf } from '../../plugins/response-contracts';
import { readImageForm } from './image-form';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const IMAGE_FORM: MultipartForm = {
  files: { file: 'The image (PNG, JPEG, WebP or GIF), re-encoded by the server.' },
  fields: { max_w: 'Largest width kept, 1 to 4000 pixels.', max_h: 'Largest height kept, 1 to 4000 pixels.' },
};

/**
 * POST /api/v2/upload/image/ stores a re-encoded image; GET /uploads/<name> serves it, read-only,
 * from `<DATA_DIR>/uploads`. Names are random and files never change, so they are cached for good.
 */
export async function uploadRoutes(app: FastifyInstance, context: AppContext) {
  const uploadsDir = join(context.config.dataDir, 'uploads');
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 16, fieldNameSize: 64, headerPairs: 20 },
  });

  app.post(`${API_BASE}${paths.uploadImage}`, {
    preHandler: app.requireUser,
    schema: { multipart: IMAGE_FORM, response: { 201: json(UploadedImage, 'The stored image\'s address.') } },
  }, async (request, reply) => {
    const user = signedInUser(request);
    const { input, bounds } = await readImageForm(request);
    const stored = await storeImage(context.database.db, { uploadsDir, ownerId: user.id, input, bounds });
    return reply.code(201).send(stored satisfies UploadedImage);
  });

  await app.register(async (uploads) => {
    documentRoutesOf(uploads, '/uploads/*', {
      200: binaryFile('image/*', 'The image, cached for good.'),
      304: noContent('The copy the client holds is current.'),
      404: refusal('No such image.'),
    });
    await uploads.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/',
      decorateReply: false,
      // Only names the upload makes: no directories, dotfiles or anything else put there.
      allowedPath: (pathname) => UPLOAD_URL_PATTERN.test(`${UPLOADS_URL_PREFIX}${pathname.slice(1)}`),
      maxAge: YEAR_MS,
      immutable: true,
    });
    // A missing image is a 404, never the app's index.html.
    uploads.setNotFoundHandler(() => {
      throw new HttpError(404, 'not_found', 'Not found.');
    });
  }, { prefix: '/uploads' });
}
