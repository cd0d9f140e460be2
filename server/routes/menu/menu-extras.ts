import type { FastifyInstance } from 'fastify';
import {
  ExtraGroupCreate,
  ExtraGroupListQuery,
  ExtraGroupUpdate,
  ExtraSelectionCreate,
  ExtraSelectionListQuery,
  ExtraSelectionUpdate,
  ExtraGroup,
  ExtraSelection,
} from '../../../contracts/menu';
import { paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import {
  createGroup,
  createSelection,
  deleteGroup,
  deleteSelection,
  getGroup,
  getSelection,
  listGroups,
  listSelections,
  updateGroup,
  updateSelection,
} from '../../domain/menu/menu-extras';
import { registerResource } from './menu-crud';

/** Extra option groups of a category and their priced selections. */
export async function menuExtraRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, {
    path: paths.menu.extraGroups,
    row: ExtraGroup,
    listQuery: ExtraGroupListQuery,
    list: listGroups,
    get: getGroup,
    createBody: ExtraGroupCreate,
    create: createGroup,
    updateBody: ExtraGroupUpdate,
    update: updateGroup,
    remove: deleteGroup,
  });
  registerResource(app, context, {
    path: paths.menu.extraSelections,
    row: ExtraSelection,
    listQuery: ExtraSelectionListQuery,
    list: listSelections,
    get: getSelection,
    createBody: ExtraSelectionCreate,
    create: createSelection,
    updateBody: ExtraSelectionUpdate,
    update: updateSelection,
    remove: deleteSelection,
  });
}
