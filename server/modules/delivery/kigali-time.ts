// Kigali's clock: Africa/Kigali is UTC+2 all year (no daylight saving), so a fixed offset is exact
// and needs no time-zone data. A Kigali day is a 'YYYY-MM-DD' string, a time of day its minutes.

const OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as Kigali reads it: the date, the minutes since midnight, the ISO weekday (Monday 1). */
export interface KigaliMoment {
  date: string;
  minutes: number;
  weekday: number;
}

export function kigaliMoment(instant: Date): KigaliMoment {
  const local = instant.getTime() + OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  return { date: dateOf(day), minutes: Math.floor((local - day * DAY_MS) / 60_000), weekday: weekdayOf(day) };
}

/** Kigali's day of an instant as a number of days since 1970-01-01: two instants' days subtract to whole days apart. */
export function kigaliDay(instant: Date): number {
  return Math.floor((instant.getTime() + OFFSET_MS) / DAY_MS);
}

/** Minutes since Kigali's midnight of an instant. */
export function kigaliMinutes(instant: Date): number {
  const local = instant.getTime() + OFFSET_MS;
  return Math.floor((local - Math.floor(local / DAY_MS) * DAY_MS) / 60_000);
}

/** The instant of a Kigali date and time of day (minutes may be 1440: the next midnight). */
export function kigaliInstant(date: string, minutes: number): Date {
  return new Date(dayNumber(date) * DAY_MS - OFFSET_MS + minutes * 60_000);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday of a date: Monday 1 ... Sunday 7. */
export function isoWeekday(date: string): number {
  return weekdayOf(dayNumber(date));
}

// Dates are worked out in whole days since 1970-01-01 with numbers, not by parsing and printing
// ISO strings: listing the week's windows names and checks each of them several times, and string
// dates were the largest part of that (a USSD checkout's delivery-time screen).

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date; NaN for anything else (as Date.parse would give). */
function dayNumber(date: string): number {
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || !(month >= 1 && month <= 12) || !(day >= 1 && day <= 31)) return Number.NaN;
  return Date.UTC(Number(date.slice(0, 4)), month - 1, day) / DAY_MS;
}

/** 'YYYY-MM-DD' of a day number. */
function dateOf(day: number): string {
  // As toISOString does for an invalid date.
  if (!Number.isFinite(day)) throw new RangeError('Invalid time value');
  const utc = new Date(day * DAY_MS);
  return `${String(utc.getUTCFullYear()).padStart(4, '0')}-${twoDigits(utc.getUTCMonth() + 1)}-${twoDigits(utc.getUTCDate())}`;
}

/** 1970-01-01 was a Thursday (ISO weekday 4). */
function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The Monday of the date's ISO week: one week's key. */
export function weekOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** 480 -> "08:00". */
export function timeOfDay(minutes: number): string {
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}

/** "08:00" -> 480; "24:00" is the end of the day. Anything else is undefined. */
export function minutesOf(text: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 1440 ? minutes : undefined;
}

/** ISO 8601 with Kigali's offset: "2026-11-24T16:00:00+02:00". */
export function kigaliIso(instant: Date): string {
  const local = instant.getTime() + OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const seconds = Math.floor((local - day * DAY_MS) / 1000);
  return `${dateOf(day)}T${timeOfDay(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}+02:00`;
}
