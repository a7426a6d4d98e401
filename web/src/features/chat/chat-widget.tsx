// The floating chat panel. The layout's launcher lazy-loads this file on the first click, so the chat kit, its
// stylesheet and the conversation code never weigh on the home page's first load.
import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '@web/components/ui/icons';
import { paths } from '@web/app/paths';
import { ChatConversation } from './components/chat-conversation';
import './chat-widget.css';

interface ChatWidgetProps {
  onClose: () => void;
}

/** Below this width the panel covers the whole screen (see chat-widget.css), so it behaves as a modal. */
const SHEET_QUERY = '(max-width: 639px)';

function useIsSheet(): boolean {
  const [sheet, setSheet] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(SHEET_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(SHEET_QUERY);
    const update = () => setSheet(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return sheet;
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab wrap inside the panel, so focus never lands on the page hidden behind a full-screen sheet. */
function keepTabInside(event: ReactKeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export default function ChatWidget({ onClose }: ChatWidgetProps) {
  const panelRef = useRef<HTMLElement>(null);
  const sheet = useIsSheet();

  // Escape closes from inside the panel, and from the page when nothing else has focus. A modal dialog
  // elsewhere (cart drawer) handles its own Escape and keeps focus inside itself, so it is left alone.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      const inPanel = panelRef.current?.contains(active) ?? false;
      if (inPanel || active === document.body || active === null) onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <section
      ref={panelRef}
      className="chat-widget"
      role="dialog"
      // A corner panel leaves the page usable beside it; the phone's full-screen sheet does not.
      aria-modal={sheet}
      aria-labelledby="chat-widget-title"
      onKeyDown={sheet ? keepTabInside : undefined}
    >
      <header className="chat-widget__header">
        <h2 id="chat-widget-title" className="chat-widget__title">
          {t`Chat with Isoko`}
        </h2>
        <Link to={paths.chat} className="chat-widget__expand" onClick={onClose}>
          {t`Full screen`}
        </Link>
        <button type="button" className="chat-widget__close" aria-label={t`Close chat`} onClick={onClose}>
          <CloseIcon size={20} aria-hidden="true" />
        </button>
      </header>
      <ChatConversation autoFocus onLeave={onClose} className="chat-widget__body" />
    </section>
  );
}
