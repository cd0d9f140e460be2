import { eq } from 'drizzle-orm';
import { IMAGE_BOUNDS, type ImageBounds } from '../../../contracts/shared/upload';
import type { TerritoryImageField } from '../../../contracts/territories';
import type { Db } from '../../db/database';
import { territories } from '../../db/schema-territories';
import { forgetImages, storeImage } from '../shared/images';
import { notFound } from '../shared/tenancy';

/** A representative's photo is a portrait; the wallpaper fills a wide home screen. */
export const TERRITORY_IMAGE_BOUNDS: Record<TerritoryImageField, ImageBounds> = {
  rep_photo: IMAGE_BOUNDS.other,
  wallpaper: IMAGE_BOUNDS.categoryHero,
};

const COLUMNS = { rep_photo: 'repPhoto', wallpaper: 'wallpaper' } as const;

/**
 * Stores the images sent (re-encoded: resized, metadata stripped, as every upload) and shows
 * them on the territory, all or nothing: a second picture that is refused leaves the first
 * unstored. A picture replaced is forgotten, so none is left behind.
 */
export async function replaceTerritoryImages(
  db: Db,
  options: { id: number; files: Partial<Record<TerritoryImageField, Buffer>>; ownerId: number; now: Date },
): Promise<void> {
  const { id } = options;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ repPhoto: territories.repPhoto, wallpaper: territories.wallpaper })
      .from(territories)
      .where(eq(territories.id, id))
      .for('update');
    if (!current) throw notFound('Territory');
    const changes: { repPhoto?: string; wallpaper?: string } = {};
    const replaced: string[] = [];
    for (const [field, input] of Object.entries(options.files) as [TerritoryImageField, Buffer][]) {
      const stored = await storeImage(tx, { ownerId: options.ownerId, input, bounds: TERRITORY_IMAGE_BOUNDS[field] });
      changes[COLUMNS[field]] = stored.url;
      const previous = current[COLUMNS[field]];
      if (previous !== null) replaced.push(previous);
    }
    await tx
      .update(territories)
      .set({ ...changes, updatedAt: options.now })
      .where(eq(territories.id, id));
    await forgetImages(tx, replaced);
  });
}
