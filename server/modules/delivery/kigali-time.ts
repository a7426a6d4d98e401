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
  const local = new Date(instant.getTime() + OFFSET_MS);
  const date = local.toISOString().slice(0, 10);
  return { date, minutes: local.getUTCHours() * 60 + local.getUTCMinutes(), weekday: isoWeekday(date) };
}

/** The instant of a Kigali date and time of day (minutes may be 1440: the next midnight). */
export function kigaliInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS + minutes * 60_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** ISO weekday of a date: Monday 1 ... Sunday 7. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the date's ISO week: one week's key. */
export function weekOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** 480 -> "08:00". */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
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
  const local = new Date(instant.getTime() + OFFSET_MS).toISOString();
  return `${local.slice(0, 19)}+02:00`;
}
