import { paths } from '../../../contracts/shared/paths';
import { SoldOutBody, SoldOutState } from '../../../contracts/shared/sold-out';
import { parseWith } from '../../../contracts/shared/validation';
import { api } from './api';

/**
 * Sold out (issue 45): an item or an extra selection sold out until 'close', 'tomorrow' or a date
 * and time, or back on sale. Shared: the menu screen and the order board both mark items.
 */
export type SoldOutTarget = 'item' | 'selection';
const soldOutPath = (target: SoldOutTarget, id: number) => (target === 'item' ? paths.menu.itemSoldOut(id) : paths.menu.selectionSoldOut(id));

export const markSoldOut = async (target: SoldOutTarget, id: number, until: string) =>
  api.post(soldOutPath(target, id), parseWith(SoldOutBody, { until }), { struct: SoldOutState });
export const backOnSale = (target: SoldOutTarget, id: number) => api.delete(soldOutPath(target, id), { struct: SoldOutState });
