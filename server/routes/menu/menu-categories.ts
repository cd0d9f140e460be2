import type { FastifyInstance } from 'fastify';
import {
  CategoryCreate,
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
} from '../../../contracts/menu';
import { API_BASE, paths } from '../../../contracts/shared/paths';
import type { AppContext } from '../../app-context';
import { categoryDressingRows, categoryToppingRows } from '../../domain/menu/menu-assignments';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from '../../domain/menu/menu-categories';
import { createCategoryDeep } from '../../domain/menu/menu-deep';
import { createDetail, getDetail, listDetails, updateDetail } from '../../domain/menu/menu-details';
import { createSize, deleteSize, getSize, listSizes, updateSize } from '../../domain/menu/menu-sizes';
import { created } from '../shared/list-answers';
import { registerResource } from './menu-crud';

/** Categories and what hangs off them directly: detail, sizes, topping and dressing assignments. */
export async function menuCategoryRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, {
    path: paths.menu.categories,
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
    listQuery: CategoryToppingListQuery,
    ...categoryToppingRows,
    createBody: CategoryToppingCreate,
    updateBody: CategoryToppingUpdate,
  });
  registerResource(app, context, {
    path: paths.menu.categoryDressings,
    listQuery: CategoryDressingListQuery,
    ...categoryDressingRows,
    createBody: CategoryDressingCreate,
    updateBody: CategoryDressingUpdate,
  });

  app.post<{ Body: CategoryDeepCreate }>(
    `${API_BASE}${paths.menu.categoryDeep}`,
    { preValidation: app.requireUser, schema: { body: CategoryDeepCreate } },
    async (request, reply) => created(context, request, reply, (tx, scope) => createCategoryDeep(tx, scope, request.body)),
  );
}
