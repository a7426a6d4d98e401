// What a phone would show for a gateway answer. The two limits every screen must respect (182
// characters, the GSM-safe alphabet) are the server's own: @server/lib/gsm-text.

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

/** Africa's Talking sends every input of the session joined by '*', the first request with an empty text. */
export function joinInputs(inputs: string[]): string {
  return inputs.join('*');
}
