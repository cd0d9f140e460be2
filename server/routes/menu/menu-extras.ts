import {
  ExtraGroupCreate,
  ExtraGroupListQuery,
  ExtraGroupUpdate,
  ExtraSelectionCreate,
  ExtraSelectionListQuery,
  ExtraSelectionUpdate,
  ExtraGroup,
  ExtraSelection,
  ExtraOptionsSave,
  ExtraOptionsSaved,
} from '../../../contracts/menu';
import { json, refusal } from '../../../contracts/shared/answers';
import { IdParams } from '../../../contracts/shared/lists';
import { API_BASE, paths } from '../../../contracts/shared/paths';
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
import { saveExtraOptions } from '../../domain/menu/menu-extras-save';
import { scopeOf } from '../../domain/shared/tenancy';
import { signedInUser } from '../../plugins/auth';
import { registerResource } from './menu-crud';
import { takingTurns } from '../shared/taking-turns';
import type { ContractApp } from '../../plugins/contract-types';

/** Extra option groups of a category and their priced selections. */
export async function menuExtraRoutes(app: ContractApp, context: AppContext) {
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

  // Up to 500 groups and selections: one Save at a time per server, as the deep create (issue 28).
  const saveTurns = takingTurns();
  app.post(
    `${API_BASE}${paths.menu.categoryExtraOptions(':id')}`,
    {
      preValidation: [app.requireUser, saveTurns.take],
      onResponse: saveTurns.give,
      schema: {
        params: IdParams,
        body: ExtraOptionsSave,
        response: {
          200: json(ExtraOptionsSaved, "The category's groups and selections as saved, in one transaction."),
          403: refusal('The category belongs to the platform library and cannot be changed here.'),
          404: refusal('The category, or a group or selection it names, does not exist or belongs to another category or restaurant.'),
        },
      },
    },
    async (request) => context.database.db.transaction((tx) => saveExtraOptions(tx, scopeOf(signedInUser(request)), request.params.id, request.body)),
  );
}
