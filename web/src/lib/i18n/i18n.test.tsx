// The shopper's language: chosen, remembered, offered from the phone's; its messages loaded (two catalogs,
// never another language's); amounts, dates and delivery windows as it writes them; the server's sentences
// translated when the catalogs know them.
import { afterEach, describe, expect, it } from 'vitest';
import { formatFrwAmount } from '@server/lib/money';
import { deliveryWindowName, formatDate } from './format';
import { i18n, startI18n, useLanguage } from './i18n';
import { knownMessage } from './known-messages';
import { phoneLanguage, startLanguage } from './languages';
import { onlyLeftIn, unitName } from './units';

afterEach(async () => {
  await startI18n('en');
});

describe('the language a visit starts in', () => {
  it('is the one chosen before, else the first of the phone\u2019s the shop speaks, else English', () => {
    expect(phoneLanguage(['de-DE', 'rw-RW', 'fr'])).toBe('rw');
    expect(phoneLanguage(['fr-CA', 'en'])).toBe('fr');
    expect(phoneLanguage(['sw-KE'])).toBeNull();
    window.localStorage.setItem('language', 'fr');
    expect(startLanguage()).toBe('fr');
    window.localStorage.setItem('language', 'klingon');
    expect(startLanguage()).not.toBe('klingon');
  });

  it('loads Kinyarwanda\u2019s words, sets <html lang>, and falls back to English for an unknown sentence', async () => {
    await startI18n('rw');
    expect(document.documentElement.lang).toBe('rw');
    expect(useLanguage.getState().language).toBe('rw');
    await useLanguage.getState().choose('rw');
    expect(i18n._({ id: 'unknown-id', message: 'Still English' })).toBe('Still English');
    expect(knownMessage('Invalid credentials')).toBe('Amakuru yo kwinjira si yo');
    expect(knownMessage('A sentence no catalog has')).toBe('A sentence no catalog has');
    // 'Only N left', in the conversation's own Kinyarwanda, the unit in the language.
    expect(onlyLeftIn(2.5, 'kg')).toBe('Hasigaye ibiro 2.5 gusa');
    expect(onlyLeftIn(3, 'tray')).toBe('Hasigaye 3 gusa');
  });

  it('says what stock has left as the storefront always has in English', async () => {
    await startI18n('en');
    expect(onlyLeftIn(2.5, 'kg')).toBe('Only 2.5 kg left');
    expect(onlyLeftIn(3, 'tray')).toBe('Only 3 left');
  });
});

describe('amounts, dates, units and delivery windows', () => {
  it('writes frw amounts as each language does, English exactly as docs/product.md writes them', () => {
    expect(formatFrwAmount(1500)).toBe('frw 1,500.00');
    expect(formatFrwAmount(1500, 'rw')).toBe('frw 1.500,00');
    expect(formatFrwAmount(1234567.5, 'fr')).toBe('1\u202f234\u202f567,50 frw');
  });

  it('writes dates and units in the language, English as before', () => {
    expect(formatDate('2026-03-12T10:05:00', 'short', 'en')).toBe('12 Mar 2026');
    expect(formatDate('2026-03-12T10:05:00', 'short', 'rw')).toBe('12 wer. 2026');
    expect(formatDate('2026-03-12T10:05:00', 'long', 'fr')).toBe('jeudi 12 mars 2026');
    expect(formatDate('2026-03-12T10:05:00', 'withTime', 'rw')).toBe('12 wer. 2026, 10:05');
    expect(formatDate(undefined)).toBe('—');
    expect(unitName('kg', 1, 'rw')).toBe('ikiro');
    expect(unitName('pcs', 1, 'en')).toBe('pcs');
  });

  it('names a delivery window in the language from its Kigali times; English keeps the server\u2019s label', () => {
    const window = { start: '2099-11-26T08:00:00+02:00', end: '2099-11-26T10:00:00+02:00', label: 'Thu 26 Nov 08:00–10:00' };
    expect(deliveryWindowName(window, 'en')).toBe('Thu 26 Nov 08:00–10:00');
    expect(deliveryWindowName(window, 'fr')).toBe('jeu. 26 nov. 08:00–10:00');
    expect(deliveryWindowName(window, 'rw')).toBe('Kuwa kane 26 ugu. 08:00–10:00');
  });
});
