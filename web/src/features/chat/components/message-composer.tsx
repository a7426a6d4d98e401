// The line the shopper types on: a native, labelled input and a Send button. Free text is always allowed
// (on the home screen the server treats it as a search).
import { t } from '@lingui/core/macro';
import { forwardRef, useId, useState, type FormEvent } from 'react';

/** The input's label; a function, as it is said in the language of the moment. */
export const inputLabel = () => t`Type a message`;
const MAX_LENGTH = 500;

interface MessageComposerProps {
  busy: boolean;
  onSend: (text: string) => void;
}

function SendIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 20.5 21.5 12 3 3.5v6.8l12 1.7-12 1.7z" fill="currentColor" />
    </svg>
  );
}

export const MessageComposer = forwardRef<HTMLInputElement, MessageComposerProps>(function MessageComposer(
  { busy, onSend },
  ref,
) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const clean = draft.replace(/\s+/g, ' ').trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    // While a reply is on its way the text stays in the box, to be sent once the screen has changed.
    if (!clean || busy) return;
    onSend(clean);
    setDraft('');
  }

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {inputLabel()}
      </label>
      <input
        ref={ref}
        id={id}
        className="chat-composer__input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={t`Type a product or a reply`}
        autoComplete="off"
        enterKeyHint="send"
        maxLength={MAX_LENGTH}
      />
      <button type="submit" className="chat-composer__send" aria-label={t`Send`} disabled={busy || !clean}>
        <SendIcon />
      </button>
    </form>
  );
});
