import { errorText } from '../../services/shared/error-text';

/** Spec section 8's alerts, word for word (section 5's validation sentences are in contracts/menu.ts). */
export const MENU_ALERTS = {
  createFailed: 'Failed to create category: ',
  saveChangeFailed: 'Failed to save change',
  uploadFailed: 'Upload failed: ',
  saveFailed: 'Save failed: ',
  deleteFailed: 'Failed to delete: ',
  addSelectionFailed: 'Failed to add selection',
  deleteSelectionFailed: 'Failed to delete selection',
  addGroupFailed: 'Failed to add group',
  saveCategoryFirst: 'Save the category first.',
  categoryNotFound: 'Category not found.',
} as const;

/** What a body the contract refuses answers with, the server's and the client's own check alike. */
export const FIELDS_NOT_VALID = 'Some fields are not valid.';

/** 'Failed to assign topping', 'Failed to unassign dressing'... */
export const chipFailure = (assign: boolean, list: 'toppings' | 'dressings') =>
  `Failed to ${assign ? 'assign' : 'unassign'} ${list === 'toppings' ? 'topping' : 'dressing'}`;

/** The sentence after a prefix such as 'Failed to delete: '. */
export const reason = (error: unknown) => errorText(error, 'Request failed').message;

/** The per-field sentences of a refusal (the contract check's or the server's), by field name. */
export const fieldsOf = (error: unknown): Record<string, string> => errorText(error, '').fields;

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : undefined;
}
