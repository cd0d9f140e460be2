import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Database } from '#server/db/database';

/** A small PNG of one colour. */
export const picture = (background: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * Uploads as the server recorded them before the image store: a file each in `uploadsDir` (none
 * for a null) and a record without a hash, owned by a user made for them.
 */
export async function legacyUploads(database: Database, uploadsDir: string, files: Record<string, Buffer | null>): Promise<void> {
  const [user] = await database.query("insert into users (email) values ('legacy@example.com') returning id");
  for (const [path, data] of Object.entries(files)) {
    if (data) await writeFile(join(uploadsDir, path), data);
    await database.query("insert into uploaded_images (path, owner_id, content_type, width, height, bytes) values ($1, $2, 'image/png', 8, 6, $3)", [
      path,
      user!.id,
      data?.length ?? 0,
    ]);
  }
}
