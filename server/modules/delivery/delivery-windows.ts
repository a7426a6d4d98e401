// The windows a schedule makes, which of them a shopper may still book, and how they are named.
// Pure: the clock and the schedule come in, so a test can stand at 13:59 or 14:00 in Kigali.
import { addDays, isoWeekday, kigaliDay, kigaliInstant, kigaliMinutes, kigaliMoment, minutesOf, timeOfDay } from './kigali-time';

/** Today and the next 6 days. */
export const DAYS_AHEAD = 7;
/** A window is booked at least this long before it starts: the shop needs the time to pack and ride. */
export const MIN_LEAD_MINUTES = 60;

/** The schedule in minutes, as the rules use it. */
export interface Schedule {
  days: number[];
  openFrom: number;
  openUntil: number;
  windowMinutes: number;
  capacity: number;
  cutoff: number;
}

/** One window of one day. */
export interface Slot {
  id: string;
  date: string;
  from: number;
  until: number;
  start: Date;
  end: Date;
}

export function slotOf(date: string, from: number, until: number, midnight = kigaliInstant(date, 0).getTime()): Slot {
  return { id: `${date}T${timeOfDay(from)}`, date, from, until, start: new Date(midnight + from * 60_000), end: new Date(midnight + until * 60_000) };
}

// A schedule's windows by date, made once: every list of the week asks for the same seven days, and
// a schedule read is kept until staff change it (a new schedule is a new object, with none made yet).
const slotsByDate = new WeakMap<Schedule, Map<string, readonly Slot[]>>();
const DATES_KEPT = 64;

/** The day's windows, back to back from opening until the last one that ends by closing time. */
export function slotsOfDay(schedule: Schedule, date: string): readonly Slot[] {
  let byDate = slotsByDate.get(schedule);
  if (!byDate) slotsByDate.set(schedule, (byDate = new Map()));
  let slots = byDate.get(date);
  if (!slots) {
    slots = Object.freeze(makeSlotsOfDay(schedule, date));
    if (byDate.size >= DATES_KEPT) byDate.clear();
    byDate.set(date, slots);
  }
  return slots;
}

function makeSlotsOfDay(schedule: Schedule, date: string): Slot[] {
  if (!schedule.days.includes(isoWeekday(date))) return [];
  const midnight = kigaliInstant(date, 0).getTime();
  const slots: Slot[] = [];
  for (let from = schedule.openFrom; from + schedule.windowMinutes <= schedule.openUntil; from += schedule.windowMinutes) {
    slots.push(slotOf(date, from, from + schedule.windowMinutes, midnight));
  }
  return slots;
}

/** Today's windows that have not started and every window of the next 6 days, earliest first. */
export function slotsAhead(schedule: Schedule, now: Date): Slot[] {
  const today = kigaliMoment(now).date;
  const slots: Slot[] = [];
  for (let day = 0; day < DAYS_AHEAD; day += 1) slots.push(...slotsOfDay(schedule, addDays(today, day)));
  return slots.filter((slot) => slot.start.getTime() > now.getTime());
}

/** "2026-11-24T16:00" -> that window of the schedule, if the schedule has it. */
export function slotById(schedule: Schedule, id: string): Slot | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(id.trim());
  if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return undefined;
  const from = minutesOf(match[2]);
  return slotsOfDay(schedule, match[1]).find((slot) => slot.from === from);
}

/**
 * Whether a shopper may still choose this window now, room apart: it is within the next 7 days,
 * starts at least an hour ahead, and a window today is offered only before the same-day cut-off.
 */
export function isBookable(schedule: Schedule, slot: Slot, now: Date): boolean {
  return kigaliDay(slot.start) - kigaliDay(now) < DAYS_AHEAD && isAheadEnough(schedule, slot, now);
}

/** The shop's notice for a window, however far ahead: it starts an hour from now or later, and today only before the cut-off. */
export function isAheadEnough(schedule: Schedule, slot: Slot, now: Date): boolean {
  // A window starts on its own date (a window never starts at midnight's 24:00).
  const daysAway = kigaliDay(slot.start) - kigaliDay(now);
  if (daysAway < 0 || slot.start.getTime() - now.getTime() < MIN_LEAD_MINUTES * 60_000) return false;
  return daysAway > 0 || kigaliMinutes(now) < schedule.cutoff;
}

/** The words a label is made of, in one language and alphabet. */
export interface LabelWords {
  today: string;
  tomorrow: string;
  /** Any other day: "Wed 26 Nov". */
  day(date: string): string;
  /** Between the start and end times: "–" on the web, "-" where the alphabet is GSM-7. */
  dash: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Wed 26 Nov" */
export function englishDay(date: string): string {
  return `${WEEKDAYS[isoWeekday(date) - 1]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** Days as "Mon-Wed", "Fri, Sat" or "Sun": runs of three or more as a range. */
function dayRuns(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === day - 1) last.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => WEEKDAYS[day - 1];
  return runs.map((run) => (run.length >= 3 ? `${name(run[0])}-${name(run[run.length - 1])}` : run.map(name).join(', '))).join(', ');
}

/**
 * The hours the shop states ("Mon-Sat 08:00-20:00, Sun closed"), made from the delivery schedule:
 * the days and times checkout offers are the shop's hours, one source, so the contact card never
 * says closed on a day checkout delivers.
 */
export function openingHours(schedule: Pick<Schedule, 'days' | 'openFrom' | 'openUntil'>): string {
  const hours = `${timeOfDay(schedule.openFrom)}-${timeOfDay(schedule.openUntil)}`;
  if (schedule.days.length >= 7) return `Every day ${hours}`;
  const closed = [1, 2, 3, 4, 5, 6, 7].filter((day) => !schedule.days.includes(day));
  return `${dayRuns(schedule.days)} ${hours}, ${dayRuns(closed)} closed`;
}

/** The web's labels, the API's: "Today 16:00–18:00". */
export const WEB_LABEL_WORDS: LabelWords = { today: 'Today', tomorrow: 'Tomorrow', day: englishDay, dash: '–' };

/** "Today 16:00–18:00", "Tomorrow 08:00–10:00", "Wed 26 Nov 08:00–10:00", as seen from `now`. */
export function windowLabel(window: { start: Date; end: Date }, now: Date, words: LabelWords = WEB_LABEL_WORDS): string {
  const startDay = kigaliDay(window.start);
  const away = startDay - kigaliDay(now);
  const day = away === 0 ? words.today : away === 1 ? words.tomorrow : words.day(kigaliMoment(window.start).date);
  const endMinutes = kigaliMinutes(window.end);
  // A window ending at midnight ends at 24:00 of its own day.
  const until = kigaliDay(window.end) !== startDay && endMinutes === 0 ? 1440 : endMinutes;
  return `${day} ${timeOfDay(kigaliMinutes(window.start))}${words.dash}${timeOfDay(until)}`;
}
