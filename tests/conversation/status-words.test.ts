// An order's status and payment in words on every face: the conversation never shows a stored value
// ("pending/pending"), in any language, and its English is the web's (web/src/features/orders/status-words.ts).
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { catalogues, LANGUAGES } from '../../server/conversation/i18n';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../server/modules/orders/order-lists.schema';
import { orderStatusWords, paymentStatusWords } from '../../web/src/features/orders/status-words';

describe('status words', () => {
  it('one mapping: the conversation speaks the web\'s English words', () => {
    // The web's words are Lingui messages: read in English, the source language, which needs no catalog.
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    for (const status of ORDER_STATUSES) expect(catalogues.en[`status.${status}`]).toBe(orderStatusWords(status));
    for (const status of PAYMENT_STATUSES) expect(catalogues.en[`payment.${status}`]).toBe(paymentStatusWords(status));
  });

  it.each(LANGUAGES)('%s words a new order as waiting and not yet paid, never the stored "pending"', (language) => {
    const words = catalogues[language];
    for (const key of ['status.pending', 'payment.pending', 'statusShort.pending', 'paymentShort.pending'] as const) {
      expect(words[key], key).not.toMatch(/pending/i);
    }
  });
});
