// The one conversation view, used by the floating widget and the /chat page alike. Built on chatscope's kit;
// its stylesheet is imported here, so only the lazily loaded chat chunks ever carry it.
import '@chatscope/chat-ui-kit-styles/dist/default/styles.min.css';
import './chat-conversation.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  ChatContainer,
  MainContainer,
  Message,
  MessageInput,
  MessageList,
  TypingIndicator,
} from '@chatscope/chat-ui-kit-react';
import { useChatStore, type ChatEntry } from '../chat-store';
import { QuickReplies } from './quick-replies';

interface ChatConversationProps {
  /** Put the caret in the input on mount (the widget wants this; a page reached by a link may too). */
  autoFocus?: boolean;
  onLeave?: () => void;
  className?: string;
}

export const INPUT_LABEL = 'Type a message';

/** chatscope renders a bare contenteditable and an icon-only send button; give both an accessible name. */
function useLabelledInput(root: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const editor = root.current?.querySelector('.cs-message-input__content-editor');
    if (editor) {
      editor.setAttribute('role', 'textbox');
      editor.setAttribute('aria-label', INPUT_LABEL);
      editor.setAttribute('aria-multiline', 'false');
      // The kit writes a `disabled` attribute on a div, which means nothing to assistive tech.
      editor.removeAttribute('disabled');
    }
    root.current?.querySelector('.cs-button--send')?.setAttribute('aria-label', 'Send');
  });
}

function ChatMessage({ entry }: { entry: ChatEntry }) {
  const fromShop = entry.from === 'shop';
  return (
    <Message
      className={entry.failed ? 'chat-message--failed' : undefined}
      model={{ direction: fromShop ? 'incoming' : 'outgoing', position: 'single', sender: fromShop ? 'Isoko' : 'You' }}
    >
      {/* Text, never HTML: the kit's default would render a reply's markup. */}
      <Message.TextContent text={entry.text} />
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
  const [draft, setDraft] = useState('');
  const [draftText, setDraftText] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<{ focus: () => void }>(null);
  useLabelledInput(rootRef);

  /** A picked button disappears with the old options; keep keyboard users in the conversation, not on <body>. */
  function thenFocusInput(action: () => Promise<void>) {
    void action();
    inputRef.current?.focus();
  }

  // Opening the chat asks the server for its first screen, unless this tab already has a conversation.
  useEffect(() => {
    start();
  }, [start]);

  function submit(text: string) {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean || sending) return;
    setDraft('');
    setDraftText('');
    void send(clean);
  }

  return (
    <div ref={rootRef} className={['chat-conversation', className].filter(Boolean).join(' ')}>
      <MainContainer>
        <ChatContainer>
          <MessageList
            role="log"
            aria-live="polite"
            aria-label="Conversation with Isoko"
            aria-busy={sending}
            typingIndicator={sending ? <TypingIndicator content="Isoko is typing" /> : undefined}
          >
            {entries.map((entry) => (
              <ChatMessage key={entry.id} entry={entry} />
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
          <MessageInput
            ref={inputRef as never}
            placeholder="Type a product or a reply"
            attachButton={false}
            autoFocus={autoFocus}
            // Controlled, so a text typed while a reply is on its way is kept rather than lost.
            value={draft}
            sendDisabled={sending || draftText.trim().length === 0}
            onChange={(html, textContent) => {
              setDraft(html);
              setDraftText(textContent);
            }}
            // textContent, not the HTML: what was pasted is sent as plain words.
            onSend={(_html, textContent) => submit(textContent)}
          />
        </ChatContainer>
      </MainContainer>
    </div>
  );
}
