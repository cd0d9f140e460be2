import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { selectRows } from '../shared/raw-rows';
import { cities, countries } from '../../db/schema-onboarding';
import { listRows, type ListRequest, type Listed } from '../shared/listing';

/**
 * Where restaurants are, for the insight screens: counted in one SQL statement from the
 * locations onboarding records, and the paged countries and cities lists. The insights area
 * receives these through the composition root (server/app.ts), since it may not read
 * onboarding's tables.
 */
export type PlaceFigures = {
  /** Countries and cities with at least one restaurant located in them. */
  countries: number;
  cities: number;
  restaurants: number;
  /** Restaurants per city name, most first, ties by name; at most `top`. */
  restaurantsByCity: { name: string; value: number }[];
};

/** `restaurantId` undefined: the whole platform (one restaurant: 0 or 1 country and city). */
export async function placeFigures(db: Db, restaurantId: number | undefined, top: number): Promise<PlaceFigures> {
  const located = restaurantId === undefined ? sql`true` : sql`l.restaurant_id = ${restaurantId}`;
  const counted = restaurantId === undefined ? sql`true` : sql`r.id = ${restaurantId}`;
  const [row] = await selectRows<{
    countries: string;
    cities: string;
    restaurants: string;
    restaurants_by_city: { name: string; value: number }[] | null;
  }>(
    db,
    sql`
    with own_locations as (
      select l.restaurant_id, ci.id as city_id, ci.name as city_name, ci.country_id
      from restaurant_locations l join cities ci on ci.id = l.city_id where ${located}
    ),
    by_city as (
      select city_name as name, count(*)::int as value from own_locations
      group by city_id, city_name order by value desc, city_name, city_id limit ${top}
    )
    select
      (select count(distinct country_id) from own_locations) as countries,
      (select count(distinct city_id) from own_locations) as cities,
      (select count(*) from restaurants r where ${counted}) as restaurants,
      (select json_agg(json_build_object('name', name, 'value', value) order by value desc, name) from by_city) as restaurants_by_city
  `,
  );
  if (!row) throw new Error('The place figures query answered no row.');
  return {
    countries: Number(row.countries),
    cities: Number(row.cities),
    restaurants: Number(row.restaurants),
    restaurantsByCity: row.restaurants_by_city ?? [],
  };
}

export type CountryRow = { id: number; name: string };
export type CityRow = { id: number; name: string; state: string; country_id: number };

/** The paged lists of countries and cities (PRODUCT.md lists: paging, ordering, search). */
export const placeLists = {
  countries: async (db: Db, request: ListRequest): Promise<Listed<CountryRow>> => {
    const listed = await listRows(
      db,
      { table: countries, where: [], searchIn: [countries.name], orderBy: { name: countries.name, id: countries.id }, id: countries.id },
      request,
    );
    return { ...listed, rows: listed.rows.map(({ id, name }) => ({ id, name })) };
  },
  cities: async (db: Db, request: ListRequest & { country_id?: number }): Promise<Listed<CityRow>> => {
    const listed = await listRows(
      db,
      {
        table: cities,
        where: [request.country_id === undefined ? undefined : eq(cities.countryId, request.country_id)],
        searchIn: [cities.name, cities.state],
        orderBy: { name: cities.name, id: cities.id },
        id: cities.id,
      },
      request,
    );
    return { ...listed, rows: listed.rows.map(({ id, name, state, countryId }) => ({ id, name, state, country_id: countryId })) };
  },
};
