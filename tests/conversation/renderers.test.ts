// The two renderers: USSD within 182 GSM-7 characters (names shortened before prices), chat as
// messages and at most ten short buttons.
import { describe, expect, it } from 'vitest';
import { CHAT_LABEL_MAX, keyForTypedLabel, renderChat } from '../../server/channels/chat/render-chat';
import { fitsUssdScreen, renderUssd, shorten, shortenList } from '../../server/channels/ussd/render-ussd';
import { isGsmSafe, toGsm, USSD_SCREEN_LIMIT } from '../../server/lib/gsm-text';
import type { Reply } from '../../server/conversation/types';

function reply(overrides: Partial<Reply> = {}): Reply {
  return { title: 'Results for "tomatos":', lines: [], list: [], options: [], end: false, ...overrides };
}

const nav = [
  { key: '98', label: 'More', kind: 'nav' as const },
  { key: '0', label: 'Back', kind: 'nav' as const },
  { key: '00', label: 'Home', kind: 'nav' as const },
];

describe('renderUssd', () => {
  it('numbers list rows and actions with a dot, reserved keys without', () => {
    const text = renderUssd(reply({
      list: [{ key: '1', label: 'Tomatoes', detail: 'frw 800.00/kg' }],
      options: [{ key: '9', label: 'Add new address', kind: 'action' }, ...nav],
    }));
    expect(text).toBe('CON Results for "tomatos":\n1. Tomatoes frw 800.00/kg\n9. Add new address\n98 More\n0 Back\n00 Home');
  });

  it('starts END when the conversation ends', () => {
    expect(renderUssd(reply({ title: 'Order AB12CD34 placed.', end: true }))).toBe('END Order AB12CD34 placed.');
  });

  it('shortens names before prices, and drops "00 Home" before cutting text', () => {
    const list = Array.from({ length: 4 }, (_, index) => ({ key: String(index + 1), label: `Very long product name number ${index}`, detail: 'frw 12,500.00/bottle' }));
    const text = renderUssd(reply({ list, options: nav }));
    expect(text.length - 4).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
    expect(text.match(/frw 12,500\.00\/bottle/g)).toHaveLength(4);
    // Cut at whole words, with no "." that reads as a name of its own.
    expect(text).toMatch(/^1\. Very long( product)?( name)? frw 12,500\.00\/bottle$/m);
    expect(text).not.toMatch(/\w\. frw/);
  });

  it('shortens by whole words, never leaving a broken word, an open bracket or a "." standing for the rest', () => {
    expect(shorten('Cassava leaves (isombe)', 16)).toBe('Cassava leaves');
    expect(shorten('Cassava leaves (isombe)', 14)).toBe('Cassava leaves');
    expect(shorten('Cassava leaves (isombe)', 13)).toBe('Cassava');
    expect(shorten('Cooking bananas (matoke)', 22)).toBe('Cooking bananas');
    expect(shorten('Eggs (tray of 30)', 12)).toBe('Eggs');
    expect(shorten('Tomato ketchup', 14)).toBe('Tomato ketchup');
    // A single word longer than the room stays whole: the screen shows fewer rows instead.
    expect(shorten('Kamaramasenge', 8)).toBe('Kamaramasenge');
  });

  it('shortens a list of entries to its first whole ones and how many more', () => {
    expect(shortenList(['Tomatoes 2 kg', 'Carrots 3 kg', 'Onions 1 kg'], 40)).toBe('Tomatoes 2 kg, Carrots 3 kg, Onions 1 kg');
    expect(shortenList(['Tomatoes 2 kg', 'Carrots 3 kg', 'Onions 1 kg'], 30)).toBe('Tomatoes 2 kg, Carrots 3 kg +1');
    expect(shortenList(['Tomatoes 2 kg', 'Carrots 3 kg', 'Onions 1 kg'], 10)).toBe('Tomatoes 2 kg +2');
  });

  it('puts the reason for a refusal on one line on top', () => {
    const text = renderUssd(reply({ error: 'Invalid choice. Try again.', options: nav }));
    expect(text.split('\n')[0]).toBe('CON Invalid choice. Try again.');
  });

  it('never goes over the limit, even with text that cannot fit', () => {
    const text = renderUssd(reply({ title: 'x'.repeat(400), lines: ['y'.repeat(300)], options: nav }));
    expect(text.length - 4).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
  });

  it('leaves a hint out before anything else', () => {
    const options = Array.from({ length: 6 }, (_, i) => ({ key: String(i + 1), label: 'An option of some length', kind: 'action' as const }));
    const text = renderUssd(reply({ title: 'Welcome', hint: 'A hint that is nice to have', options }));
    expect(text).not.toContain('A hint');
    expect(text.match(/An option/g)).toHaveLength(6);
    expect(fitsUssdScreen(reply({ title: 'Welcome', hint: 'short', options }))).toBe(true);
  });

  it('writes every screen in GSM-7: accents, curly quotes and emoji are replaced', () => {
    expect(toGsm('Français “ok” – café 🍅')).toBe("Francais \"ok\" - cafe ?");
    expect(isGsmSafe(toGsm('[a]{b}~|\\^€'))).toBe(true);
  });
});

describe('renderChat', () => {
  it('gives messages and buttons: rows by their words, then actions, Back and Home', () => {
    const chat = renderChat(reply({
      notice: 'Quantity updated',
      list: [{ key: '1', label: 'Ikivuguto (fermented milk)', detail: 'frw 700.00/litre' }, { label: 'information only' }],
      prompt: 'Enter a product name:',
      options: [{ key: 'login', label: 'Log in', kind: 'link' }, ...nav],
    }));
    expect(chat.messages[0].text).toBe('Quantity updated');
    expect(chat.messages[1].text).toContain('Ikivuguto (fermented milk) frw 700.00/litre');
    expect(chat.messages[1].text).toContain('Enter a product name:');
    expect(chat.options.map((o) => o.key)).toEqual(['1', 'login', '98', '0', '00']);
    expect(chat.options.every((o) => o.label.length <= CHAT_LABEL_MAX)).toBe(true);
    expect(chat.end).toBe(false);
  });

  it('reads a typed button label as its key', () => {
    const last = reply({ options: nav });
    expect(keyForTypedLabel(last, ' back ')).toBe('0');
    expect(keyForTypedLabel(last, 'tomatoes')).toBe('tomatoes');
    expect(keyForTypedLabel(undefined, 'Back')).toBe('Back');
  });
});
