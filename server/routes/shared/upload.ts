import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_URL_PATTERN, UPLOADS_URL_PREFIX } from '../../../contracts/shared/upload';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import { IMAGE_BOUNDS, UPLOAD_MAX_BYTES, type ImageBounds, type UploadedImage } from '../../../contracts/shared/upload';
import type { AppContext } from '../../app-context';
import { storeImage } from '../../domain/shared/images';
import { HttpError } from '../../http-error';
import { signedInUser } from '../../plugins/auth';

const MAX_DIMENSION = 4000;
/** Room for the multipart boundaries and the two small fields around a file at the size cap. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const tooLarge = () => new HttpError(413, 'too_large', `The file is too large: images may be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`);
const invalid = (fields: Record<string, string>) => new HttpError(400, 'invalid', 'Some fields are not valid.', { fields });

/** @fastify/multipart's refusals, in our words and statuses. */
function formError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalid({ file: 'Send exactly one file.' });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid({ body: 'Send only file, max_w and max_h.' });
    default:
      // Anything else while reading the form is a broken body (bad boundary, cut-off part).
      return new HttpError(400, 'malformed_multipart', 'The upload could not be read as a multipart/form-data form.');
  }
}

function dimension(name: string, value: string | undefined, fallback: number): number | string {
  if (value === undefined) return fallback;
  const number = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return number >= 1 && number <= MAX_DIMENSION ? number : `${name} must be a whole number from 1 to ${MAX_DIMENSION}.`;
}

/** Reads the form: one `file` (kept in memory up to the size cap) and the optional bounds. */
async function readImageForm(request: FastifyRequest): Promise<{ input: Buffer; bounds: ImageBounds }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data, in a field named "file".');
  }
  if (Number(request.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  let input: Buffer | undefined;
  const values: Record<string, string> = {};
  const problems: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') input = await part.toBuffer();
      else if (part.type === 'file') {
        await part.toBuffer();
        problems[part.fieldname] = 'Unknown field.';
      } else if ((part.fieldname === 'max_w' || part.fieldname === 'max_h') && !part.valueTruncated) values[part.fieldname] = String(part.value);
      else problems[part.fieldname] = part.fieldname === 'max_w' || part.fieldname === 'max_h' ? 'Too long.' : 'Unknown field.';
    }
  } catch (error) {
    throw formError(error);
  }
  const { other } = IMAGE_BOUNDS;
  const maxWidth = dimension('max_w', values.max_w, other.maxWidth);
  const maxHeight = dimension('max_h', values.max_h, other.maxHeight);
  if (typeof maxWidth === 'string') problems.max_w = maxWidth;
  if (typeof maxHeight === 'string') problems.max_h = maxHeight;
  if (!input) problems.file = 'Choose an image file to upload.';
  if (Object.keys(problems).length > 0 || !input || typeof maxWidth === 'string' || typeof maxHeight === 'string') throw invalid(problems);
  return { input, bounds: { maxWidth, maxHeight } };
}

/**
 * POST /api/v2/upload/image/ stores a re-encoded image; GET /uploads/<name> serves it, read-only,
 * from `<DATA_DIR>/uploads`. Names are random and files never change, so they are cached for good.
 */
export async function uploadRoutes(app: FastifyInstance, context: AppContext) {
  const uploadsDir = join(context.config.dataDir, 'uploads');
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 4, fieldSize: 16, fieldNameSize: 64, headerPairs: 20 },
  });

  app.post(`${API_BASE}${paths.uploadImage}`, { preHandler: app.requireUser }, async (request, reply) => {
    const user = signedInUser(request);
    const { input, bounds } = await readImageForm(request);
    const stored = await storeImage(context.database.db, { uploadsDir, ownerId: user.id, input, bounds });
    return reply.code(201).send(stored satisfies UploadedImage);
  });

  await app.register(async (uploads) => {
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
