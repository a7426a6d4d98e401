// The one conversation view, used by the floating widget and the /chat page alike, on chatscope's message list.
// Its stylesheet is imported here, so only the lazily loaded chat chunks ever carry it.
import { t } from '@lingui/core/macro';
import '@chatscope/chat-ui-kit-styles/dist/default/styles.min.css';
import './chat-conversation.css';
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MainContainer, Message, MessageList, TypingIndicator } from './chatscope';
import { ChatCardView, ChatOrderLink } from './chat-cards';
import { useChatStore, type ChatEntry } from '../chat-store';
import { QuickReplies } from './quick-replies';
import { MessageComposer } from './message-composer';

export { inputLabel } from './message-composer';

interface ChatConversationProps {
  /** Put the caret in the input on mount (the widget wants this when it opens). */
  autoFocus?: boolean;
  onLeave?: () => void;
  className?: string;
}

interface ChatMessageProps {
  entry: ChatEntry;
  busy: boolean;
  onPick: (key: string, label: string) => void;
  onLeave?: () => void;
}

function ChatMessage({ entry, busy, onPick, onLeave }: ChatMessageProps) {
  const fromShop = entry.from === 'shop';
  const rich = entry.card || entry.order;
  return (
    <Message
      className={[entry.failed && 'chat-message--failed', rich && 'chat-message--card'].filter(Boolean).join(' ') || undefined}
      model={{ direction: fromShop ? 'incoming' : 'outgoing', position: 'single', sender: fromShop ? 'Isoko' : t`You`, type: rich ? 'custom' : 'text' }}
    >
      {entry.card ? (
        <Message.CustomContent>
          <ChatCardView card={entry.card} busy={busy} onPick={onPick} onLeave={onLeave} />
        </Message.CustomContent>
      ) : entry.order ? (
        <Message.CustomContent>
          <ChatOrderLink order={entry.order} onLeave={onLeave} />
        </Message.CustomContent>
      ) : (
        // Text, never HTML: the kit's default would render a reply's markup.
        <Message.TextContent text={entry.text} />
      )}
    </Message>
  );
}

export function ChatConversation({ autoFocus = false, onLeave, className }: ChatConversationProps) {
  const { entries, options, end, sending, failedTurn, start, send, retry, restart } = useChatStore(
    useShallow((state) => ({
      entries: state.entries,
      options: state.options,
      end: state.end,
      sending: state.sending,
      failedTurn: state.failedTurn,
      start: state.start,
      send: state.send,
      retry: state.retry,
      restart: state.restart,
    })),
  );
  const inputRef = useRef<HTMLInputElement>(null);

  // Opening the chat asks the server for its first screen, unless this tab already has a conversation.
  useEffect(() => {
    start();
  }, [start]);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  /** A picked button disappears with the old options; keep keyboard users in the conversation, not on <body>. */
  function thenFocusInput(action: () => Promise<void>) {
    void action();
    inputRef.current?.focus();
  }

  return (
    <div className={['chat-conversation', className].filter(Boolean).join(' ')}>
      <MainContainer>
        <div className="cs-chat-container">
          <MessageList
            role="log"
            aria-live="polite"
            aria-label={t`Conversation with Isoko`}
            typingIndicator={sending ? <TypingIndicator content={t`Isoko is typing`} /> : undefined}
          >
            {entries.map((entry) => (
              <ChatMessage
                key={entry.id}
                entry={entry}
                busy={sending}
                onPick={(key, label) => thenFocusInput(() => send(key, label))}
                onLeave={onLeave}
              />
            ))}
            <QuickReplies
              options={options}
              ended={end}
              failed={Boolean(failedTurn)}
              busy={sending}
              onPick={(option) => thenFocusInput(() => send(option.key, option.label))}
              onRetry={() => thenFocusInput(retry)}
              onRestart={() => thenFocusInput(restart)}
              onLeave={onLeave}
            />
          </MessageList>
          <MessageComposer ref={inputRef} busy={sending} onSend={(text) => void send(text)} />
        </div>
      </MainContainer>
    </div>
  );
}
