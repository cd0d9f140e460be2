import {
  DressingCreate,
  DressingListQuery,
  DressingUpdate,
  PrimaryOptionSetCreate,
  PrimaryOptionSetListQuery,
  PrimaryOptionSetUpdate,
  ToppingCreate,
  ToppingListQuery,
  ToppingUpdate,
  Topping,
  Dressing,
  PrimaryOptionSet,
} from '../../../contracts/menu';
import { paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { dressingRows, toppingRows } from '../../domain/menu/menu-library';
import { copyOptionSet, createOptionSet, deleteOptionSet, getOptionSet, listOptionSets, updateOptionSet } from '../../domain/menu/menu-option-sets';
import { registerResource } from './menu-crud';
import type { ContractApp } from '../../plugins/contract-types';

/** Toppings, dressings and primary option sets: a restaurant's own rows and the platform library. */
export async function menuLibraryRoutes(app: ContractApp, context: AppContext) {
  registerResource(app, context, {
    path: paths.menu.toppings,
    row: Topping,
    listQuery: ToppingListQuery,
    ...toppingRows,
    createBody: ToppingCreate,
    updateBody: ToppingUpdate,
  });
  registerResource(app, context, {
    path: paths.menu.dressings,
    row: Dressing,
    listQuery: DressingListQuery,
    ...dressingRows,
    createBody: DressingCreate,
    updateBody: DressingUpdate,
  });
  registerResource(app, context, {
    path: paths.menu.primaryOptions,
    row: PrimaryOptionSet,
    listQuery: PrimaryOptionSetListQuery,
    list: listOptionSets,
    get: getOptionSet,
    createBody: PrimaryOptionSetCreate,
    create: createOptionSet,
    updateBody: PrimaryOptionSetUpdate,
    update: updateOptionSet,
    remove: deleteOptionSet,
    copy: copyOptionSet,
  });
}
