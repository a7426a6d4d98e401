// Numbers, dates and units as the shopper's language writes them. English keeps docs/product.md's own forms
// (frw 1,500.00, "12 Mar 2026", the unit as the catalog writes it); Kinyarwanda and French follow CLDR's
// patterns, with the month and day names written out here because a phone's browser may carry no
// Kinyarwanda calendar data.
import { format, isValid, parseISO } from 'date-fns';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

const MONTHS: Record<Exclude<Language, 'en'>, string[]> = {
  // REVIEW: Kinyarwanda month names as Rwanda's calendars print them.
  rw: ['Mutarama', 'Gashyantare', 'Werurwe', 'Mata', 'Gicurasi', 'Kamena', 'Nyakanga', 'Kanama', 'Nzeri', 'Ukwakira', 'Ugushyingo', 'Ukuboza'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};

const SHORT_MONTHS: Record<Exclude<Language, 'en'>, string[]> = {
  rw: ['mut.', 'gas.', 'wer.', 'mat.', 'gic.', 'kam.', 'nya.', 'kan.', 'nze.', 'ukw.', 'ugu.', 'uku.'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};

const WEEKDAYS: Record<Exclude<Language, 'en'>, string[]> = {
  // Sunday first, as Date.getDay() counts.
  rw: ['Ku cyumweru', 'Kuwa mbere', 'Kuwa kabiri', 'Kuwa gatatu', 'Kuwa kane', 'Kuwa gatanu', 'Kuwa gatandatu'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
};

export type DateStyle = 'short' | 'long' | 'withTime';

/** docs/product.md's English patterns for each style (date-fns). */
const ENGLISH_PATTERNS: Record<DateStyle, string> = { short: 'd MMM yyyy', long: 'EEEE, d MMMM yyyy', withTime: 'd MMM yyyy, HH:mm' };

const pad = (value: number) => String(value).padStart(2, '0');

/** "12 Mar 2026" / "12 mars 2026" / "12 Werurwe 2026"; the long style names the weekday too. */
export function formatDate(iso: string | undefined, style: DateStyle = 'short', language: Language = currentLanguage()): string {
  if (!iso) return '—';
  const date = parseISO(iso);
  if (!isValid(date)) return '—';
  if (language === 'en') return format(date, ENGLISH_PATTERNS[style]);
  const day = date.getDate();
  const year = date.getFullYear();
  if (style === 'long') {
    const weekday = WEEKDAYS[language][date.getDay()];
    return language === 'fr'
      ? `${weekday} ${day} ${MONTHS.fr[date.getMonth()]} ${year}`
      : `${weekday}, ${day} ${MONTHS.rw[date.getMonth()]} ${year}`;
  }
  const short = `${day} ${SHORT_MONTHS[language][date.getMonth()]} ${year}`;
  return style === 'withTime' ? `${short}, ${pad(date.getHours())}:${pad(date.getMinutes())}` : short;
}

const WINDOW_DAY_WORDS: Record<Exclude<Language, 'en'>, { today: string; tomorrow: string }> = {
  // REVIEW: the conversation's words for today and tomorrow (server/modules/delivery/window-words.ts).
  rw: { today: 'Uyu munsi', tomorrow: 'Ejo' },
  fr: { today: "Aujourd'hui", tomorrow: 'Demain' },
};

/** The calendar date (YYYY-MM-DD) in Kigali (UTC+2, no daylight saving), `daysAhead` days from now. */
const kigaliDate = (daysAhead: number, now = Date.now()) => new Date(now + 2 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * A delivery window as the shopper's language names it. The server names it in English ("Today
 * 16:00–18:00"); its start and end carry Kigali's own date and time, so the other languages read them
 * from there: "Ejo 08:00–10:00", "mer. 26 nov. 08:00–10:00".
 */
export function deliveryWindowName(window: { start: string; end: string; label: string }, language: Language = currentLanguage()): string {
  if (language === 'en') return window.label;
  const date = window.start.slice(0, 10);
  const times = `${window.start.slice(11, 16)}–${window.end.slice(11, 16) === '00:00' ? '24:00' : window.end.slice(11, 16)}`;
  const words = WINDOW_DAY_WORDS[language];
  if (date === kigaliDate(0)) return `${words.today} ${times}`;
  if (date === kigaliDate(1)) return `${words.tomorrow} ${times}`;
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = WEEKDAYS[language][day.getUTCDay()];
  const named = language === 'fr' ? `${weekday.slice(0, 3)}.` : weekday;
  return `${named} ${day.getUTCDate()} ${SHORT_MONTHS[language][day.getUTCMonth()]} ${times}`;
}
