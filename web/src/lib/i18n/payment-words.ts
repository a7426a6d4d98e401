// How each way of paying works, in the shopper's language: the web's own messages for the shop's one
// English wording (server/lib/payment-words.ts, which the e-mails, SMS and the conversation say). Lingui
// extracts only what is written in the web's code, so the sentences are written here again;
// payment-words.test.ts holds their English to the server file's word for word, and a sentence the
// conversation also says takes its Kinyarwanda and French from there (scripts/i18n-shared.ts).
import { t } from '@lingui/core/macro';

/** The shop's MoMo Pay code and business name (GET config), as every sentence naming them needs them. */
export interface PayCode {
  code: string;
  business: string;
}

/** cash: paid at the door in cash, or with the shop's MoMo Pay code; staff confirm a code payment. */
export const cashWords = {
  name: () => t`Cash on delivery or MoMo Pay code`,
  how: ({ code, business }: PayCode) => t`Pay cash on delivery or MoMo Pay ${code} (${business})`,
  verified: () => t`Once you pay with the MoMo Pay code, the administrator verifies your payment and calls you within 10 minutes.`,
  prepare: (total: string, { code, business }: PayCode) =>
    t`Please prepare the exact amount of ${total}: in cash when your order arrives, or paid with MoMo Pay ${code} (${business}).`,
};

/** momo: MTN MoMo request-to-pay, approved with the payer's PIN; nobody calls about payment. */
export const momoWords = {
  name: () => t`Pay now with MoMo`,
  how: () => t`Your phone asks you to approve the payment with your MoMo PIN`,
  placed: () => t`Approve the MoMo payment when your phone asks; we will call you about delivery.`,
  fallback: ({ code, business }: PayCode) =>
    t`If MTN MoMo is slow to answer, approve the prompt when it comes and wait: do not pay another way. Only if the payment fails or expires, pay again or pay with the MoMo Pay code ${code} (${business}).`,
};
