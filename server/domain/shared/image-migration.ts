import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { uploadedImages } from '../../db/schema-onboarding';
import { putBlob } from './image-store';

export type ImageMigrationReport = {
  /** Uploads whose file went into the store (and was then removed from the folder). */
  moved: number;
  /** Uploads recorded before the store whose file is not in the folder: left as they are. */
  missing: string[];
};

/**
 * Moves the uploads made before the image store (files in `uploadsDir`, records without a hash)
 * into it, one transaction each; a file goes only once its bytes are committed. Run again, it
 * finds nothing left to do, and a run cut short is finished by the next one.
 */
export async function moveUploadsIntoStore(db: Db, uploadsDir: string): Promise<ImageMigrationReport> {
  const waiting = await db
    .select({ path: uploadedImages.path, contentType: uploadedImages.contentType })
    .from(uploadedImages)
    .where(isNull(uploadedImages.sha256))
    .orderBy(uploadedImages.id);
  const report: ImageMigrationReport = { moved: 0, missing: [] };
  for (const { path, contentType } of waiting) {
    const file = join(uploadsDir, path);
    const data = await readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!data) {
      report.missing.push(path);
      continue;
    }
    await db.transaction(async (tx) => {
      const sha256 = await putBlob(tx, data, contentType);
      await tx
        .update(uploadedImages)
        .set({ sha256 })
        .where(and(eq(uploadedImages.path, path), isNull(uploadedImages.sha256)));
    });
    await rm(file, { force: true });
    report.moved += 1;
  }
  return report;
}

/** How many uploads still wait in the uploads folder for `moveUploadsIntoStore`. */
export async function countUnmovedUploads(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(uploadedImages).where(isNull(uploadedImages.sha256));
  return row?.n ?? 0;
}
