// "Deliver every week" on an order: its day and time, and the basket is made from that order's lines.
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { useRemote } from '@web/lib/use-remote';
import { createBasket, fetchWeeklyTimes } from '../api/baskets-api';
import { WeeklyTimeFields } from './weekly-time-fields';
import '../baskets.css';

function MakeWeeklyForm({ orderId, orderNumber, onDone }: { orderId: string; orderNumber: string; onDone: () => void }) {
  const { state } = useRemote(fetchWeeklyTimes, [], t`Could not load the delivery times`);
  const times = state.data;
  const firstDay = times ? Math.min(...times.keys()) : 1;
  const [choice, setChoice] = useState<{ weekday: number; windowStart: string } | null>(null);
  const weekday = choice?.weekday ?? firstDay;
  const windowStart = choice?.windowStart ?? times?.get(firstDay)?.[0]?.start ?? '';
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const reply = await createBasket({ fromOrderId: orderId, weekday, windowStart });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      const failure = await toApiError(error, t`Could not make the weekly basket`);
      if (failure.error !== 'unauthorized') toast.error(failure.errors[0]?.message ?? failure.message);
    } finally {
      setSaving(false);
    }
  }

  if (!times) return <p>{state.status === 'error' ? t`Could not load the delivery times.` : t`Loading delivery times...`}</p>;
  return (
    <div className="weekly-form">
      <p>{t`The products of order #${orderNumber}, at each week's prices. We text you the evening before; skip, pause or stop it from your profile.`}</p>
      <WeeklyTimeFields times={times} weekday={weekday} windowStart={windowStart} onChange={(day, start) => setChoice({ weekday: day, windowStart: start })} disabled={saving} />
      <Button onClick={() => void save()} busy={saving}>
        {saving ? t`Saving...` : t`Deliver every week`}
      </Button>
    </div>
  );
}

export function MakeWeeklyButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t`Deliver every week`}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Deliver every week`}>
        <MakeWeeklyForm orderId={orderId} orderNumber={orderNumber} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
