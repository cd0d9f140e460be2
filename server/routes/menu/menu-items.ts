import { MenuItemCreate, MenuItemListQuery, MenuItemUpdate, MenuItem } from '../../../contracts/menu';
import { paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { createItem, deleteItem, getItem, listItems, updateItem } from '../../domain/menu/menu-items';
import { registerResource } from './menu-crud';
import type { ContractApp } from '../../plugins/contract-types';

/** A category's dishes: `/menu-items/`. */
export async function menuItemRoutes(app: ContractApp, context: AppContext) {
  registerResource(app, context, {
    path: paths.menu.menuItems,
    row: MenuItem,
    listQuery: MenuItemListQuery,
    list: listItems,
    get: getItem,
    createBody: MenuItemCreate,
    create: createItem,
    updateBody: MenuItemUpdate,
    update: updateItem,
    remove: deleteItem,
  });
}
