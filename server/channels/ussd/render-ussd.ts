// A reply as a USSD screen: "CON "/"END " and at most 182 characters of the GSM-7 alphabet.
// When a screen is too long, the hint line and "00 Home" are left out first (the key still works),
// then an option with a short form shows that ("Order again" without its basket) and an optional one
// is left out (its key still works), then a row marked optional is left out (an order's products
// beside its total), then list names are shortened at whole words (prices stay whole), first to a
// readable length, then shorter; then the longest text line is cut; a hard cut is the last resort. The engine asks for pages of whole names first, showing fewer rows rather than cutting one.
import type { ChannelLimits, ListRow, Reply } from '../../conversation/types';
import { toGsm, USSD_SCREEN_LIMIT } from '../../lib/gsm-text';

/** A list name is never shortened below this, so the shopper can still tell entries apart. */
export const MIN_LABEL_LENGTH = 8;
/** Pages prefer fewer entries to names cut shorter than this ("Tomato ketchup", not "Tomato"). */
export const READABLE_LABEL_LENGTH = 14;

/** Trailing characters that would dangle once the words after them are gone. */
const DANGLING = /[\s(,;:\-/&+]+$/;

/**
 * Text at whole words within max characters: never a word cut inside, and no "." standing for what
 * was left out ("Cassava." read as a product of its own). An unclosed bracket goes with its words
 * ("Cassava leaves (isombe)" becomes "Cassava leaves"). A first word longer than max is kept whole:
 * the line is then too long, and the screen shows fewer rows (or ussdBody's last resort cuts it).
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const words = text.split(' ');
  let kept = '';
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > max) break;
    kept = next;
  }
  const open = kept.lastIndexOf('(');
  if (open >= 0 && kept.indexOf(')', open) < 0) kept = kept.slice(0, open);
  kept = kept.replace(DANGLING, '');
  return kept || words[0];
}

/**
 * A list of entries ("Tomatoes 2 kg, Carrots 3 kg, Onions 1 kg") within max characters: its first
 * whole entries and how many more ("Tomatoes 2 kg +2"). An entry is never cut: the first stays whole
 * even past max (the screen then shows fewer rows, or shortens the others).
 */
export function shortenList(items: readonly string[], max: number): string {
  const whole = items.join(', ');
  if (whole.length <= max) return whole;
  for (let kept = items.length - 1; kept >= 1; kept -= 1) {
    const text = `${items.slice(0, kept).join(', ')} +${items.length - kept}`;
    if (text.length <= max) return text;
  }
  return items.length > 1 ? `${items[0]} +${items.length - 1}` : items[0];
}

/** A list of entries shortened; when even its first entry is too long, its brief form ("2 products"). */
function listLabel(row: ListRow & { items: string[] }, labelMax: number): string {
  const listed = shortenList(row.items, labelMax);
  return listed.length > labelMax && row.brief ? row.brief : listed;
}

function rowLine(row: ListRow, labelMax: number): string {
  const label = row.whole ? row.label : row.items ? listLabel({ ...row, items: row.items }, labelMax) : shorten(row.label, labelMax);
  const text = row.detail ? `${label} ${row.detail}` : label;
  return row.key ? `${row.key}. ${text}` : text;
}

interface Layout {
  labelMax: number;
  withHint: boolean;
  /** false: rows marked optional (what an order holds, beside its total) are left out. */
  withOptionalRows?: boolean;
  withHome: boolean;
  /** 'short': options that have a short form show it; 'essential': optional ones are left out too. */
  options?: 'whole' | 'short' | 'essential';
  lineMax: number;
}

/** The action options' lines ("1. Add to cart"), in their whole or short forms, or only the essential ones. */
function actionLines(reply: Reply, options: Layout['options']): string[] {
  const short = options === 'short' || options === 'essential';
  return reply.options
    .filter((option) => option.kind === 'action' && !(options === 'essential' && option.optional))
    .map((option) => `${option.key}. ${short && option.short ? option.short : option.label}`);
}

/** The navigation lines ("0 Back", "00 Home"), with or without Home. */
function navLines(reply: Reply, withHome: boolean): string[] {
  return reply.options.filter((option) => option.kind === 'nav' && (withHome || option.key !== '00')).map((option) => `${option.key} ${option.label}`);
}

function composeLines(reply: Reply, layout: Layout): string[] {
  const out: string[] = [];
  const note = reply.error ?? reply.notice;
  if (note) out.push(note);
  out.push(shorten(reply.title, layout.lineMax));
  for (const line of reply.lines) out.push(shorten(line, layout.lineMax));
  if (reply.hint && layout.withHint) out.push(reply.hint);
  for (const row of shownRows(reply, layout.withOptionalRows)) out.push(rowLine(row, layout.labelMax));
  out.push(...actionLines(reply, layout.options));
  if (reply.prompt) out.push(reply.prompt);
  out.push(...navLines(reply, layout.withHome));
  return out;
}

/** The list rows a layout shows: all, or without the optional ones. */
const shownRows = (reply: Reply, withOptional = true) => (withOptional ? reply.list : reply.list.filter((row) => !row.optional));

function measure(reply: Reply, layout: Layout): string {
  return toGsm(composeLines(reply, layout).join('\n'));
}

function longestLabel(reply: Reply): number {
  return Math.max(MIN_LABEL_LENGTH, ...reply.list.map((row) => row.label.length));
}

/** A text's length once made GSM-safe (toGsm works character by character, so a screen's length is the sum of its lines'). */
const gsmLength = (text: string) => toGsm(text).length;

/** The parts of a layout fittingLayout tries besides the names' length. */
type Extra = Pick<Layout, 'withHint' | 'withHome' | 'options' | 'withOptionalRows'>;

/**
 * How long the screen measure() would write is, for layouts with whole text lines (lineMax infinite,
 * as while fitting), in two parts: the list's, by the names' length, and the rest's, by the other
 * choices of the layout. Each line's length is worked out once per reply (the list's once per names'
 * length), instead of the whole screen being written and measured for every layout tried.
 */
function screenLength(reply: Reply): { list(labelMax: number, withOptional?: boolean): number; rest(extra: Extra): number } {
  const note = reply.error ?? reply.notice;
  const always = [...(note ? [note] : []), reply.title, ...reply.lines, ...(reply.prompt ? [reply.prompt] : [])];
  const linesLength = (lines: string[]) => lines.reduce((sum, line) => sum + gsmLength(line), 0) + lines.length;
  // Every line counts one character more, its newline; the whole screen has one fewer than it has lines.
  const alwaysLength = linesLength(always) - 1;
  const hint = reply.hint ? gsmLength(reply.hint) + 1 : 0;
  const actions = { whole: linesLength(actionLines(reply, 'whole')), short: linesLength(actionLines(reply, 'short')), essential: linesLength(actionLines(reply, 'essential')) };
  const nav = { home: linesLength(navLines(reply, true)), noHome: linesLength(navLines(reply, false)) };
  const listBy = new Map<string, number>();
  return {
    list(labelMax, withOptional = true) {
      const key = `${labelMax} ${withOptional}`;
      let length = listBy.get(key);
      if (length === undefined) {
        length = linesLength(shownRows(reply, withOptional).map((row) => rowLine(row, labelMax)));
        listBy.set(key, length);
      }
      return length;
    },
    rest: (extra) => alwaysLength + (extra.withHint ? hint : 0) + actions[extra.options ?? 'whole'] + (extra.withHome ? nav.home : nav.noHome),
  };
}

/** The layout that fits by shortening list names and dropping "00 Home", or undefined when that is not enough. */
function fittingLayout(reply: Reply, minLabel = MIN_LABEL_LENGTH): Layout | undefined {
  const extras: Extra[] = [
    { withHint: true, withHome: true },
    { withHint: false, withHome: true },
    { withHint: false, withHome: false },
    ...(reply.options.some((option) => option.short) ? [{ withHint: false, withHome: false, options: 'short' as const }] : []),
    ...(reply.options.some((option) => option.optional) ? [{ withHint: false, withHome: false, options: 'essential' as const }] : []),
  ];
  const longest = longestLabel(reply);
  const length = screenLength(reply);
  // Names stay whole, then readable, as long as leaving out the hint and "00 Home" can pay for it
  // (a minLabel past the longest name asks for whole names only).
  const floors = [longest, Math.max(minLabel, READABLE_LABEL_LENGTH), minLabel].map((floor) => Math.min(floor, longest));
  // A row that only adds to what the screen says (an order's products beside its total) is left out
  // before the other names are shortened (the address matters more than the list of what comes).
  const withoutOptional = reply.list.some((row) => row.optional) ? [{ withHint: false, withHome: false, options: 'essential' as const, withOptionalRows: false }] : [];
  for (const floor of floors) {
    for (const tried of [extras, withoutOptional]) {
      for (const extra of tried) {
        const rest = length.rest(extra);
        for (let labelMax = longest; labelMax >= floor; labelMax -= 1) {
          if (rest + length.list(labelMax, extra.withOptionalRows) <= USSD_SCREEN_LIMIT) return { ...extra, labelMax, lineMax: Number.POSITIVE_INFINITY };
        }
      }
    }
  }
  return undefined;
}

/**
 * Whether the reply fits a screen without cutting its text lines, list names cut to no fewer
 * than minLabel characters: the engine asks it to decide how many list rows a page holds.
 */
export function fitsUssdScreen(reply: Reply, minLabel = MIN_LABEL_LENGTH): boolean {
  return fittingLayout(reply, minLabel) !== undefined;
}

/** At most this many choosable entries on a screen, whatever the text: keys 1-7, 8 and 9 for actions, and the nav keys. */
const USSD_MAX_CHOICES = 10;

/** A USSD page: up to seven rows, as many as fit 182 characters. */
export const ussdLimits: ChannelLimits = {
  // Keys 1-7, leaving 8 and 9 for a screen's actions.
  pageSize: 7,
  flags: { callerIsPhone: true, holdsLine: true, smallScreen: true, choicesAreLines: true },
  fits(reply, names) {
    const choices = reply.list.filter((row) => row.key).length + reply.options.length;
    const minLabel = names === 'whole' ? Number.POSITIVE_INFINITY : names === 'readable' ? READABLE_LABEL_LENGTH : MIN_LABEL_LENGTH;
    return choices <= USSD_MAX_CHOICES && fitsUssdScreen(reply, minLabel);
  },
};

/** The screen text after "CON "/"END ": always within the limit and the alphabet. */
export function ussdBody(reply: Reply): string {
  const fitted = fittingLayout(reply);
  if (fitted) return measure(reply, fitted);
  for (let lineMax = 60; lineMax >= 20; lineMax -= 5) {
    const text = measure(reply, { labelMax: MIN_LABEL_LENGTH, withHint: false, withHome: false, options: 'essential', withOptionalRows: false, lineMax });
    if (text.length <= USSD_SCREEN_LIMIT) return text;
  }
  return measure(reply, { labelMax: MIN_LABEL_LENGTH, withHint: false, withHome: false, options: 'essential', withOptionalRows: false, lineMax: 20 }).slice(0, USSD_SCREEN_LIMIT);
}

export function renderUssd(reply: Reply): string {
  return `${reply.end ? 'END' : 'CON'} ${ussdBody(reply)}`;
}
