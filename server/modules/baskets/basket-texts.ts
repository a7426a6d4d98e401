// What the weekly basket's job tells the shopper, in their language (GSM-7 for SMS): the evening
// before, that it is coming (or why it is not).
import type { Language } from '../../lib/languages';

/** A week's outcome: placed, skipped by the shopper, or why the shop could not place it ('no_payer': a
 *  MoMo number MTN cannot ask; 'refused': another rule of the shop's). */
export type BasketOutcome = 'placed' | 'skipped' | 'missed' | 'nothing' | 'no_address' | 'full' | 'no_payer' | 'refused';

export interface BasketTextFields {
  shop: string;
  /** The window it comes in, or would have: "Tomorrow 08:00-10:00". */
  when: string;
  /** Next week's: "Tue 15 Dec 08:00-10:00". */
  next: string;
  total: string;
  /** "Avocados (out of stock)", or '' when nothing was left out. */
  leftOut: string;
  /** "Eggs 2 of 3 trays": what stock was short of that day, shared among the day's baskets (got of wanted), or ''. */
  cut: string;
  /** The USSD code to dial (skip, pause, change, stop). */
  code: string;
  /** The MoMo number MTN could not ask, as its owner writes it (0788123456); '' otherwise. */
  payer: string;
}

type Texts = Record<Exclude<BasketOutcome, 'skipped'>, (f: BasketTextFields) => string>;

const left = (f: BasketTextFields, words: string) => (f.leftOut ? ` ${words} ${f.leftOut}.` : '');
const cut = (f: BasketTextFields, words: string) => (f.cut ? ` ${words} ${f.cut}.` : '');

const TEXTS: Record<Language, Texts> = {
  en: {
    placed: (f) => `${f.shop}: ${f.when}: your weekly basket, ${f.total}.${left(f, 'Left out:')}${cut(f, 'Less this week, as stock was short and shared among baskets:')} To skip it, dial ${f.code}`,
    missed: (f) => `${f.shop}: your weekly basket for ${f.when} could not be placed in time, so it is skipped this week. It comes again ${f.next}.`,
    nothing: (f) => `${f.shop}: nothing in your weekly basket is for sale this week (${f.leftOut}), so it is skipped. It comes again ${f.next}.`,
    no_address: (f) => `${f.shop}: your weekly basket for ${f.when} is skipped: you have no delivery address. Add one on the website or by dialling ${f.code}.`,
    full: (f) => `${f.shop}: every delivery time that day is full, so your weekly basket for ${f.when} is skipped. It comes again ${f.next}.`,
    no_payer: (f) => `${f.shop}: your weekly basket for ${f.when} is skipped: MTN MoMo cannot ask ${f.payer} to pay. Set its MoMo number on the website before ${f.next}.`,
    refused: (f) => `${f.shop}: your weekly basket for ${f.when} could not be placed, so it is skipped this week. We are looking into it. It comes again ${f.next}.`,
  },
  // REVIEW: Kinyarwanda waits for a native speaker's reading.
  rw: {
    placed: (f) => `${f.shop}: ${f.when}: agatebo kawe k'icyumweru, ${f.total}.${left(f, 'Ntibirimo:')}${cut(f, 'Bike iki cyumweru, kuko ibihari byasaranganyijwe mu dutebo:')} Kugasimbuka, kanda ${f.code}`,
    missed: (f) => `${f.shop}: agatebo kawe k'icyumweru ka ${f.when} ntikashoboye gutumizwa ku gihe, karasimbutswe iki cyumweru. Kazagaruka ${f.next}.`,
    nothing: (f) => `${f.shop}: nta kintu cyo mu gatebo kawe k'icyumweru kiboneka iki cyumweru (${f.leftOut}), karasimbutswe. Kazagaruka ${f.next}.`,
    no_address: (f) => `${f.shop}: agatebo kawe k'icyumweru ka ${f.when} karasimbutswe: nta aderesi ufite. Yongeremo ku rubuga cyangwa ukande ${f.code}.`,
    full: (f) => `${f.shop}: ibihe byose byo kugeza uwo munsi byuzuye, agatebo kawe ka ${f.when} karasimbutswe. Kazagaruka ${f.next}.`,
    no_payer: (f) => `${f.shop}: agatebo kawe k'icyumweru ka ${f.when} karasimbutswe: MTN MoMo ntishobora gusaba ${f.payer} kwishyura. Shyiraho nimero ya MoMo ku rubuga mbere ya ${f.next}.`,
    refused: (f) => `${f.shop}: agatebo kawe k'icyumweru ka ${f.when} ntikashoboye gutumizwa, karasimbutswe iki cyumweru. Turabikurikirana. Kazagaruka ${f.next}.`,
  },
  fr: {
    placed: (f) => `${f.shop} : ${f.when} : votre panier de la semaine, ${f.total}.${left(f, 'Non inclus :')}${cut(f, 'Moins cette semaine, le stock etant partage entre les paniers :')} Pour le sauter, composez ${f.code}`,
    missed: (f) => `${f.shop} : votre panier de la semaine pour ${f.when} n'a pas pu être commandé à temps : il est sauté cette semaine. Il revient ${f.next}.`,
    nothing: (f) => `${f.shop} : rien de votre panier de la semaine n'est en vente cette semaine (${f.leftOut}) : il est sauté. Il revient ${f.next}.`,
    no_address: (f) => `${f.shop} : votre panier de la semaine pour ${f.when} est sauté : vous n'avez pas d'adresse de livraison. Ajoutez-en une sur le site ou en composant ${f.code}.`,
    full: (f) => `${f.shop} : tous les créneaux de ce jour sont complets : votre panier pour ${f.when} est sauté. Il revient ${f.next}.`,
    no_payer: (f) => `${f.shop} : votre panier de la semaine pour ${f.when} est sauté : MTN MoMo ne peut pas demander le paiement au ${f.payer}. Indiquez son numéro MoMo sur le site avant ${f.next}.`,
    refused: (f) => `${f.shop} : votre panier de la semaine pour ${f.when} n'a pas pu être commandé : il est sauté cette semaine. Nous regardons pourquoi. Il revient ${f.next}.`,
  },
};

/** The text for a week's outcome; a week the shopper skipped sends none. */
export function basketText(language: Language, outcome: BasketOutcome, fields: BasketTextFields): string | undefined {
  return outcome === 'skipped' ? undefined : TEXTS[language][outcome](fields);
}
