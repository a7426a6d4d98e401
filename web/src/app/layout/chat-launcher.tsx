// A small floating button that loads the chat widget only when the shopper asks for it, so the
// conversation code never counts against the home page's first load.
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../paths';
import { ChatIcon } from '@web/components/ui/icons';
import { Spinner } from '@web/components/ui/spinner';
import { isChatLoginPending } from '@web/lib/chat-resume';
import { storage } from '@web/lib/storage';
import { withMessages } from '@web/lib/i18n/i18n';
import { useLauncherClearOfContent } from './launcher-clear-of-content';

interface ChatWidgetProps {
  onClose: () => void;
}

const ChatWidget = lazy(
  withMessages(() => import('@web/features/chat/chat-widget') as Promise<{ default: ComponentType<ChatWidgetProps> }>),
);

// Pages that are already a conversation need no second one floating over them.
const HIDDEN_ON: string[] = [paths.chat, paths.ussdSimulator];

export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // Signed in after the chat asked them to: open it again, where it carries on with what they asked for.
  useEffect(() => {
    if (pathname !== paths.login && isChatLoginPending() && storage.getToken()) setOpen(true);
  }, [pathname]);
  // Keyboard users land back on the button that opened the chat, not at the top of the page.
  const focusLauncherNext = useRef(false);
  const [launcher, setLauncher] = useState<HTMLButtonElement | null>(null);
  useLauncherClearOfContent(launcher);
  const launcherRef = useCallback((button: HTMLButtonElement | null) => {
    setLauncher(button);
    if (button && focusLauncherNext.current) {
      focusLauncherNext.current = false;
      button.focus();
    }
  }, []);
  const close = useCallback(() => {
    focusLauncherNext.current = true;
    setOpen(false);
  }, []);
  if (HIDDEN_ON.includes(pathname)) return null;

  return (
    <>
      {!open && (
        <button ref={launcherRef} type="button" className="chat-launcher" aria-label={t`Chat with Isoko`} onClick={() => setOpen(true)}>
          <ChatIcon size={26} />
        </button>
      )}
      {open && (
        <Suspense
          fallback={
            <div className="chat-launcher" aria-live="polite">
              <Spinner />
            </div>
          }
        >
          <ChatWidget onClose={close} />
        </Suspense>
      )}
    </>
  );
}
