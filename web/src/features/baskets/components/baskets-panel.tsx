// The profile's weekly baskets: each one's day and time, its coming delivery, its lines at
// this week's prices, the MoMo number a MoMo basket asks each week, and Skip the next one, Pause,
// Change (day or time, MoMo number) and Stop.
import { t } from '@lingui/core/macro';
import { useId, useState, type FormEvent } from 'react';
import type { Basket } from '@server/modules/baskets/baskets.schema';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { localNumber } from '@web/lib/phone';
import { useRemote } from '@web/lib/use-remote';
import { fetchBaskets, fetchWeeklyTimes, stopBasket, updateBasket } from '../api/baskets-api';
import { WeeklyTimeFields } from './weekly-time-fields';
import '../baskets.css';

function nextText(basket: Basket): string {
  const next = basket.nextDelivery;
  if (!next) return t`Paused`;
  const when = next.label;
  if (next.skipped) return t`Next: ${when}, skipped`;
  const number = next.orderId?.slice(-8).toUpperCase();
  if (number) return t`Next: ${when} (order #${number}, placed)`;
  // The week an order already brings these groceries: the basket's first delivery is the one after.
  if (basket.coveredBy) {
    const { orderNumber, label: brings } = basket.coveredBy;
    return t`Next: ${when} (order #${orderNumber} brings it ${brings})`;
  }
  return t`Next: ${when}`;
}

/** A MoMo basket's number: shown, and changed in place (the shop checks it is one MTN MoMo can ask). */
function MomoNumber({ basket, busy, onSave }: { basket: Basket; busy: boolean; onSave: (payerPhone: string) => Promise<boolean> }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  if (basket.paymentType !== 'momo') return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onSave(phone.trim())) setEditing(false);
  }

  function startEditing() {
    setPhone(basket.payerPhone ? localNumber(basket.payerPhone) : '');
    setEditing(true);
  }

  if (!editing) {
    const payer = basket.payerPhone ? localNumber(basket.payerPhone) : '';
    return (
      <p className="basket-momo">
        {payer ? t`Paid by MTN MoMo from ${payer}` : t`Paid by MTN MoMo from the delivery phone`}{' '}
        <Button size="sm" variant="ghost" disabled={busy} onClick={startEditing}>
          {t`Change MoMo number`}
        </Button>
      </p>
    );
  }
  return (
    <form className="basket-momo" onSubmit={(event) => void submit(event)}>
      <label className="field-label" htmlFor={`${id}-phone`}>
        {t`MoMo number`}
      </label>
      <input id={`${id}-phone`} className="input" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <div className="basket-actions">
        <Button size="sm" type="submit" busy={busy}>
          {t`Save`}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={busy}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}

function BasketCard({ basket, onChanged, onStopped }: { basket: Basket; onChanged: (basket: Basket) => void; onStopped: () => void }) {
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState<{ weekday: number; windowStart: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const times = useRemote(fetchWeeklyTimes, [], t`Could not load the delivery times`, changing !== null).state.data;

  /** Runs a change; true once it is saved. */
  async function act(work: () => Promise<{ message: string; basket?: Basket }>): Promise<boolean> {
    setBusy(true);
    try {
      const reply = await work();
      toast.success(reply.message);
      if (reply.basket) onChanged(reply.basket);
      else onStopped();
      setChanging(null);
      setAsking(false);
      return true;
    } catch (error) {
      const failure = await toApiError(error, t`Could not change the weekly basket`);
      if (failure.error !== 'unauthorized') toast.error(failure.errors[0]?.message ?? failure.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const skipped = basket.nextDelivery?.skipped ?? false;
  const basketLabel = basket.label;
  return (
    <li className="card basket-card">
      <h3 className="basket-title">{basket.label}</h3>
      <p className="basket-next">{nextText(basket)}</p>
      <p className="basket-lines">
        {basket.lines.map((line) => `${line.productName} × ${line.quantity}${line.forSale ? '' : ` ${t`(not for sale this week)`}`}`).join(', ')}
      </p>
      <p className="basket-total">{t`This week: ${formatMoney(basket.total)}`}</p>
      <MomoNumber basket={basket} busy={busy} onSave={(payerPhone) => act(() => updateBasket(basket._id, { payerPhone }))} />
      {changing ? (
        <div className="basket-change">
          {times ? (
            <WeeklyTimeFields times={times} weekday={changing.weekday} windowStart={changing.windowStart} onChange={(weekday, windowStart) => setChanging({ weekday, windowStart })} disabled={busy} />
          ) : (
            <p>{t`Loading delivery times...`}</p>
          )}
          <div className="basket-actions">
            <Button size="sm" busy={busy} disabled={!times} onClick={() => void act(() => updateBasket(basket._id, changing))}>
              {t`Save`}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setChanging(null)} disabled={busy}>
              {t`Cancel`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="basket-actions">
          {!basket.paused ? (
            <Button size="sm" variant="secondary" busy={busy} onClick={() => void act(() => updateBasket(basket._id, { skipNext: !skipped }))}>
              {skipped ? t`Undo the skip` : t`Skip the next one`}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" busy={busy} onClick={() => void act(() => updateBasket(basket._id, { paused: !basket.paused }))}>
            {basket.paused ? t`Resume` : t`Pause`}
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => setChanging({ weekday: basket.weekday, windowStart: basket.windowStart })}>
            {t`Change day or time`}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setAsking(true)}>
            {t`Stop`}
          </Button>
        </div>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} title={t`Stop this weekly basket?`} description={t`${basketLabel}: no more weekly orders. An order already placed stands.`}>
        <div className="basket-actions">
          <Button variant="ghost" onClick={() => setAsking(false)} disabled={busy}>
            {t`Keep it`}
          </Button>
          <Button busy={busy} onClick={() => void act(() => stopBasket(basket._id))}>
            {t`Stop it`}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

export function BasketsPanel() {
  const { state, replace, reload } = useRemote(fetchBaskets, [], t`Could not load your weekly baskets`);
  const baskets = state.data;
  return (
    <section className="card profile-panel" aria-labelledby="baskets-title">
      <h2 id="baskets-title">{t`Weekly Baskets`}</h2>
      {!baskets && state.status !== 'error' ? <LoadingBlock label={t`Loading weekly baskets...`} /> : null}
      {state.status === 'error' ? <p role="alert">{t`Could not load your weekly baskets`}</p> : null}
      {baskets && !baskets.length ? <p>{t`No weekly basket yet. Open an order in your order history and choose "Deliver every week".`}</p> : null}
      {baskets?.length ? (
        <ul className="basket-list">
          {baskets.map((basket) => (
            <BasketCard
              key={basket._id}
              basket={basket}
              onChanged={(changed) => replace(baskets.map((one) => (one._id === changed._id ? changed : one)))}
              onStopped={() => void reload()}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
