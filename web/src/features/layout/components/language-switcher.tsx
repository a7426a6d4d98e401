// The header's language choice: Kinyarwanda, English, French, each named in its own words. Choosing one
// loads its messages, remembers it on this phone and shows the whole app in it (lib/i18n/i18n.ts).
import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, OFFERED, isLanguage } from '@web/lib/i18n/languages';
import { useLanguage } from '@web/lib/i18n/i18n';
import { toast } from '@web/components/ui/toast';

// The app re-renders from its root in the new language; the switcher that was used takes the focus back,
// so a keyboard or screen-reader user stays where they were.
let focusAfterSwitch: string | null = null;

export function LanguageSwitcher({ place }: { place: 'header' | 'menu' }) {
  const id = useId();
  const language = useLanguage((state) => state.language);
  const choose = useLanguage((state) => state.choose);
  const [busy, setBusy] = useState(false);
  const select = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (focusAfterSwitch === place) {
      focusAfterSwitch = null;
      select.current?.focus();
    }
  }, [place]);

  async function onChange(value: string) {
    if (!isLanguage(value) || value === language) return;
    setBusy(true);
    focusAfterSwitch = place;
    try {
      await choose(value);
    } catch {
      focusAfterSwitch = null;
      setBusy(false);
      // Offline with a language never downloaded: say so in the language still shown.
      toast.error(t`That language could not be loaded. Check your connection and try again.`);
    }
  }

  return (
    <div className={`language-switcher language-switcher-${place}`}>
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select ref={select} id={id} className="language-select" value={language} disabled={busy} onChange={(event) => void onChange(event.target.value)}>
        {OFFERED.map((option) => (
          <option key={option} value={option} lang={LANGUAGE_TAGS[option]}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
