import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { onboardings, restaurants } from '../../db/schema';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); one file is all we serve. */
export const SITEMAP_URLS_MAX = 50_000;

/**
 * Every launched store's slug and when it last changed, by slug, in one query of at most
 * SITEMAP_URLS_MAX rows. "Last changed" is when its version last rose: any change to its menu
 * or settings, and its launch (migration 0010).
 */
export async function launchedStores(db: Db): Promise<{ slug: string; changedAt: Date }[]> {
  const rows = await db
    .select({ slug: restaurants.slug, changedAt: restaurants.versionChangedAt })
    .from(restaurants)
    .innerJoin(onboardings, eq(onboardings.restaurantId, restaurants.id))
    .where(and(isNotNull(onboardings.launchedAt), isNotNull(restaurants.slug)))
    .orderBy(asc(restaurants.slug))
    .limit(SITEMAP_URLS_MAX);
  return rows.map((row) => ({ slug: row.slug as string, changedAt: row.changedAt }));
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] as string);

/** The sitemap (sitemaps.org 0.9): `<publicUrl>/<slug>` of every launched store, with its last change. */
export function sitemapXml(publicUrl: string, stores: readonly { slug: string; changedAt: Date }[]): string {
  const urls = stores.map(
    ({ slug, changedAt }) => `<url><loc>${escapeXml(`${publicUrl}/${encodeURIComponent(slug)}`)}</loc><lastmod>${changedAt.toISOString()}</lastmod></url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
