// What a phone would show for a gateway answer, and the two limits every screen must respect.

export const USSD_SCREEN_LIMIT = 182;

export interface ParsedAnswer {
  /** CON keeps the session open, END closes it; anything else is not a gateway answer at all. */
  kind: 'CON' | 'END' | 'invalid';
  screen: string;
}

export function parseUssdAnswer(body: string): ParsedAnswer {
  const match = /^(CON|END)(?: |$)/.exec(body);
  if (!match) return { kind: 'invalid', screen: body };
  return { kind: match[1] as 'CON' | 'END', screen: body.slice(match[0].length) };
}

/** Characters as a handset counts them: by code point, so an emoji that slipped in is not counted twice. */
export function screenLength(screen: string): number {
  return [...screen].length;
}

// The GSM 03.38 default alphabet and its extension table; anything else forces UCS-2 on the air and is
// garbled or cut on many feature phones.
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà' +
  '^{}\\[~]|€';
const GSM7_SET = new Set(GSM7);

/** The distinct characters outside GSM-7, for the tester to see what broke the rule. */
export function nonGsm7Characters(screen: string): string[] {
  return [...new Set([...screen].filter((char) => !GSM7_SET.has(char)))];
}

/** Africa's Talking sends every input of the session joined by '*', the first request with an empty text. */
export function joinInputs(inputs: string[]): string {
  return inputs.join('*');
}
