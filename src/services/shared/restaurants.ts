import { LIST_PAGE_SIZE_MAX } from '../../../contracts/shared/lists';
import { Restaurant } from '../../../contracts/shared/restaurants';
import { paths } from '../../../contracts/shared/paths';
import { api } from './api';

/**
 * The restaurants list as administrators use it: the back office's restaurant picker and the
 * Restaurant label on menu rows when they work across restaurants.
 */

/** How many matches the picker shows for a search; a longer list would not help anyone choose. */
export const PICKER_MATCHES = 20;

export type RestaurantDirectory = { restaurants: Restaurant[]; total: number };

/**
 * The first restaurants by id, in one call (the server's largest page): their names label menu
 * rows, and the first of them is the restaurant the spec's first-restaurant rule picks (the same
 * one `page_size=1` finds, since the list is ordered by id).
 */
export async function loadRestaurantDirectory(): Promise<RestaurantDirectory> {
  const page = await api.getList(paths.menu.restaurants, { struct: Restaurant, searchParams: { page_size: LIST_PAGE_SIZE_MAX, ordering: 'id' } });
  return { restaurants: page.items, total: page.count };
}

/** The server's search (name and store address), best known first by name. */
export async function searchRestaurants(search: string): Promise<Restaurant[]> {
  const page = await api.getList(paths.menu.restaurants, { struct: Restaurant, searchParams: { search, ordering: 'name', page_size: PICKER_MATCHES } });
  return page.items;
}

/** One restaurant the caller may work on (its name, store address and currency), or null when the list has none by that id. */
export async function loadRestaurant(restaurantId: number): Promise<Restaurant | null> {
  const page = await api.getList(paths.menu.restaurants, { struct: Restaurant, searchParams: { restaurant_id: restaurantId, page_size: 1 } });
  return page.items[0] ?? null;
}
