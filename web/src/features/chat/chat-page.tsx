// /chat: the same conversation as the floating widget, given the whole page (the launcher hides itself here).
import { t } from '@lingui/core/macro';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { ChatConversation } from './components/chat-conversation';
import './chat-page.css';

export default function ChatPage() {
  useDocumentTitle(t`Chat`);
  return (
    <div className="chat-page">
      <div className="chat-page__intro">
        <h1 className="chat-page__title">{t`Chat with Isoko`}</h1>
        <p className="chat-page__hint">{t`Type a product, like tomatoes, or pick a reply.`}</p>
      </div>
      <ChatConversation className="chat-page__conversation" />
    </div>
  );
}
