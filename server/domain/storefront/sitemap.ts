import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { onboardings, restaurants } from '../../db/schema';
import { restaurantContacts, restaurantDelivery, restaurantLocations, restaurantSchedules } from '../../db/schema-onboarding';

/** A sitemap holds at most 50,000 addresses (sitemaps.org); one file is all we serve. */
export const SITEMAP_URLS_MAX = 50_000;

/**
 * Every launched store's slug and when it last changed, by slug, in one query of at most
 * SITEMAP_URLS_MAX rows. "Last changed" is the latest of its launch and its settings' saves
 * (location, delivery, hours, contacts): the menu's tables keep no time of change.
 */
export async function launchedStores(db: Db): Promise<{ slug: string; changedAt: Date }[]> {
  const changedAt = sql<Date>`greatest(${onboardings.launchedAt}, ${restaurantLocations.updatedAt}, ${restaurantDelivery.updatedAt}, ${restaurantSchedules.updatedAt}, ${restaurantContacts.updatedAt})`;
  const rows = await db
    .select({ slug: restaurants.slug, changedAt: changedAt.mapWith((value: string | Date) => new Date(value)) })
    .from(restaurants)
    .innerJoin(onboardings, eq(onboardings.restaurantId, restaurants.id))
    .leftJoin(restaurantLocations, eq(restaurantLocations.restaurantId, restaurants.id))
    .leftJoin(restaurantDelivery, eq(restaurantDelivery.restaurantId, restaurants.id))
    .leftJoin(restaurantSchedules, eq(restaurantSchedules.restaurantId, restaurants.id))
    .leftJoin(restaurantContacts, eq(restaurantContacts.restaurantId, restaurants.id))
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
