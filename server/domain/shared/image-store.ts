import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { imageBlobs, uploadedImages } from '../../db/schema-onboarding';

/** The name of a picture's bytes: their SHA-256, in hex (also the ETag it is served with). */
export const contentHash = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Keeps `data` in the database under its hash and returns the hash. The same picture uploaded
 * again is kept once; call it in the transaction that writes the row pointing at it.
 */
export async function putBlob(tx: Db, data: Uint8Array, contentType: string): Promise<string> {
  const sha256 = contentHash(data);
  // DO UPDATE (not NOTHING) locks an existing row, so a concurrent delete of its last upload
  // waits for this transaction and then finds the new upload pointing at it.
  await tx
    .insert(imageBlobs)
    .values({ sha256, contentType, data })
    .onConflictDoUpdate({ target: imageBlobs.sha256, set: { sha256: sql`excluded.sha256` } });
  return sha256;
}

export type StoredImage = { sha256: string; contentType: string; data: Buffer };

/** The picture served at /uploads/<path>, or undefined when there is none. */
export async function readUploadedImage(db: Db, path: string): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({ sha256: imageBlobs.sha256, contentType: imageBlobs.contentType, data: imageBlobs.data })
    .from(uploadedImages)
    .innerJoin(imageBlobs, eq(imageBlobs.sha256, uploadedImages.sha256))
    .where(eq(uploadedImages.path, path));
  if (!row) return undefined;
  // PGlite answers a Uint8Array, node-postgres a Buffer: one view over the same bytes either way.
  return { ...row, data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) };
}
