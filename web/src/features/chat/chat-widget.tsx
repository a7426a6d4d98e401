// The floating chat panel. The layout's launcher lazy-loads this file on the first click, so the chat kit, its
// stylesheet and the conversation code never weigh on the home page's first load.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../../components/ui/icons';
import { paths } from '../../app/paths';
import { ChatConversation } from './components/chat-conversation';
import './chat-widget.css';

interface ChatWidgetProps {
  onClose: () => void;
}

export default function ChatWidget({ onClose }: ChatWidgetProps) {
  const panelRef = useRef<HTMLElement>(null);

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
    <section ref={panelRef} className="chat-widget" role="dialog" aria-modal="false" aria-labelledby="chat-widget-title">
      <header className="chat-widget__header">
        <h2 id="chat-widget-title" className="chat-widget__title">
          Chat with Isoko
        </h2>
        <Link to={paths.chat} className="chat-widget__expand" onClick={onClose}>
          Full screen
        </Link>
        <button type="button" className="chat-widget__close" aria-label="Close chat" onClick={onClose}>
          <CloseIcon size={20} aria-hidden="true" />
        </button>
      </header>
      <ChatConversation autoFocus onLeave={onClose} className="chat-widget__body" />
    </section>
  );
}
