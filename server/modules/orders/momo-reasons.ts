// Why an order's MoMo payment failed, in words a shopper reads on every face (GSM-7 and short: they
// go on a USSD screen and into an SMS). The order keeps the English words (paymentFailureReason), so
// the words are the order's: payments hands over MTN's code, and orders words it here. Codes from
// MTN's documented error reasons; one MTN adds later is shown with its own message, else as its code.
import { toGsm } from '../../lib/gsm-text';
import { languageOr, type Language } from '../../lib/languages';

/** MTN's reason for a failed request: its code, and its message when it gave one. */
export interface MtnReason {
  code: string;
  message?: string;
}

/** A reason MTN words itself: kept to what a USSD line and an SMS can carry. */
const MOST_CHARACTERS = 60;

/** Each reason in the shop's languages; English is what the order keeps (the API's paymentFailureReason). */
type Words = Record<Language, string>;

const WORDS: Readonly<Record<string, Words>> = {
  // Kinyarwanda lines await a native speaker's review, as the conversation's catalogue does.
  APPROVAL_REJECTED: { en: 'The payment was declined on the phone', rw: 'Kwishyura byanzwe kuri telefone', fr: 'Le paiement a ete refuse sur le telephone' },
  PAYMENT_NOT_APPROVED: { en: 'The payment was not approved', rw: 'Kwishyura ntibyemejwe', fr: "Le paiement n'a pas ete approuve" },
  TRANSACTION_CANCELED: { en: 'The payment was cancelled', rw: 'Kwishyura byahagaritswe', fr: 'Le paiement a ete annule' },
  // MTN gives the payer about five minutes to enter their PIN.
  EXPIRED: { en: 'The payment was not approved in time', rw: 'Kwishyura ntibyemejwe ku gihe', fr: "Le paiement n'a pas ete approuve a temps" },
  COULD_NOT_PERFORM_TRANSACTION: { en: 'The payment was not approved in time', rw: 'Kwishyura ntibyemejwe ku gihe', fr: "Le paiement n'a pas ete approuve a temps" },
  NOT_ENOUGH_FUNDS: { en: 'Not enough money on the MoMo account', rw: 'Nta mafaranga ahagije ari kuri konti ya MoMo', fr: "Pas assez d'argent sur le compte MoMo" },
  PAYER_LIMIT_REACHED: { en: 'The MoMo account has reached its limit', rw: 'Konti ya MoMo yageze ku mbibi zayo', fr: 'Le compte MoMo a atteint sa limite' },
  PAYER_NOT_FOUND: { en: 'This number has no MTN MoMo account', rw: 'Iyi nimero nta konti ya MTN MoMo ifite', fr: "Ce numero n'a pas de compte MTN MoMo" },
  // Mostly not enough funds, says MTN; also MoMo's own trouble.
  INTERNAL_PROCESSING_ERROR: { en: 'MTN MoMo could not complete the payment', rw: 'MTN MoMo ntiyashoboye kurangiza kwishyura', fr: "MTN MoMo n'a pas pu terminer le paiement" },
  SERVICE_UNAVAILABLE: { en: 'MTN MoMo is not available right now', rw: 'MTN MoMo ntiboneka ubu', fr: "MTN MoMo n'est pas disponible pour le moment" },
};

/** The shop's own reasons, when MTN never gave one. */
const NOT_TAKEN = { en: 'MTN MoMo did not take the payment request', rw: 'MTN MoMo ntiyakiriye icyifuzo cyo kwishyura', fr: "MTN MoMo n'a pas pris la demande de paiement" } as const;
const NOT_RECEIVED = { en: 'MTN MoMo did not receive the payment request', rw: 'MTN MoMo ntiyabonye icyifuzo cyo kwishyura', fr: "MTN MoMo n'a pas recu la demande de paiement" } as const;

const BY_ENGLISH: ReadonlyMap<string, Words> = new Map([...Object.values(WORDS), NOT_TAKEN, NOT_RECEIVED].map((words) => [words.en, words]));

/**
 * A failure reason the order keeps (in English) as a shopper reads it in `language`. A reason MTN
 * worded itself has no translation and stays as MTN gave it.
 */
export function reasonIn(language: string, kept: string): string {
  const words = BY_ENGLISH.get(kept);
  return words ? words[languageOr(language)] : kept;
}

/** Why a request ended without paying: MTN said why, MTN refused the request as sent, or MTN never had it. */
export type MomoFailure = { mtn: MtnReason } | 'not_taken' | 'not_received';

/** The words the order keeps for a failure (English). */
export function failureWords(failure: MomoFailure): string {
  if (failure === 'not_taken') return NOT_TAKEN.en;
  if (failure === 'not_received') return NOT_RECEIVED.en;
  return reasonWords(failure.mtn);
}

/** Why a payment failed, in words; the code stays in the payment request for staff. */
export function reasonWords(reason: MtnReason): string {
  const known = WORDS[reason.code];
  if (known) return known.en;
  const own = reason.message ?? reason.code.replace(/_/g, ' ').toLowerCase().replace(/^./, (first) => first.toUpperCase());
  return toGsm(own).replace(/\s+/g, ' ').trim().replace(/[.\s]+$/, '').slice(0, MOST_CHARACTERS) || 'MTN MoMo refused the payment';
}
