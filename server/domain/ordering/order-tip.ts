import type { TipInput } from '../../../contracts/ordering';
import type { TipChoice } from '../../../contracts/ordering/order-money';
import { toTipTenths, type TipSettings } from '../../../contracts/ordering/order-settings';
import { toCents } from '../../../contracts/shared/cents';
import { refusal, type Refusal } from './order-refusals';

/**
 * Whether the store takes this tip (issue 43): none at all when its tips are off; only the
 * percentages it offers when it allows no custom tip. A tip of zero is no tip, taken anywhere.
 */
function tipRefusal(settings: TipSettings, tip: TipInput | null | undefined): Refusal | null {
  if (tip === null || tip === undefined || ('percent' in tip ? tip.percent : tip.amount) === 0) return null;
  if (!settings.enabled) return refusal(400, 'tips_off', 'tip', 'This store does not take tips.');
  if (settings.allow_custom) return null;
  const offered = 'percent' in tip && settings.choices.some((choice) => toTipTenths(choice) === toTipTenths(tip.percent));
  return offered ? null : refusal(400, 'tip_not_offered', 'tip', 'Choose one of the tips offered.');
}

/** The tip the engine prices (an amount in cents), or none when refused; with the refusal. */
export function orderTip(settings: TipSettings, tip: TipInput | null | undefined): { choice: TipChoice; refusal: Refusal | null } {
  const refused = tipRefusal(settings, tip);
  if (refused || tip === null || tip === undefined) return { choice: null, refusal: refused };
  return { choice: 'percent' in tip ? { percent: tip.percent } : { amount: toCents(tip.amount) }, refusal: null };
}
