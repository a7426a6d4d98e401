// When a weekly basket comes: the window it asks for on a given day, its next delivery, and when the
// shop places that one (18:00 Kigali the evening before, when the shopper is texted). Pure.
import { isAheadEnough, slotOf, slotsOfDay, type Schedule, type Slot } from '../delivery/delivery-windows';
import { addDays, isoWeekday, kigaliInstant, kigaliMoment, weekOf } from '../delivery/kigali-time';

/** The order is placed, and the shopper texted, at this Kigali time the day before. */
export const PLACE_AT_MINUTES = 18 * 60;

/**
 * The window a basket gets on a date: the one starting at its time, else the one holding that
 * time (staff changed the schedule since), else none (the shop no longer delivers then).
 */
export function basketSlot(schedule: Schedule, date: string, startMinutes: number): Slot | undefined {
  const day = slotsOfDay(schedule, date);
  return day.find((slot) => slot.from === startMinutes) ?? day.find((slot) => slot.from <= startMinutes && startMinutes < slot.until);
}

/**
 * The next delivery date from now on the basket's weekday whose window can still be booked in time,
 * skipping the weeks that already had theirs (one order per basket per week).
 */
export function nextDeliveryDate(schedule: Schedule, weekday: number, startMinutes: number, now: Date, takenWeeks: ReadonlySet<string> = new Set()): string {
  const today = kigaliMoment(now).date;
  let date = addDays(today, (weekday - isoWeekday(today) + 7) % 7);
  for (let week = 0; week < 60; week += 1, date = addDays(date, 7)) {
    if (takenWeeks.has(weekOf(date))) continue;
    const slot = basketSlot(schedule, date, startMinutes) ?? slotOf(date, startMinutes, startMinutes + schedule.windowMinutes);
    if (isAheadEnough(schedule, slot, now)) return date;
  }
  return date;
}

/** When the delivery of that date is placed: the evening before. */
export function placeAt(date: string): Date {
  return kigaliInstant(addDays(date, -1), PLACE_AT_MINUTES);
}
