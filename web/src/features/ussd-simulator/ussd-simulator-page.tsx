// /ussd-simulator: dial the shop's USSD menu from a browser, as a feature phone on Africa's Talking would, to try
// screens without a handset. The requests are the gateway's own, so what works here works on a real phone.
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { PhoneScreen } from './components/phone-screen';
import { ScreenMeter } from './components/screen-meter';
import { useUssdSession, type UssdStatus } from './use-ussd-session';
import './ussd-simulator.css';

export const DEFAULT_PHONE = '+250788000001';

const STATUS_LABELS: Record<UssdStatus, string> = {
  idle: 'Not dialled',
  waiting: 'Waiting for the server',
  open: 'Open (CON)',
  ended: 'Session ended (END)',
  refused: 'Refused by the server',
  failed: 'No answer',
};

export default function UssdSimulatorPage() {
  useDocumentTitle('USSD simulator');
  const { state, serviceCode, dial, reply, hangUp } = useUssdSession();
  const [phoneNumber, setPhoneNumber] = useState(DEFAULT_PHONE);
  const inSession = state.status === 'open' || state.status === 'waiting';

  function onDial(event: FormEvent) {
    event.preventDefault();
    if (!phoneNumber.trim() || state.status === 'waiting') return;
    void dial(phoneNumber);
  }

  const showMeter = state.screen !== '' && state.status !== 'refused';
  return (
    <div className="container page ussd-page">
      <h1 className="page-title">USSD simulator</h1>
      <p className="muted ussd-page__intro">
        Dial the shop as a feature phone would. Each request is sent like Africa&apos;s Talking sends it, with every
        reply so far joined by <code>*</code>.
      </p>

      <form className="ussd-dial" onSubmit={onDial}>
        <div className="field ussd-dial__field">
          <label className="field-label" htmlFor="ussd-phone-number">
            Phone number
          </label>
          <input
            id="ussd-phone-number"
            className="input"
            type="tel"
            autoComplete="tel"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            // The number belongs to the session; a new one takes effect on the next dial.
            readOnly={inSession}
            aria-describedby={inSession ? 'ussd-phone-hint' : undefined}
          />
        </div>
        <button type="submit" className="btn btn-primary ussd-dial__button" disabled={state.status === 'waiting'}>
          {state.status === 'idle' ? 'Dial' : 'Dial again'}
          {serviceCode ? ` ${serviceCode}` : ''}
        </button>
        {inSession && (
          <p id="ussd-phone-hint" className="muted ussd-dial__hint">
            Press Cancel on the phone to change the number.
          </p>
        )}
      </form>

      <div className="ussd-page__body">
        <PhoneScreen state={state} serviceCode={serviceCode} onReply={reply} onCancel={hangUp} />
        <aside className="ussd-facts" aria-label="Session details">
          {showMeter ? <ScreenMeter screen={state.screen} /> : <p className="ussd-meter">No screen yet.</p>}
          <dl className="ussd-facts__list">
            <dt>Session</dt>
            <dd>{state.sessionId || '-'}</dd>
            <dt>Last text sent</dt>
            <dd>
              <code data-testid="ussd-last-text">{state.sessionId ? JSON.stringify(state.lastText) : '-'}</code>
            </dd>
            <dt>State</dt>
            <dd>{STATUS_LABELS[state.status]}</dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}
