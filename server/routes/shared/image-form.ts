import type { FastifyRequest } from 'fastify';
import { IMAGE_BOUNDS, UPLOAD_MAX_BYTES, type ImageBounds } from '../../../contracts/shared/upload';
import { HttpError } from '../../http-error';

/**
 * Multipart forms of images, parsed: the image upload's (one `file` and the optional
 * `max_w`/`max_h` bounds) and forms of named image files only (a territory's pictures), every
 * refusal in our words and statuses.
 */

const MAX_DIMENSION = 4000;
/** Room for the multipart boundaries and the two small fields around a file at the size cap. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, 'too_large', `The file is too large: images may be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`);
const invalid = (fields: Record<string, string>) => new HttpError(400, 'invalid', 'Some fields are not valid.', { fields });

/** @fastify/multipart's refusals, in our words and statuses; `expected` says what the form may hold. */
function formError(error: unknown, expected: { files: Record<string, string>; body: string }): Error {
  if (error instanceof HttpError) return error;
  switch (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalid(expected.files);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid({ body: expected.body });
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

/** A form larger than `files` files at the size cap is refused before it is read. */
function refuseOversized(request: FastifyRequest, files: number): void {
  if (Number(request.headers['content-length'] ?? 0) > files * UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
}

const UPLOAD_FORM = { files: { file: 'Send exactly one file.' }, body: 'Send only file, max_w and max_h.' };

/** Reads the form: one `file` (kept in memory up to the size cap) and the optional bounds. */
export async function readImageForm(request: FastifyRequest): Promise<{ input: Buffer; bounds: ImageBounds }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data, in a field named "file".');
  }
  refuseOversized(request, 1);
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
    throw formError(error, UPLOAD_FORM);
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
 * Reads a form of image files only: each of `names` at most once (kept in memory up to the size
 * cap), at least one of them, and nothing else. Register @fastify/multipart with `files` and
 * `parts` set to the number of names.
 */
export async function readImageFiles<Name extends string>(request: FastifyRequest, names: readonly Name[]): Promise<Partial<Record<Name, Buffer>>> {
  const list = names.join(', ');
  refuseOversized(request, names.length);
  const files: Partial<Record<Name, Buffer>> = {};
  const problems: Record<string, string> = {};
  const expected = { files: { body: `Send each of ${list} at most once.` }, body: `Send only the files ${list}.` };
  try {
    for await (const part of request.parts()) {
      const name = names.find((known) => known === part.fieldname);
      if (part.type === 'file' && name !== undefined && files[name] === undefined) files[name] = await part.toBuffer();
      else {
        if (part.type === 'file') await part.toBuffer();
        problems[part.fieldname] = name !== undefined ? 'Send this file only once.' : 'Unknown field.';
      }
    }
  } catch (error) {
    throw formError(error, expected);
  }
  if (Object.keys(files).length === 0 && Object.keys(problems).length === 0) problems.body = `Choose an image for ${names.join(' or ')}.`;
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return files;
}
