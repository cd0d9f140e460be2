import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { UPLOAD_MAX_PIXELS, UPLOAD_URL_PATTERN, UPLOADS_URL_PREFIX, type ImageBounds, type UploadedImage } from '../../../contracts/shared/upload';
import type { Db } from '../../db/database';
import { uploadedImages } from '../../db/schema-onboarding';
import { HttpError } from '../../http-error';
import { putBlob } from './image-store';

/**
 * Formats we decode. SVG is left out on purpose: it is a document that can reference other
 * resources, and rasterising someone else's drawing is not what a photo upload is for.
 * (sharp reports AVIF and HEIC as "heif".)
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

const notAnImage = () =>
  new HttpError(415, 'not_an_image', 'This file is not an image we can use. Please upload a JPEG, PNG, WebP, GIF, AVIF or TIFF picture.');
const tooManyPixels = () =>
  new HttpError(
    400,
    'too_many_pixels',
    `This picture has too many pixels (at most ${UPLOAD_MAX_PIXELS.toLocaleString('en-US')}). Please upload a smaller one.`,
  );

/** sharp's refusal of a picture above `limitInputPixels` ("Input image exceeds pixel limit"). */
const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

type Encoded = { data: Buffer; extension: 'png' | 'jpg'; contentType: string; width: number; height: number };

/**
 * Decodes `input` (judged by its content alone), applies its EXIF orientation, fits it inside
 * `bounds` without enlarging it, and encodes it anew without any metadata (EXIF, GPS, ICC,
 * comments): PNG when it has transparency, otherwise JPEG.
 */
export async function reencodeImage(input: Buffer, bounds: ImageBounds): Promise<Encoded> {
  let metadata: Metadata;
  // sharp checks the pixel cap on the header alone, so a small file that would unpack into a
  // huge picture is refused before anything is decoded. Animated images keep their first frame.
  try {
    metadata = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw notAnImage();

  const pipeline = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .rotate()
    .resize({ width: bounds.maxWidth, height: bounds.maxHeight, fit: 'inside', withoutEnlargement: true });
  const transparent = metadata.hasAlpha === true;
  const encoder = transparent ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
  try {
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    return transparent
      ? { data, extension: 'png', contentType: 'image/png', width: info.width, height: info.height }
      : { data, extension: 'jpg', contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw isPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
}

/**
 * Stores a re-encoded image under a public name we make (never the uploader's) and records who
 * uploaded it, its bytes and that record in one transaction (the caller's, when given one).
 */
export async function storeImage(db: Db, options: { ownerId: number; input: Buffer; bounds: ImageBounds }): Promise<UploadedImage> {
  const image = await reencodeImage(options.input, options.bounds);
  const name = `${randomBytes(16).toString('base64url')}.${image.extension}`;
  await db.transaction(async (tx) => {
    const sha256 = await putBlob(tx, image.data, image.contentType);
    await tx.insert(uploadedImages).values({
      path: name,
      sha256,
      ownerId: options.ownerId,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    });
  });
  return { url: `${UPLOADS_URL_PREFIX}${name}`, path: name };
}

/** The stored names of our own upload addresses among `urls` (anything else is not ours to remove). */
const storedNames = (urls: readonly string[]) => urls.filter((url) => UPLOAD_URL_PATTERN.test(url)).map((url) => url.slice(UPLOADS_URL_PREFIX.length));

/**
 * Forgets images no longer shown (a replaced picture), in the caller's transaction; the bytes of
 * any no other upload shares go with them (the database's trigger, migration 0007).
 */
export async function forgetImages(db: Db, urls: readonly string[]): Promise<void> {
  const names = storedNames(urls);
  if (names.length > 0) await db.delete(uploadedImages).where(inArray(uploadedImages.path, names));
}
