// The buttons under the shop's last message: the screen's options, plus Retry after a failure and
// Start again after a finished journey. A `login` option is a real link, so the shopper comes back here.
import { t } from '@lingui/core/macro';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { markChatLoginPending } from '@web/lib/chat-resume';
import type { ChatOption } from '../chat-store';

export const LOGIN_KEY = 'login';

interface QuickRepliesProps {
  options: ChatOption[];
  ended: boolean;
  failed: boolean;
  busy: boolean;
  onPick: (option: ChatOption) => void;
  onRetry: () => void;
  onRestart: () => void;
  /** Called when a link takes the shopper away (the floating widget closes so it does not cover the page). */
  onLeave?: () => void;
}

export function QuickReplies({ options, ended, failed, busy, onPick, onRetry, onRestart, onLeave }: QuickRepliesProps) {
  const location = useLocation();
  if (options.length === 0 && !ended && !failed) return null;

  return (
    <div className="chat-quick-replies" role="group" aria-label={t`Replies`}>
      {failed && (
        <button type="button" className="chat-quick-reply chat-quick-reply--strong" onClick={onRetry} disabled={busy}>
          {t`Try again`}
        </button>
      )}
      {options.map((option) =>
        option.key === LOGIN_KEY ? (
          <Link
            key={option.key}
            className="chat-quick-reply chat-quick-reply--strong"
            to={paths.loginFor(`${location.pathname}${location.search}`)}
            onClick={() => {
              // Once signed in, the chat reopens and carries on with what was asked (see chat-store start()).
              markChatLoginPending();
              onLeave?.();
            }}
          >
            {option.label}
          </Link>
        ) : (
          <button key={option.key} type="button" className="chat-quick-reply" onClick={() => onPick(option)} disabled={busy}>
            {option.label}
          </button>
        ),
      )}
      {ended && (
        <button type="button" className="chat-quick-reply chat-quick-reply--strong" onClick={onRestart} disabled={busy}>
          {t`Start again`}
        </button>
      )}
    </div>
  );
}
