// The handset's USSD dialog: the screen text in a fixed-width face, as a feature phone draws it, and the
// reply line with Cancel and Send underneath.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UssdSessionState } from '../use-ussd-session';

interface PhoneScreenProps {
  state: UssdSessionState;
  serviceCode: string | null;
  onReply: (input: string) => Promise<void>;
  onCancel: () => void;
}

function statusLine(state: UssdSessionState, serviceCode: string | null): string {
  switch (state.status) {
    case 'idle':
      return serviceCode ? `Ready. Dial ${serviceCode} to start.` : 'Ready. Press Dial to start.';
    case 'waiting':
      return 'USSD code running...';
    case 'open':
      return '';
    case 'ended':
      return 'Session ended.';
    case 'refused':
      return `The server refused the request (HTTP ${state.httpStatus ?? '?'}).`;
    case 'failed':
      return '';
  }
}

export function PhoneScreen({ state, serviceCode, onReply, onCancel }: PhoneScreenProps) {
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const open = state.status === 'open';
  const busy = state.status === 'waiting';
  // While a reply is on its way the old screen (and its reply line) stays, as on a handset.
  const showReply = open || (busy && state.screen !== '');

  // Like a handset, each new screen puts the cursor on the reply line.
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open, state.screen, state.lastText]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!open) return;
    const value = input;
    setInput('');
    await onReply(value);
  }

  const note = statusLine(state, serviceCode);
  return (
    <div className="ussd-phone" data-status={state.status}>
      <div className="ussd-phone__speaker" aria-hidden="true" />
      <div className="ussd-phone__screen">
        <div className="ussd-phone__display" role="region" aria-label="Phone screen" aria-live="polite" aria-busy={busy}>
          {note && <p className="ussd-phone__note">{note}</p>}
          {state.screen && (
            <pre className="ussd-phone__text" data-testid="ussd-screen">
              {state.screen}
            </pre>
          )}
          {state.error && (
            <p className="ussd-phone__error" role="alert">
              {state.error}
            </p>
          )}
        </div>
        {showReply && (
          <form className="ussd-phone__reply" onSubmit={submit}>
            <label htmlFor="ussd-reply" className="visually-hidden">
              Reply
            </label>
            <input
              id="ussd-reply"
              ref={inputRef}
              className="ussd-phone__input"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              autoComplete="off"
              // Most answers are numbers, but a word on the home screen searches, so no numeric keypad lock.
              inputMode="text"
              maxLength={160}
              disabled={busy}
            />
            <div className="ussd-phone__actions">
              <button type="button" className="ussd-phone__button" onClick={onCancel}>
                Cancel
              </button>
              <button type="submit" className="ussd-phone__button ussd-phone__button--send" disabled={busy}>
                Send
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
