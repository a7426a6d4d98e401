// The rider's phone: sign in (phone and SMS code, or password), today's stops in order (address,
// landmark, tap to call, lines, what to collect), and the actions at each: picked up, delivered with
// the shopper's code (cash, MoMo or already paid; the fee agreed when it is negotiable; lines refused),
// or not delivered. Each action is saved on the phone and sent when the network allows
// (action-queue.ts); the stops last read are kept too, so a rider out of coverage still sees the round.
// Preact rather than React: the whole first load stays far under 60 KB gzipped on a rider's phone.
/** @jsxImportSource preact */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { queuedActions, saveAction, sendQueued, type ActionKind, type QueuedAction } from './action-queue';
import { askSignInCode, fetchStops, Refused, savedToken, saveToken, signIn, type RiderStopsReply } from './rider-api';
import './rider.css';

type Stop = RiderStopsReply['stops'][number];

const STOPS_KEY = 'isoko.rider.stops';
const RETRY_MS = 15_000;

const frw = (amount: number) => `frw ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

function keptStops(): RiderStopsReply | null {
  try {
    return JSON.parse(localStorage.getItem(STOPS_KEY) ?? 'null') as RiderStopsReply | null;
  } catch {
    return null;
  }
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [byPassword, setByPassword] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setMessage('');
    try {
      await work();
    } catch (error) {
      setMessage(error instanceof Refused ? error.message : 'No network: try again when you have coverage');
    } finally {
      setBusy(false);
    }
  }

  function submit(event: Event) {
    event.preventDefault();
    if (byPassword) return void run(async () => (await signIn({ identifier: phone.trim(), password }), onSignedIn()));
    if (!codeSent)
      return void run(async () => {
        setMessage((await askSignInCode(phone.trim())).message);
        setCodeSent(true);
      });
    return void run(async () => (await signIn({ phoneNumber: phone.trim(), code: code.trim() }), onSignedIn()));
  }

  return (
    <form className="rider-card" onSubmit={submit}>
      <h1>Rider sign-in</h1>
      <label>
        Phone number
        <input type="tel" autoComplete="tel" value={phone} onInput={(event) => setPhone(event.currentTarget.value)} required />
      </label>
      {byPassword ? (
        <label>
          Password
          <input type="password" autoComplete="current-password" value={password} onInput={(event) => setPassword(event.currentTarget.value)} required />
        </label>
      ) : codeSent ? (
        <label>
          Code from the SMS
          <input inputMode="numeric" autoComplete="one-time-code" value={code} onInput={(event) => setCode(event.currentTarget.value)} required />
        </label>
      ) : null}
      <button type="submit" disabled={busy}>
        {byPassword || codeSent ? 'Sign in' : 'Send me a code'}
      </button>
      <button type="button" className="rider-link" onClick={() => setByPassword(!byPassword)}>
        {byPassword ? 'Sign in with an SMS code instead' : 'Use my password instead'}
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

interface DoorForm {
  code: string;
  method: 'cash' | 'momo' | 'paid';
  fee: string;
  refused: Record<string, number>;
}

function dueWith(stop: Stop, form: DoorForm): number {
  const refused = stop.lines.reduce((sum, line) => sum + (form.refused[line.productId] ?? 0) * line.price, 0);
  const fee = stop.feeNegotiable ? Number(form.fee) || 0 : 0;
  return Math.max(0, Math.round((stop.amountDue - refused + fee) * 100) / 100);
}

function DeliveredForm({ stop, onSave }: { stop: Stop; onSave: (body: Record<string, unknown>) => void }) {
  const [form, setForm] = useState<DoorForm>({ code: '', method: stop.amountDue > 0 ? 'cash' : 'paid', fee: '', refused: {} });
  const due = dueWith(stop, form);
  function submit(event: Event) {
    event.preventDefault();
    const refusedLines = Object.entries(form.refused)
      .filter(([, quantity]) => quantity > 0)
      .map(([productId, quantity]) => ({ productId, quantity }));
    onSave({
      code: form.code.trim(),
      collected: form.method === 'cash' ? { method: 'cash', amount: due } : { method: form.method },
      ...(stop.feeNegotiable ? { fee: Number(form.fee) || 0 } : {}),
      refusedLines,
    });
  }
  return (
    <form className="rider-door" onSubmit={submit}>
      <label>
        Shopper&apos;s 4-digit code
        <input inputMode="numeric" pattern="\d{4}" maxLength={4} value={form.code} onInput={(event) => setForm({ ...form, code: event.currentTarget.value })} required />
      </label>
      {stop.feeNegotiable ? (
        <label>
          Delivery fee agreed (frw)
          <input inputMode="numeric" value={form.fee} onInput={(event) => setForm({ ...form, fee: event.currentTarget.value })} required />
        </label>
      ) : null}
      <fieldset>
        <legend>Refused at the door</legend>
        {stop.lines.map((line) => (
          <label key={line.productId} className="rider-inline">
            {line.name} (of {line.quantity})
            <input
              type="number"
              min={0}
              max={line.quantity}
              value={form.refused[line.productId] ?? 0}
              onInput={(event) => setForm({ ...form, refused: { ...form.refused, [line.productId]: Math.min(line.quantity, Math.max(0, Number(event.currentTarget.value) || 0)) } })}
            />
          </label>
        ))}
      </fieldset>
      <label>
        Paid by
        <select value={form.method} onChange={(event) => setForm({ ...form, method: event.currentTarget.value as DoorForm['method'] })}>
          <option value="cash">Cash</option>
          <option value="momo">MoMo request to the shopper</option>
          <option value="paid">Already paid / pay code</option>
        </select>
      </label>
      <p className="rider-due">{form.method === 'cash' ? `Collect ${frw(due)}` : form.method === 'momo' ? `MoMo asks the shopper for ${frw(due)}` : 'Nothing to collect'}</p>
      <button type="submit">Delivered</button>
    </form>
  );
}

const REASONS = [
  ['nobody_home', 'Nobody home'],
  ['refused', 'Refused'],
  ['wrong_address', 'Wrong address'],
] as const;

function StopCard({ stop, waiting, onAction }: { stop: Stop; waiting: QueuedAction[]; onAction: (kind: ActionKind, body: Record<string, unknown>) => void }) {
  const [open, setOpen] = useState<'delivered' | 'not-delivered' | null>(null);
  const [reason, setReason] = useState<string>('nobody_home');
  const pickedUp = stop.status === 'shipped' || waiting.some((action) => action.kind === 'picked-up');
  const finished = waiting.some((action) => action.kind !== 'picked-up');
  return (
    <li className="rider-card">
      <h2>
        {stop.position}. #{stop.orderNumber} {stop.window ? <small>{stop.window.label}</small> : null}
      </h2>
      <p>
        {stop.address.street}, {[stop.address.sector, stop.address.district].filter(Boolean).join(', ')}
        {stop.address.landmark ? <em> ({stop.address.landmark})</em> : null}
      </p>
      <p>
        {stop.customer.fullName} <a href={`tel:${stop.customer.phoneNumber}`}>Call {stop.customer.phoneNumber}</a>
      </p>
      <ul className="rider-lines">
        {stop.lines.map((line) => (
          <li key={line.productId}>
            {line.quantity} {line.unit} {line.name}
          </li>
        ))}
      </ul>
      <p className="rider-due">
        {stop.amountDue > 0 ? `To collect ${frw(stop.amountDue)}` : 'Paid'}
        {stop.feeNegotiable ? ' + the fee agreed' : stop.deliveryFee ? ` (fee ${frw(stop.deliveryFee)} included)` : ''}
      </p>
      {stop.codeLocked ? <p className="rider-warn">Code locked after 5 wrong tries: call the shop.</p> : null}
      {waiting.length ? <p className="rider-warn">Saved, waiting for the network: {waiting.map((action) => action.kind).join(', ')}</p> : null}
      {finished ? null : !pickedUp ? (
        <button type="button" onClick={() => onAction('picked-up', {})}>
          Picked up
        </button>
      ) : (
        <div className="rider-actions">
          <button type="button" onClick={() => setOpen(open === 'delivered' ? null : 'delivered')}>
            Delivered...
          </button>
          <button type="button" className="rider-secondary" onClick={() => setOpen(open === 'not-delivered' ? null : 'not-delivered')}>
            Not delivered...
          </button>
        </div>
      )}
      {open === 'delivered' && !finished ? (
        <DeliveredForm
          stop={stop}
          onSave={(body) => {
            setOpen(null);
            onAction('delivered', body);
          }}
        />
      ) : null}
      {open === 'not-delivered' && !finished ? (
        <div className="rider-door">
          <label>
            Why
            <select value={reason} onChange={(event) => setReason(event.currentTarget.value)}>
              {REASONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => {
              setOpen(null);
              onAction('not-delivered', { reason });
            }}
          >
            Bring it back
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Round({ onSignedOut }: { onSignedOut: () => void }) {
  const [data, setData] = useState<RiderStopsReply | null>(keptStops);
  const [queue, setQueue] = useState<QueuedAction[]>(queuedActions);
  const [notes, setNotes] = useState<string[]>([]);
  const [offline, setOffline] = useState(false);
  const sending = useRef(false);

  const load = useCallback(async () => {
    try {
      const fresh = await fetchStops();
      setData(fresh);
      setOffline(false);
      localStorage.setItem(STOPS_KEY, JSON.stringify(fresh));
    } catch (error) {
      if (error instanceof Refused && error.status === 401) return onSignedOut();
      setOffline(!(error instanceof Refused));
    }
  }, [onSignedOut]);

  const flush = useCallback(async () => {
    if (sending.current || !queuedActions().length) return;
    sending.current = true;
    try {
      const result = await sendQueued();
      setOffline(result.offline);
      setQueue(queuedActions());
      const said = [...result.done.map(({ reply }) => reply.message), ...result.refused.map(({ action, message }) => `#${action.orderNumber}: ${message}`)];
      if (said.length) setNotes((earlier) => [...said, ...earlier].slice(0, 6));
      if (result.done.length || result.refused.length) await load();
    } finally {
      sending.current = false;
    }
  }, [load]);

  useEffect(() => {
    void flush().then(load);
    const again = () => void flush().then(load);
    window.addEventListener('online', again);
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [flush, load]);

  function act(stop: Stop, kind: ActionKind, body: Record<string, unknown>) {
    saveAction({ orderId: stop.orderId, orderNumber: stop.orderNumber, kind, body });
    setQueue(queuedActions());
    void flush();
  }

  return (
    <main>
      <header className="rider-bar">
        <strong>{data?.rider.fullName ?? 'Your stops'}</strong>
        {data ? <span>Cash in hand {frw(data.cash.cashInHand)}</span> : null}
        <button type="button" className="rider-link" onClick={() => void flush().then(load)}>
          Refresh
        </button>
      </header>
      {offline ? <p className="rider-warn" role="status">No network: actions are saved on this phone and sent when it is back ({queue.length} waiting).</p> : null}
      {data?.pendingHandover ? (
        <p className="rider-warn">
          {data.pendingHandover.countedBy} counted {frw(data.pendingHandover.counted)} from you: if right, give them the code sent to you by SMS.
        </p>
      ) : null}
      {notes.length ? (
        <ul className="rider-notes" aria-live="polite">
          {notes.map((note, index) => (
            <li key={`${index}-${note}`}>{note}</li>
          ))}
        </ul>
      ) : null}
      {data && !data.stops.length ? <p className="rider-card">No stops now.</p> : null}
      <ol className="rider-stops">
        {data?.stops.map((stop) => (
          <StopCard key={stop.orderId} stop={stop} waiting={queue.filter((action) => action.orderId === stop.orderId)} onAction={(kind, body) => act(stop, kind, body)} />
        ))}
      </ol>
    </main>
  );
}

export function RiderApp() {
  const [signedIn, setSignedIn] = useState(() => Boolean(savedToken()));
  const signOut = useCallback(() => {
    saveToken(null);
    setSignedIn(false);
  }, []);
  return <div className="rider">{signedIn ? <Round onSignedOut={signOut} /> : <SignIn onSignedIn={() => setSignedIn(true)} />}</div>;
}
