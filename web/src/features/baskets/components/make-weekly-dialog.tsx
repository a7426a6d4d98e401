// "Deliver every week" on an order: its day and time, and the basket is made from that order's lines.
// One basket per order: an order that has one shows it instead of the form. A day and time on the
// order's own window are shown as such before saving: that week is the order's, the basket starts the
// week after (the server records it so, and says so again when it is made).
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Basket } from '@server/modules/baskets/baskets.schema';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { knownMessage } from '@web/lib/i18n/known-messages';
import { useRemote } from '@web/lib/use-remote';
import { createBasket, fetchBaskets, fetchWeeklyTimes } from '../api/baskets-api';
import { WeeklyTimeFields } from './weekly-time-fields';
import '../baskets.css';

/** The order as the dialog needs it: its number, and the window it comes in while it is still to come. */
export interface WeeklyOrder {
  orderId: string;
  orderNumber: string;
  /** The order's delivery window (ISO start with Kigali offset, and its label), when it is still to come. */
  coming?: { start: string; label: string };
}

/** ISO weekday (Monday = 1) and "10:00" of a window's start as the server writes it (Kigali time, +02:00). */
function weekdayAndStart(start: string): { weekday: number; windowStart: string } {
  const day = new Date(`${start.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return { weekday: day === 0 ? 7 : day, windowStart: start.slice(11, 16) };
}

function ExistingBasket({ basket, order }: { basket: Basket; order: WeeklyOrder }) {
  const { orderNumber } = order;
  const name = basket.label;
  const next = basket.nextDelivery?.label;
  return (
    <div className="weekly-form" role="status">
      <p>
        {next
          ? t`Order #${orderNumber} is delivered every week already: your weekly basket ${name}, next ${next}.`
          : t`Order #${orderNumber} is delivered every week already: your weekly basket ${name}, paused.`}
      </p>
      <p>{t`Change, skip, pause or stop it under Weekly Baskets in your profile.`}</p>
    </div>
  );
}

function MakeWeeklyForm({ order, onDone }: { order: WeeklyOrder; onDone: () => void }) {
  const { state } = useRemote(async (signal) => {
    const [times, baskets] = await Promise.all([fetchWeeklyTimes(signal), fetchBaskets(signal)]);
    return { times, existing: baskets.find((basket) => basket.fromOrderId === order.orderId) };
  }, [order.orderId], t`Could not load the delivery times`);
  const times = state.data?.times;
  const firstDay = times ? Math.min(...times.keys()) : 1;
  const [choice, setChoice] = useState<{ weekday: number; windowStart: string } | null>(null);
  const weekday = choice?.weekday ?? firstDay;
  const windowStart = choice?.windowStart ?? times?.get(firstDay)?.[0]?.start ?? '';
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  async function save() {
    setSaving(true);
    setRefused(null);
    try {
      const reply = await createBasket({ fromOrderId: order.orderId, weekday, windowStart });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      const failure = await toApiError(error, t`Could not make the weekly basket`);
      if (failure.error === 'unauthorized') return;
      // A basket already brings these groceries: said here, where the shopper is looking.
      if (failure.error === 'basket_exists') setRefused(failure.message);
      else toast.error(failure.errors[0]?.message ?? failure.message);
    } finally {
      setSaving(false);
    }
  }

  if (state.data?.existing) return <ExistingBasket basket={state.data.existing} order={order} />;
  if (!times) return <p>{state.status === 'error' ? t`Could not load the delivery times.` : t`Loading delivery times...`}</p>;
  const ordersWindow = order.coming && weekdayAndStart(order.coming.start);
  const collides = ordersWindow && ordersWindow.weekday === weekday && ordersWindow.windowStart === windowStart;
  const { orderNumber } = order;
  const comes = order.coming?.label ?? '';
  return (
    <div className="weekly-form">
      <p>{t`The products of order #${orderNumber}, at each week's prices. We text you the evening before; skip, pause or stop it from your profile.`}</p>
      <WeeklyTimeFields times={times} weekday={weekday} windowStart={windowStart} onChange={(day, start) => setChoice({ weekday: day, windowStart: start })} disabled={saving} />
      {collides ? (
        <p className="weekly-note" role="status">
          {t`Order #${orderNumber} already comes ${comes}, at this time: that week it is your basket, so the weekly deliveries start the week after.`}
        </p>
      ) : null}
      {refused ? (
        <p className="form-message form-message-error" role="alert">
          {knownMessage(refused)}
        </p>
      ) : null}
      <Button onClick={() => void save()} busy={saving}>
        {saving ? t`Saving...` : t`Deliver every week`}
      </Button>
    </div>
  );
}

export function MakeWeeklyButton(order: WeeklyOrder) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t`Deliver every week`}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Deliver every week`}>
        <MakeWeeklyForm order={order} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
