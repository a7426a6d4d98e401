// The web's payment sentences say in English exactly what server/lib/payment-words.ts says (the e-mails,
// SMS and the conversation), and are translated where the shopper reads another language.
import { afterEach, describe, expect, it } from 'vitest';
import { CASH_WORDS, MOMO_WORDS, payWords } from '@server/lib/payment-words';
import { startI18n, useLanguage } from './i18n';
import { cashWords, momoWords } from './payment-words';

const payCode = { code: '123456', business: 'Isoko Ltd' };
const places = { ...payCode, total: '12,000 frw' };

afterEach(async () => {
  await startI18n('en');
});

describe("the web's payment words", () => {
  it("are the server's English word for word", async () => {
    await startI18n('en');
    expect(cashWords.name()).toBe(CASH_WORDS.name);
    expect(cashWords.how(payCode)).toBe(payWords(CASH_WORDS.how, places));
    expect(cashWords.verified()).toBe(CASH_WORDS.verified);
    expect(cashWords.prepare(places.total, payCode)).toBe(payWords(CASH_WORDS.prepare, places));
    expect(momoWords.name()).toBe(MOMO_WORDS.name);
    expect(momoWords.how()).toBe(MOMO_WORDS.how);
    expect(momoWords.placed()).toBe(MOMO_WORDS.placed);
    expect(momoWords.fallback(payCode)).toBe(payWords(MOMO_WORDS.fallback, places));
  });

  it('are said in French and Kinyarwanda, the code and business name kept', async () => {
    await useLanguage.getState().choose('fr');
    expect(cashWords.how(payCode)).not.toBe(payWords(CASH_WORDS.how, places));
    expect(cashWords.how(payCode)).toContain('123456');
    expect(cashWords.verified()).not.toBe(CASH_WORDS.verified);
    await useLanguage.getState().choose('rw');
    expect(momoWords.fallback(payCode)).not.toBe(payWords(MOMO_WORDS.fallback, places));
    expect(momoWords.fallback(payCode)).toContain('Isoko Ltd');
  });
});
