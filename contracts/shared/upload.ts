import { object, string, type Infer } from 'superstruct';

/**
 * POST /api/v2/upload/image/ (multipart: `file`, optional `max_w`, `max_h`): the re-encoded
 * image's public address (`url`, served under /uploads/) and its name there (`path`).
 */
export const UploadedImage = object({ url: string(), path: string() });
export type UploadedImage = Infer<typeof UploadedImage>;

/** Spec: logo at most 512×512, category hero 1600×1200, other images 1200×1200. */
export const IMAGE_BOUNDS = {
  logo: { maxWidth: 512, maxHeight: 512 },
  categoryHero: { maxWidth: 1600, maxHeight: 1200 },
  other: { maxWidth: 1200, maxHeight: 1200 },
} as const;
export type ImageBounds = { maxWidth: number; maxHeight: number };

/** Largest file accepted (413 above) and largest picture, in pixels, before resizing (400 above). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** Where the server serves uploaded images (`POST /upload/image/` answers `/uploads/<name>`). */
export const UPLOADS_URL_PREFIX = '/uploads/';
/** Our own uploads only; nothing from another site. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[A-Za-z0-9_-]{1,64}\.(?:png|jpg)$/;
