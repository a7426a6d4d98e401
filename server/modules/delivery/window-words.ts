// A window's name in each language the shop speaks, for the conversation and the text messages:
// GSM-7 only (a plain "-" between the times), short enough to leave the time whole on a 24-character
// chat button. The web's English words with "–" are WEB_LABEL_WORDS. Kinyarwanda waits for a
// native speaker's reading (REVIEW).
import { englishDay, type LabelWords } from './delivery-windows';
import { isoWeekday } from './kigali-time';
import type { Language } from '../../lib/languages';

const FRENCH_WEEKDAYS = ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.'];
const dayAndMonth = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;

const WORDS: Record<Language, LabelWords> = {
  en: { today: 'Today', tomorrow: 'Tomorrow', day: englishDay, dash: '-' },
  // REVIEW: "Uyu munsi" (today), "Ejo" (tomorrow); other days as 26/11, a weekday's name being too long.
  rw: { today: 'Uyu munsi', tomorrow: 'Ejo', day: dayAndMonth, dash: '-' },
  fr: { today: "Aujourd'hui", tomorrow: 'Demain', day: (date) => `${FRENCH_WEEKDAYS[isoWeekday(date) - 1]} ${dayAndMonth(date)}`, dash: '-' },
};

/** "Today 16:00-18:00", "Ejo 08:00-10:00", "mer. 26/11 08:00-10:00". */
export function windowWords(language: Language = 'en'): LabelWords {
  return WORDS[language];
}

const WEEKDAY_NAMES: Record<Language, string[]> = {
  en: ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'],
  // REVIEW: the days' names, "on Mondays" read as "every Monday".
  rw: ['Kuwa mbere', 'Kuwa kabiri', 'Kuwa gatatu', 'Kuwa kane', 'Kuwa gatanu', 'Kuwa gatandatu', 'Ku cyumweru'],
  fr: ['le lundi', 'le mardi', 'le mercredi', 'le jeudi', 'le vendredi', 'le samedi', 'le dimanche'],
};

/** A weekly day as the language says it: "Tuesdays", "Kuwa kabiri", "le mardi" (ISO weekday, Monday = 1). */
export function weekdayName(weekday: number, language: Language = 'en'): string {
  return WEEKDAY_NAMES[language][weekday - 1];
}
