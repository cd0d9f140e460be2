import { addDays, openingsNear, wallClock, type Schedule } from './opening-status';

/**
 * When a customer may ask for an order (issue 30): as soon as possible while the restaurant is open,
 * or a slot every 15 minutes inside its hours, today and the next 6 days of its own time zone
 * (special days, breaks, overnight spans and daylight-saving changes as opening-status.ts reads
 * them). The checkout offers these slots and the server accepts only these, so both ends agree.
 *
 * Every zone's offset is a whole number of quarter hours, so the 15-minute grid of UTC is the
 * 15-minute grid of every wall clock: a slot is an instant on that grid.
 */
export const SLOT_MINUTES = 15;
export const SCHEDULE_DAYS = 7;
const SLOT_MS = SLOT_MINUTES * 60_000;

export type SlotDay = { date: string; slots: string[] };

/**
 * The slots from `now` plus `leadMinutes` (the shortest time the restaurant quotes) to the end of
 * the sixth day after today, grouped by the restaurant's calendar date; days without a slot left out.
 */
export function orderSlots(schedule: Schedule, now: Date, leadMinutes: number): SlotDay[] {
  const zone = schedule.time_zone;
  const today = wallClock(zone, now).date;
  const lastDate = addDays(today, SCHEDULE_DAYS - 1);
  const earliest = Math.ceil((now.getTime() + leadMinutes * 60_000) / SLOT_MS) * SLOT_MS;
  const days: SlotDay[] = [];
  for (const opening of openingsNear(schedule, now)) {
    // An opening's last slot is a quarter before it ends: the order is ready while the doors are open.
    for (let slot = Math.max(earliest, Math.ceil(opening.start / SLOT_MS) * SLOT_MS); slot < opening.end; slot += SLOT_MS) {
      const date = wallClock(zone, new Date(slot)).date;
      if (date > lastDate) return days;
      const iso = new Date(slot).toISOString();
      const day = days.at(-1);
      if (day?.date === date) day.slots.push(iso);
      else days.push({ date, slots: [iso] });
    }
  }
  return days;
}

/** Whether `instant` is one of the slots orderSlots offers at `now`. */
export function isOrderSlot(schedule: Schedule, now: Date, leadMinutes: number, instant: string): boolean {
  const at = Date.parse(instant);
  if (Number.isNaN(at) || at % SLOT_MS !== 0) return false;
  if (at < now.getTime() + leadMinutes * 60_000) return false;
  const zone = schedule.time_zone;
  if (wallClock(zone, new Date(at)).date > addDays(wallClock(zone, now).date, SCHEDULE_DAYS - 1)) return false;
  return openingsNear(schedule, now).some((opening) => opening.start <= at && at < opening.end);
}
