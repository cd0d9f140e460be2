import type { Currency } from '../../../contracts/shared/restaurants';
import type { Dressing, PricedBy, PrimaryOptionSet, Topping } from '../../../contracts/menu';
import type { MenuScope } from '../../services/menu/menu-types';
import type { Chip, EditorRow, Job, RowPatch } from './category-editor.rows';

/**
 * What the category editor holds and hears: its context, its input and the events a view sends.
 * Kept apart from the machine so the pure helpers and the child machines share the types
 * without importing the machine.
 */

export interface CategoryForm {
  name: string;
  description: string;
  imageUrl: string;
  pricedBy: PricedBy;
  primaryOptionSets: number[];
  allowToppings: boolean;
  allowDressings: boolean;
}
export type TextField = 'name' | 'description' | 'imageUrl';
export const TEXT_FIELDS: readonly string[] = ['name', 'description', 'imageUrl'] satisfies TextField[];
export type DetailPatch = Partial<Pick<CategoryForm, 'pricedBy' | 'primaryOptionSets' | 'allowToppings' | 'allowDressings'>>;

export interface CategoryEditorInput {
  /** null: a new category. */
  categoryId: number | null;
  scope: MenuScope;
  /** Most rows (sizes, groups, selections) one category may have; tests keep it small. */
  rowLimit?: number;
}

/** Far above any real menu; it only stops a runaway of clicks from building an unusable page. */
export const ROW_LIMIT = 300;

/** A size waiting to be removed: `prices` is how many menu item prices use it (null: could not be counted). */
export interface SizeRemoval {
  key: string;
  name: string;
  prices: number | null;
}

export interface CategoryEditorContext {
  mode: 'new' | 'edit';
  categoryId: number | null;
  scope: MenuScope;
  detailId: number | null;
  form: CategoryForm;
  rows: EditorRow[];
  chips: Chip[];
  /** The catalogues the chips and the multi-select offer. */
  toppings: Topping[];
  dressings: Dressing[];
  optionSets: PrimaryOptionSet[];
  /** What the category's restaurant prices in. */
  currency: Currency;
  /** Edit mode: the category's restaurant, once loaded (an administrator may open any restaurant's category by link). */
  restaurant: { id: number; name: string | null } | null;
  /** Edit mode: jobs waiting, and the one being sent. */
  queue: Job[];
  current: Job | null;
  /** The size whose removal is being checked or confirmed. */
  sizeRemoval: SizeRemoval | null;
  /** The alert (spec section 8). */
  error: string | null;
  nameError: string | null;
  /** Rows (by key) whose save was refused here, with the sentence: a blank name the server would refuse too. */
  rowErrors: Record<string, string>;
  /** The category's name as last read from the server: the screen's title, steady while the owner types. */
  savedName: string;
  /** The new category's id once created. */
  createdId: number | null;
  rowLimit: number;
}

export type CategoryEditorEvent =
  | { type: 'load.retry' }
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'field.save'; field: TextField }
  | { type: 'detail.change'; patch: DetailPatch }
  | { type: 'topping.toggle'; id: number }
  | { type: 'dressing.toggle'; id: number }
  | { type: 'size.add' }
  | { type: 'group.add' }
  | { type: 'selection.add'; groupKey: string }
  | { type: 'row.change'; key: string; patch: RowPatch }
  | { type: 'row.save'; key: string }
  | { type: 'row.remove'; key: string }
  /** A size's Remove: a saved size that menu items price asks first (issue 10). */
  | { type: 'size.remove'; key: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'image.upload'; file: Blob }
  | { type: 'category.save' }
  | { type: 'alert.dismiss' };

const EMPTY_FORM: CategoryForm = {
  name: '',
  description: '',
  imageUrl: '',
  pricedBy: 'none',
  primaryOptionSets: [],
  allowToppings: false,
  allowDressings: false,
};

export const initialContext = (input: CategoryEditorInput): CategoryEditorContext => ({
  mode: input.categoryId === null ? 'new' : 'edit',
  categoryId: input.categoryId,
  scope: input.scope,
  detailId: null,
  form: EMPTY_FORM,
  rows: [],
  chips: [],
  sizeRemoval: null,
  toppings: [],
  dressings: [],
  optionSets: [],
  currency: 'USD',
  restaurant: null,
  queue: [],
  current: null,
  error: null,
  nameError: null,
  rowErrors: {},
  savedName: '',
  createdId: null,
  rowLimit: input.rowLimit ?? ROW_LIMIT,
});
