import { boolean, integer, nullable, object, refine, type Infer } from 'superstruct';
import { documented } from '../shared/documented';

/**
 * The Kitchen section of a restaurant's settings (issue 45; one section of
 * `/api/v2/restaurants/{id}/settings/{section}/`): how many orders and items one 15-minute slot
 * takes, pickup and delivery together (one kitchen cooks both), the shortest notice before the
 * earliest slot, and whether new orders are accepted by themselves with a prep time. The pause and
 * busy minutes are the board's, through their own routes: this section never writes them.
 */

export const SLOT_LIMIT_MAX = 1000;
export const MIN_LEAD_MAX = 1440;
export const DEFAULT_PREP_MIN = 1;
export const DEFAULT_PREP_MAX = 240;

/** An integer from `min` to `max`, refused with `sentence`. */
const whole = (min: number, max: number, sentence: string) =>
  documented(
    refine(integer(), 'range', (value) => (value >= min && value <= max) || sentence),
    { minimum: min, maximum: max },
  );

const SlotLimit = nullable(whole(1, SLOT_LIMIT_MAX, `Enter a whole number from 1 to ${SLOT_LIMIT_MAX}, or leave it empty for no limit.`));

/** PUT /api/v2/restaurants/{id}/settings/kitchen/ (and GET's answer). */
export const KitchenSettings = object({
  max_orders_per_slot: SlotLimit,
  max_items_per_slot: SlotLimit,
  min_lead_minutes: whole(0, MIN_LEAD_MAX, `Enter a whole number of minutes from 0 to ${MIN_LEAD_MAX}.`),
  auto_accept: boolean(),
  default_prep_minutes: whole(DEFAULT_PREP_MIN, DEFAULT_PREP_MAX, `Enter a whole number of minutes from ${DEFAULT_PREP_MIN} to ${DEFAULT_PREP_MAX}.`),
});
export type KitchenSettings = Infer<typeof KitchenSettings>;

/** Never saved: no limits, no notice, every order accepted by hand (20 minutes offered as the prep time). */
export const DEFAULT_KITCHEN_SETTINGS: KitchenSettings = {
  max_orders_per_slot: null,
  max_items_per_slot: null,
  min_lead_minutes: 0,
  auto_accept: false,
  default_prep_minutes: 20,
};
