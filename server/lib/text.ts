// Text as PostgreSQL can keep it. jsonb and text columns refuse half of a UTF-16 surrogate pair, which
// a typed message can carry or a cut to a screen's width can leave behind.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every lone surrogate half replaced by U+FFFD (the replacement character). */
export function withoutLoneSurrogates(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** At most `max` UTF-16 units of text, never ending on the first half of a pair (an emoji stays whole or goes). */
export function firstUnits(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
