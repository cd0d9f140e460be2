import {
  CategoryCreate,
  CategoryDeep,
  CategoryDeepCreate,
  CategoryDetailCreate,
  CategoryDetailListQuery,
  CategoryDetailUpdate,
  CategoryDressingCreate,
  CategoryDressingListQuery,
  CategoryDressingUpdate,
  CategoryListQuery,
  CategoryToppingCreate,
  CategoryToppingListQuery,
  CategoryToppingUpdate,
  CategoryUpdate,
  SizeCreate,
  SizeListQuery,
  SizeUpdate,
  Category,
  CategoryDetail,
  Size,
  CategoryTopping,
  CategoryDressing,
} from '../../../contracts/menu';
import { json, refusal } from '../../../contracts/shared/answers';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { categoryDressingRows, categoryToppingRows } from '../../domain/menu/menu-assignments';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from '../../domain/menu/menu-categories';
import { createCategoryDeep } from '../../domain/menu/menu-deep';
import { createDetail, getDetail, listDetails, updateDetail } from '../../domain/menu/menu-details';
import { createSize, deleteSize, getSize, listSizes, updateSize } from '../../domain/menu/menu-sizes';
import { takingTurns } from '../shared/taking-turns';
import { created } from '../shared/list-answers';
import { registerResource } from './menu-crud';
import type { ContractApp } from '../../plugins/contract-types';

/** Categories and what hangs off them directly: detail, sizes, topping and dressing assignments. */
export async function menuCategoryRoutes(app: ContractApp, context: AppContext) {
  registerResource(app, context, {
    path: paths.menu.categories,
    row: Category,
    listQuery: CategoryListQuery,
    list: listCategories,
    get: getCategory,
    createBody: CategoryCreate,
    create: createCategory,
    updateBody: CategoryUpdate,
    update: updateCategory,
    remove: deleteCategory,
  });
  // A category's detail is removed with its category, so it has no DELETE of its own.
  registerResource(app, context, {
    path: paths.menu.categoryDetail,
    row: CategoryDetail,
    listQuery: CategoryDetailListQuery,
    list: listDetails,
    get: getDetail,
    createBody: CategoryDetailCreate,
    create: createDetail,
    updateBody: CategoryDetailUpdate,
    update: updateDetail,
  });
  registerResource(app, context, {
    path: paths.menu.sizes,
    row: Size,
    listQuery: SizeListQuery,
    list: listSizes,
    get: getSize,
    createBody: SizeCreate,
    create: createSize,
    updateBody: SizeUpdate,
    update: updateSize,
    remove: deleteSize,
  });
  registerResource(app, context, {
    path: paths.menu.categoryToppings,
    row: CategoryTopping,
    listQuery: CategoryToppingListQuery,
    ...categoryToppingRows,
    createBody: CategoryToppingCreate,
    updateBody: CategoryToppingUpdate,
  });
  registerResource(app, context, {
    path: paths.menu.categoryDressings,
    row: CategoryDressing,
    listQuery: CategoryDressingListQuery,
    ...categoryDressingRows,
    createBody: CategoryDressingCreate,
    updateBody: CategoryDressingUpdate,
  });

  // Up to 500 groups and selections and 100 sizes each: one at a time per server (issue 28).
  const deepCreateTurns = takingTurns();
  app.post(
    `${API_BASE}${paths.menu.categoryDeep}`,
    {
      preValidation: [app.requireUser, deepCreateTurns.take],
      onResponse: deepCreateTurns.give,
      schema: {
        body: CategoryDeepCreate,
        response: {
          201: json(CategoryDeep, 'The category with everything made under it, in one transaction.'),
          404: refusal('A row it names does not exist or belongs to another restaurant.'),
          409: refusal('A row would duplicate another, or the Idempotency-Key was used before with another body.'),
        },
      },
    },
    async (request, reply) => created(context, request, reply, (tx, scope) => createCategoryDeep(tx, scope, request.body)),
  );
}
