// The header's language choice: each language in its own words, Kinyarwanda first; a choice shows the app in
// it (<html lang>) and is remembered.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startI18n, useLanguage } from '@web/lib/i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

afterEach(async () => {
  await startI18n('en');
});

describe('the header\u2019s language choice', () => {
  it('offers each language in its own words and shows the app in the one chosen, remembered', async () => {
    render(<LanguageSwitcher place="header" />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Kinyarwanda', 'English', 'Français']);
    await useLanguage.getState().choose('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
