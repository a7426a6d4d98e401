// The server's sentences (and the shared schemas' validation messages) in the shopper's language. They
// arrive as English text; each one the catalogs translate has that text as its id
// (web/src/locales/server-sentences.ts), so a lookup finds it. Any other text is shown as it came.
import { i18n } from '@lingui/core';

/** A listed sentence in the shopper's language; any other text unchanged (English needs no lookup). */
export function knownMessage(text: string): string;
export function knownMessage(text: string | undefined): string | undefined;
export function knownMessage(text: string | undefined): string | undefined {
  if (!text || !(text in i18n.messages)) return text;
  return i18n._(text);
}
