// The header search (docs/product.md section 2): typing searches after a 300 ms pause, clearing goes back to
// all products, submitting searches at once, blank text is ignored.
import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { SearchIcon } from '@web/components/ui/icons';

export const SEARCH_DEBOUNCE_MS = 300;

interface HeaderSearchProps {
  /** Called after a search navigates (the mobile menu closes itself). */
  onSearched?: () => void;
  className?: string;
}

export function HeaderSearch({ onSearched, className = '' }: HeaderSearchProps) {
  const inputId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const urlSearch = location.pathname === paths.products ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The search this box itself went to last: its address arriving must not take back letters typed since. */
  const searched = useRef<string | undefined>(undefined);

  // Follow the address when it changes from elsewhere (back button, a link), not while typing.
  useEffect(() => {
    const own = searched.current !== undefined && searched.current === urlSearch.trim();
    searched.current = undefined;
    if (own) return;
    setText((current) => (current.trim() === urlSearch.trim() ? current : urlSearch));
  }, [urlSearch]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function go(value: string) {
    const trimmed = value.trim();
    // While already looking at results, replace the entry so Back leaves the search, not each keystroke.
    const replace = location.pathname === paths.products;
    searched.current = trimmed;
    if (trimmed) navigate(paths.productsSearch(trimmed), { replace });
    else navigate(paths.products, { replace });
    onSearched?.();
  }

  function handleChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    if (value === '') {
      // Clearing the box shows every product again.
      timer.current = setTimeout(() => go(''), SEARCH_DEBOUNCE_MS);
      return;
    }
    if (!value.trim()) return; // blank text is ignored
    timer.current = setTimeout(() => {
      if (value.trim() !== urlSearch.trim() || location.pathname !== paths.products) go(value);
    }, SEARCH_DEBOUNCE_MS);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    clearTimeout(timer.current);
    if (!text.trim()) return;
    go(text);
  }

  return (
    <form role="search" className={`header-search ${className}`.trim()} onSubmit={handleSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t`Search products`}
      </label>
      <input
        id={inputId}
        type="search"
        className="input header-search-input"
        placeholder={t`Search products...`}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
      />
      <button type="submit" className="header-search-button" aria-label={t`Search`}>
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
