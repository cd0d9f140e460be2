import type { City, Country, NamedValue } from '../../../contracts/insights';
import type { Db } from '../../db/database';
import type { ListRequest, Listed } from '../shared/listing';

/**
 * What this area needs from the tables of others (menu, onboarding), which it may not import.
 * Those areas count their own rows; the composition root (server/app.ts) hands their readers in.
 * `restaurantId` undefined means the whole platform; `top` caps the ranked lists.
 */
export type MenuFiguresReader = (
  db: Db,
  restaurantId: number | undefined,
  top: number,
) => Promise<{
  categories: number;
  menuItems: number;
  optionGroups: number;
  options: number;
  itemsPerCategory: NamedValue[];
  optionGroupBreakdown: NamedValue[];
}>;

export type PlaceFiguresReader = (
  db: Db,
  restaurantId: number | undefined,
  top: number,
) => Promise<{
  countries: number;
  cities: number;
  restaurants: number;
  restaurantsByCity: NamedValue[];
}>;

export type FigureReaders = { menu: MenuFiguresReader; places: PlaceFiguresReader };

export type PlaceLists = {
  countries: (db: Db, request: ListRequest) => Promise<Listed<Country>>;
  cities: (db: Db, request: ListRequest & { country_id?: number }) => Promise<Listed<City>>;
};
