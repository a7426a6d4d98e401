// MTN's failure codes in words a shopper reads on every face (GSM-7 and short: they go on a USSD
// screen and into an SMS). Codes from MTN's documented error reasons; one MTN adds later is shown
// with its own message, else as its code.
import { toGsm } from '../../lib/gsm-text';
import type { MomoReason } from './momo-collections';

/** A reason MTN words itself: kept to what a USSD line and an SMS can carry. */
const MOST_CHARACTERS = 60;

const WORDS: Readonly<Record<string, string>> = {
  APPROVAL_REJECTED: 'The payment was declined on the phone',
  PAYMENT_NOT_APPROVED: 'The payment was not approved',
  TRANSACTION_CANCELED: 'The payment was cancelled',
  // MTN gives the payer about five minutes to enter their PIN.
  EXPIRED: 'The payment was not approved in time',
  COULD_NOT_PERFORM_TRANSACTION: 'The payment was not approved in time',
  NOT_ENOUGH_FUNDS: 'Not enough money on the MoMo account',
  PAYER_LIMIT_REACHED: 'The MoMo account has reached its limit',
  PAYER_NOT_FOUND: 'This number has no MTN MoMo account',
  // Mostly not enough funds, says MTN; also MoMo's own trouble.
  INTERNAL_PROCESSING_ERROR: 'MTN MoMo could not complete the payment',
  SERVICE_UNAVAILABLE: 'MTN MoMo is not available right now',
};

/** Why a payment failed, in words; the code stays in the payment request for staff. */
export function reasonWords(reason: MomoReason): string {
  const known = WORDS[reason.code];
  if (known) return known;
  const own = reason.message ?? reason.code.replace(/_/g, ' ').toLowerCase().replace(/^./, (first) => first.toUpperCase());
  return toGsm(own).replace(/\s+/g, ' ').trim().replace(/[.\s]+$/, '').slice(0, MOST_CHARACTERS) || 'MTN MoMo refused the payment';
}

/** MTN's reason as staff read it: its code, and its message when it gave one. */
export const reasonForStaff = (reason: MomoReason) => (reason.message ? `${reason.code}: ${reason.message}` : reason.code);
