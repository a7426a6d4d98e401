// The name a Kinyarwanda speaker calls a product by (its local name, "ibirayi"), shown first on every
// face that speaks Kinyarwanda: the conversation's screens and the web storefront. Other languages use
// the catalog's name.
import type { Language } from './languages';

/** "Ibirayi" in Kinyarwanda for a product with a local name; otherwise undefined. */
export function localNameIn(item: { localName?: string | null }, language: Language | undefined): string | undefined {
  if (language !== 'rw' || !item.localName) return undefined;
  return `${item.localName.charAt(0).toUpperCase()}${item.localName.slice(1)}`;
}
