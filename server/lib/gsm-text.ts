// The USSD screen's rules, one copy for every face: the server's USSD renderer and channel, and the
// web's USSD simulator, which checks each screen against exactly what the server promises to send.

/** At most this many characters on one USSD screen ("CON "/"END " not counted). */
export const USSD_SCREEN_LIMIT = 182;

/**
 * The characters a screen may use: the plain-ASCII part of GSM-7's basic set (no accents, no extension
 * table), the part every feature phone in Rwanda shows alike.
 */
const GSM_SAFE_CHARACTER = /[A-Za-z0-9 \n!"#$%&'()*+,\-./:;<=>?@_]/;
/** A whole text of those characters: one test instead of one per character (screens are built from many texts, again and again while they are fitted). */
const GSM_SAFE_TEXT = /^[A-Za-z0-9 \n!"#$%&'()*+,\-./:;<=>?@_]*$/;

export function isGsmSafe(text: string): boolean {
  return GSM_SAFE_TEXT.test(text);
}

/** The distinct characters a screen may not use, for a tester to see what broke the rule. */
export function nonGsmCharacters(text: string): string[] {
  return [...new Set([...text].filter((char) => !GSM_SAFE_CHARACTER.test(char)))];
}

const LOOKALIKES: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201C': '"', '\u201D': '"', '\u2013': '-', '\u2014': '-', '\u2026': '...',
  '\u00A0': ' ', '[': '(', ']': ')', '{': '(', '}': ')', '~': '-', '|': '/', '\\': '/', '^': '', '`': "'",
  '\u20AC': 'EUR', '\t': ' ',
};

/** Any text (a product name, a typed name) made GSM-safe: accents dropped, look-alikes swapped, the rest '?'. */
export function toGsm(text: string): string {
  // Most texts already are (menus, prices, names without accents): nothing to change.
  if (GSM_SAFE_TEXT.test(text)) return text;
  const plain = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const char of plain) {
    const swapped = LOOKALIKES[char] ?? char;
    out += GSM_SAFE_TEXT.test(swapped) ? swapped : '?';
  }
  return out;
}
