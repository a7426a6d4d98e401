// /admin/delivery: the delivery schedule (days, hours, window length, orders a window takes,
// the same-day cut-off), and every window of today and the next 6 days with the orders booked in it,
// so the riders' day can be planned.
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { deliveryScheduleSchema, type DeliverySchedule, type StaffDeliveryWindow } from '@server/modules/delivery/delivery.schema';
import type { StaffBasket } from '@server/modules/baskets/baskets.schema';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/text-field';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { OrderStatusBadge } from '@web/features/orders';
import { staffPaths } from '../staff-paths';
import { fetchComingBaskets, fetchDelivery, saveDeliverySchedule } from '../api/delivery-api';
import { DeliveryFeesSection } from '../components/delivery-fees-form';
import { LoadState } from '../components/load-state';
import { PickListSection } from '../components/pick-list';
import { useConsoleAccount } from '../console-account';
import { formatDateTime, formatMoney } from '../format';
import { useRemote } from '../use-remote';
import { submitStaffForm } from '../staff-form';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type ScheduleValues = z.input<typeof deliveryScheduleSchema>;

/** The days with `day` (ISO, Monday = 1) switched on or off; the schema puts them in order. */
const withDay = (days: number[], day: number, on: boolean) => (on ? [...days, day] : days.filter((kept) => kept !== day));

function ScheduleForm({ schedule, onSaved }: { schedule: DeliverySchedule; onSaved: () => void }) {
  const form = useForm<ScheduleValues, unknown, DeliverySchedule>({ resolver: zodResolver(deliveryScheduleSchema), defaultValues: schedule });
  const {
    register,
    control,
    formState: { errors, isSubmitting: saving },
  } = form;

  const submit = submitStaffForm(form, { failureMessage: 'Could not save the schedule' }, async (input) => {
    const result = await saveDeliverySchedule(input);
    toast.success(result.message);
    onSaved();
  });

  return (
    <form className="card staff-form" onSubmit={submit} noValidate aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="staff-section-title">
        Schedule
      </h2>
      <Controller
        control={control}
        name="days"
        render={({ field, fieldState }) => (
          <fieldset className="staff-fieldset" aria-describedby={fieldState.error ? 'schedule-days-error' : undefined}>
            <legend>Delivery days</legend>
            <div className="staff-days">
              {WEEKDAYS.map((name, index) => (
                <label key={name} className="staff-switch">
                  <input
                    type="checkbox"
                    checked={field.value.includes(index + 1)}
                    onChange={(event) => field.onChange(withDay(field.value, index + 1, event.target.checked))}
                  />
                  {name}
                </label>
              ))}
            </div>
            {fieldState.error ? (
              <p id="schedule-days-error" className="field-error">
                {fieldState.error.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div className="staff-form-pair">
        <TextField label="First window starts" type="time" error={errors.openFrom?.message} {...register('openFrom')} />
        <TextField label="Last window ends" type="time" error={errors.openUntil?.message} {...register('openUntil')} />
      </div>
      <div className="staff-form-pair">
        <TextField label="Window length (hours)" type="number" min={1} max={12} error={errors.windowHours?.message} {...register('windowHours', { valueAsNumber: true })} />
        <TextField label="Orders a window takes" type="number" min={1} error={errors.capacity?.message} {...register('capacity', { valueAsNumber: true })} />
      </div>
      <TextField label="Same-day cut-off (no window today from this time)" type="time" error={errors.sameDayCutoff?.message} {...register('sameDayCutoff')} />
      <p className="muted">Times are Kigali time. Orders already placed keep their window.</p>
      <Button type="submit" busy={saving}>
        {saving ? 'Saving...' : 'Save schedule'}
      </Button>
    </form>
  );
}

function WindowCard({ window }: { window: StaffDeliveryWindow }) {
  const full = window.booked >= window.capacity;
  return (
    <li className="card staff-window">
      <h4 className="staff-window-title">
        {window.label}
        <span className={full ? 'staff-badge-warn' : 'muted'}>
          {' '}
          {window.booked} of {window.capacity} {full ? '(full)' : ''}
        </span>
      </h4>
      {window.orders.length ? <Link to={staffPaths.pickList(window.id)}>Pick list</Link> : null}
      {window.orders.length ? (
        <ul className="staff-window-orders">
          {window.orders.map((order) => (
            <li key={order._id}>
              <Link to={staffPaths.order(order._id)}>#{order.orderNumber}</Link> {order.customer.fullName} · {order.customer.phoneNumber} · {order.place} ·{' '}
              {order.items} items · {formatMoney(order.amount)} <OrderStatusBadge status={order.status} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No orders yet.</p>
      )}
    </li>
  );
}

function basketState(basket: StaffBasket): string {
  if (basket.state === 'placed') return `placed as order #${basket.orderNumber}`;
  if (basket.state === 'skipped') return 'skipped by the shopper';
  if (basket.state === 'not placed') return `not placed: ${basket.problem ?? 'see the shopper'} (the shopper has been texted)`;
  return `to be placed ${formatDateTime(basket.placesAt)}`;
}

function ComingBaskets() {
  const { state, reload } = useRemote(fetchComingBaskets, [], 'Could not load the weekly baskets');
  return (
    <section className="staff-section" aria-labelledby="baskets-title">
      <h2 id="baskets-title" className="staff-section-title">
        Weekly baskets this week
      </h2>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the weekly baskets..." />
      {state.data && !state.data.length ? <p className="staff-empty">No weekly basket comes in the next 7 days.</p> : null}
      {state.data?.length ? (
        <ul className="staff-list">
          {state.data.map((basket) => (
            <li key={basket._id} className="card staff-window">
              <h3 className="staff-window-title">
                {basket.nextDelivery?.label} <span className="muted">· {basket.label}</span>
              </h3>
              <p className="staff-row-meta">
                {basket.customer.fullName}
                {basket.customer.phoneNumber ? ` · ${basket.customer.phoneNumber}` : ''} ·{' '}
                <span className={basket.state === 'not placed' ? 'staff-badge-warn' : undefined}>{basketState(basket)}</span>
              </p>
              <p className="staff-row-meta">
                {basket.lines.map((line) => `${line.productName} × ${line.quantity}${line.forSale ? '' : ' (not for sale)'}`).join(', ')} · {formatMoney(basket.total)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The windows by day: "Today", "Tomorrow", "Thu 26 Nov" are the label's words before the times. */
function byDay(windows: StaffDeliveryWindow[]): { day: string; windows: StaffDeliveryWindow[] }[] {
  const days: { day: string; windows: StaffDeliveryWindow[] }[] = [];
  for (const window of windows) {
    const day = window.label.replace(/\s+\d\d:\d\d–\d\d:\d\d$/, '');
    const last = days.at(-1);
    if (last?.day === day) last.windows.push(window);
    else days.push({ day, windows: [window] });
  }
  return days;
}

/** A packer sees the pick list alone: the schedule and the week's bookings are staff's. */
function PackerDeliveryPage() {
  useDocumentTitle('Delivery');
  return (
    <div className="staff-page">
      <h1 className="page-title">Delivery</h1>
      <PickListSection />
    </div>
  );
}

export default function DeliveryPage() {
  const { roles } = useConsoleAccount();
  return roles.includes('staff') || roles.includes('owner') ? <StaffDeliveryPage /> : <PackerDeliveryPage />;
}

function StaffDeliveryPage() {
  useDocumentTitle('Delivery');
  const { state, reload } = useRemote(fetchDelivery, [], 'Could not load the delivery schedule');
  const data = state.data;
  return (
    <div className="staff-page">
      <h1 className="page-title">Delivery</h1>
      <PickListSection />
      <LoadState state={state} onRetry={() => void reload()} label="Loading the delivery schedule..." />
      {data ? (
        <>
          <ScheduleForm key={data.updatedAt} schedule={data.schedule} onSaved={() => void reload()} />
          <DeliveryFeesSection />
          <section className="staff-section" aria-labelledby="windows-title">
            <h2 id="windows-title" className="staff-section-title">
              Windows this week
            </h2>
            {byDay(data.windows).map(({ day, windows }) => (
              <section key={day} aria-label={day}>
                <h3>{day}</h3>
                <ul className="staff-list">
                  {windows.map((window) => (
                    <WindowCard key={window.id} window={window} />
                  ))}
                </ul>
              </section>
            ))}
            {!data.windows.length ? <p className="staff-empty">The shop delivers on no day this week.</p> : null}
          </section>
          <ComingBaskets />
        </>
      ) : null}
    </div>
  );
}
