// How each way of paying works, in the shop's one English wording: the web's checkout and confirmation,
// the e-mails and SMS (order-notices.ts) and the conversation's English catalogue all take their words
// from here, so no face says "cash" where another says "Mobile Money", nor "verifies your payment"
// before a payment can have been made. The conversation's sentences are the product's own, kept as it
// writes them ("Pay cash on delivery or MoMo Pay 123456 (Isoko Ltd)"); the rest is said around them.
// Plain strings with {code}, {business}, {total} and {phone} places: the web imports this file too.

/** cash: paid at the door in cash, or with the shop's MoMo Pay code (before or on delivery); staff confirm a code payment. */
export const CASH_WORDS = {
  name: 'Cash on delivery or MoMo Pay code',
  /** The conversation's confirm screen says exactly this. */
  how: 'Pay cash on delivery or MoMo Pay {code} ({business})',
  /** Only a payment made with the code can be verified: said as what follows once it is made. */
  verified: 'Once you pay with the MoMo Pay code, the administrator verifies your payment and calls you within 10 minutes.',
  /** The confirmation's reminder, before anything is paid. */
  prepare: 'Please prepare the exact amount of {total}: in cash when your order arrives, or paid with MoMo Pay {code} ({business}).',
  /** An order placed (the e-mail): what the shopper does next. */
  placed: 'Pay {total} on delivery or by MoMo Pay {code}. We call you within 10 minutes.',
} as const;

/** momo: MTN MoMo request-to-pay, approved with the payer's PIN; nobody calls about payment. */
export const MOMO_WORDS = {
  name: 'Pay now with MoMo',
  how: 'Your phone asks you to approve the payment with your MoMo PIN',
  /** Once placed: the request is on its way to the payer's phone. */
  placed: 'Approve the MoMo payment when your phone asks; we will call you about delivery.',
  /** MTN slow, or the payment failed: never a second payment while the first may still be taken. */
  fallback: 'If MTN MoMo is slow to answer, approve the prompt when it comes and wait: do not pay another way. Only if the payment fails or expires, pay again or pay with the MoMo Pay code {code} ({business}).',
} as const;

/** The words with their places filled: payWords(CASH_WORDS.how, { code: '123456', business: 'Isoko Ltd' }). */
export function payWords(text: string, values: Partial<Record<'code' | 'business' | 'total' | 'phone', string>>): string {
  return text.replace(/\{(code|business|total|phone)\}/g, (place, name: keyof typeof values) => values[name] ?? place);
}
