// /admin/riders: who rides for the shop, the cash each holds against their limit, and the day's cash.
// An owner adds a rider by phone (with a cash limit); staff open a rider's ledger, count the cash the
// rider hands over (a count that differs needs a note), and enter the code the rider received to
// record it. The day per rider (delivered, expected, collected by method, handed over, variance)
// downloads as CSV.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { handoverSchema, type CashDayRow } from '@server/modules/cash/cash.schema';
import { addRiderSchema, type AddRiderInput, type Rider } from '@server/modules/dispatch/dispatch.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { addRider, confirmHandover, countHandover, fetchCashDay, fetchCashDayCsv, fetchDispatch, fetchLedger } from '../api/dispatch-api';
import { useConsoleAccount } from '../console-account';
import { Field } from '../components/form-fields';
import { LoadState } from '../components/load-state';
import { formatDateTime } from '../format';
import { submitStaffForm } from '../staff-form';
import { useRemote } from '../use-remote';

function AddRiderForm({ onAdded }: { onAdded: () => void }) {
  const form = useForm<z.input<typeof addRiderSchema>, unknown, AddRiderInput>({ resolver: zodResolver(addRiderSchema), defaultValues: { phoneNumber: '', fullName: undefined, cashLimit: undefined } });
  const { register, formState } = form;
  const submit = submitStaffForm(form, { failureMessage: 'Could not add the rider' }, async (input) => {
    toast.success((await addRider(input)).message);
    form.reset();
    onAdded();
  });
  return (
    <form className="card staff-block" onSubmit={submit} noValidate>
      <h2>Add a rider</h2>
      <Field label="Phone number" autoComplete="off" error={formState.errors.phoneNumber?.message} {...register('phoneNumber')} />
      <Field label="Full name (when the number has no account yet)" autoComplete="off" error={formState.errors.fullName?.message} {...register('fullName', { setValueAs: (value: string) => value.trim() || undefined })} />
      <Field
        label="Cash limit (frw, empty: no limit)"
        inputMode="numeric"
        error={formState.errors.cashLimit?.message}
        {...register('cashLimit', { setValueAs: (value: string) => (value.trim() === '' ? null : Number(value)) })}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        Add rider
      </Button>
    </form>
  );
}

function HandoverForm({ rider, onDone }: { rider: Rider; onDone: () => void }) {
  const form = useForm<z.input<typeof handoverSchema>, unknown, z.output<typeof handoverSchema>>({ resolver: zodResolver(handoverSchema), defaultValues: { amount: rider.cashInHand, note: '' } });
  const [waiting, setWaiting] = useState<{ id: string; counted: number } | null>(null);
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const submit = submitStaffForm(form, { failureMessage: 'Could not record the count' }, async (input) => {
    const counted = await countHandover(rider._id, input);
    setWaiting({ id: counted.handover._id, counted: counted.handover.counted });
    toast.success(counted.message);
  });
  async function confirm() {
    if (!waiting) return;
    setConfirming(true);
    try {
      toast.success((await confirmHandover(rider._id, waiting.id, code.trim())).message);
      setWaiting(null);
      setCode('');
      onDone();
    } catch (error) {
      toast.error((await toApiError(error, 'Could not record the handover')).message);
    } finally {
      setConfirming(false);
    }
  }
  if (waiting) {
    return (
      <div className="staff-block">
        <p>
          Counted {formatMoney(waiting.counted)}. Enter the code {rider.fullName} received by SMS:
        </p>
        <Field label="Rider's code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
        <Button busy={confirming} onClick={() => void confirm()}>
          Record handover
        </Button>
      </div>
    );
  }
  return (
    <form className="staff-block" onSubmit={submit} noValidate>
      <Field label="Cash counted (frw)" inputMode="decimal" error={form.formState.errors.amount?.message} {...form.register('amount', { valueAsNumber: true })} />
      <Field label="Note (why it differs)" error={form.formState.errors.note?.message} {...form.register('note')} />
      <Button type="submit" variant="secondary" busy={form.formState.isSubmitting}>
        Count cash
      </Button>
    </form>
  );
}

function Ledger({ rider, onChanged }: { rider: Rider; onChanged: () => void }) {
  const { state, reload } = useRemote(() => fetchLedger(rider._id), [rider._id], "Could not load the rider's ledger");
  const ledger = state.data;
  return (
    <section className="card staff-block" aria-label={`${rider.fullName}'s cash`}>
      <h2>{rider.fullName}: cash</h2>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the ledger..." />
      {ledger ? (
        <>
          <p>
            In hand {formatMoney(ledger.cash.cashInHand)}, variance {formatMoney(ledger.cash.variance)}
            {ledger.cash.unexplained ? `, unexplained ${formatMoney(ledger.cash.unexplained)}` : ''}
          </p>
          <HandoverForm
            key={ledger.cash.cashInHand}
            rider={{ ...rider, cashInHand: ledger.cash.cashInHand }}
            onDone={() => {
              void reload();
              onChanged();
            }}
          />
          <div className="staff-table-wrap">
            <table className="staff-table">
              <caption className="visually-hidden">Ledger, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Variance</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {ledger.entries.map((entry) => (
                  <tr key={entry._id}>
                    <td>{formatDateTime(entry.at)}</td>
                    <td>{entry.kind === 'collected' ? `Collected, order #${entry.orderNumber}` : `Handed over (counted by ${entry.by ?? 'staff'})`}</td>
                    <td>{formatMoney(entry.amount)}</td>
                    <td>{entry.variance ? formatMoney(entry.variance) : ''}</td>
                    <td>{entry.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

const DAY_COLUMNS: [keyof CashDayRow, string][] = [
  ['delivered', 'Delivered'],
  ['expected', 'Expected'],
  ['cash', 'Cash'],
  ['momo', 'MoMo'],
  ['payCode', 'Pay code'],
  ['outstanding', 'Outstanding'],
  ['fees', 'Fees'],
  ['refused', 'Refused lines'],
  ['handedOver', 'Handed over'],
  ['variance', 'Variance'],
];

function CashDay() {
  const [date, setDate] = useState('');
  const { state, reload } = useRemote(() => fetchCashDay(date || undefined), [date], "Could not load the day's cash");
  const day = state.data;
  async function download() {
    if (!day) return;
    try {
      const csv = await fetchCashDayCsv(day.date);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      link.download = `cash-${day.date}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toast.error((await toApiError(error, 'Could not export the day')).message);
    }
  }
  return (
    <section className="card staff-block" aria-labelledby="cash-day-title">
      <div className="staff-block-head">
        <h2 id="cash-day-title">The day&apos;s cash</h2>
        <input className="input" type="date" aria-label="Day" value={day?.date ?? date} onChange={(event) => setDate(event.target.value)} />
        <Button size="sm" variant="secondary" disabled={!day} onClick={() => void download()}>
          Export CSV
        </Button>
      </div>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the day..." />
      {day ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Rider</th>
                {DAY_COLUMNS.map(([key, title]) => (
                  <th key={key} scope="col">
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...day.riders, day.totals].map((row) => (
                <tr key={row.riderId ?? row.rider}>
                  <th scope="row">{row.rider}</th>
                  {DAY_COLUMNS.map(([key]) => (
                    <td key={key}>{key === 'delivered' ? row.delivered : formatMoney(row[key] as number)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

export default function RidersPage() {
  useDocumentTitle('Riders');
  const { roles } = useConsoleAccount();
  const { state, reload } = useRemote(() => fetchDispatch(), [], 'Could not load the riders');
  const [open, setOpen] = useState<string | null>(null);
  const riders = state.data?.riders ?? [];
  const shown = riders.find((rider) => rider._id === open);
  return (
    <div className="staff-page">
      <h1 className="page-title">Riders</h1>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the riders..." />
      {state.data && !riders.length ? <p className="staff-empty">No rider yet.</p> : null}
      {riders.length ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Rider</th>
                <th scope="col">Phone</th>
                <th scope="col">Stops</th>
                <th scope="col">Cash in hand</th>
                <th scope="col">Limit</th>
                <th scope="col">Ledger</th>
              </tr>
            </thead>
            <tbody>
              {riders.map((rider) => (
                <tr key={rider._id}>
                  <td>{rider.fullName}</td>
                  <td>{rider.phoneNumber ? <a href={`tel:${rider.phoneNumber}`}>{rider.phoneNumber}</a> : '—'}</td>
                  <td>{rider.stops.length}</td>
                  <td>
                    {formatMoney(rider.cashInHand)}
                    {rider.atCashLimit ? ' (at limit: no cash orders)' : ''}
                  </td>
                  <td>{rider.cashLimit === null ? 'No limit' : formatMoney(rider.cashLimit)}</td>
                  <td>
                    <Button size="sm" variant="ghost" onClick={() => setOpen(open === rider._id ? null : rider._id)}>
                      {open === rider._id ? 'Close' : 'Open'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {shown ? <Ledger rider={shown} onChanged={() => void reload()} /> : null}
      {roles.includes('owner') ? <AddRiderForm onAdded={() => void reload()} /> : null}
      <CashDay />
    </div>
  );
}
