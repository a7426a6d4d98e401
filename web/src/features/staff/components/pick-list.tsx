// A window's pick list on the Delivery page (docs/packing.md): choose a window (any day, a past one
// too: the shop's weekly times name them), see the products to pick summed across its orders by
// category, and each order's packing slip with a link to the packing screen. It prints on A4, or on an
// 80 mm thermal roll when "Print for 80 mm roll" is on (staff.css hides the console's frame in print).
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PickList as PickListData } from '@server/modules/orders/pick-list.schema';
import { quantityWithUnit } from '@server/lib/units';
import { Button } from '@web/components/ui/button';
import { fetchPickList, fetchWeeklyTimes } from '../api/packing-api';
import { formatDateTime, formatMoney } from '../format';
import { staffPaths } from '../staff-paths';
import { useRemote } from '../use-remote';
import { LoadState } from './load-state';

type Slip = PickListData['slips'][number];

/** Today in Kigali (UTC+2 all year), as a date input wants it. */
function kigaliToday(now = new Date()): string {
  return new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
}

/** ISO weekday (Monday = 1) of a yyyy-mm-dd date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function preferenceWords(preferences: PickListData['items'][number]['preferences']): string {
  const words = [
    preferences.similar ? `${preferences.similar} similar` : '',
    preferences.none ? `${preferences.none} leave out` : '',
    preferences.product ? `${preferences.product} named product` : '',
  ].filter(Boolean);
  return words.length ? `If missing: ${words.join(', ')}` : '';
}

function slipPreference(substitution: Slip['lines'][number]['substitution']): string {
  if (substitution === 'none') return 'leave out';
  if (substitution === 'similar') return 'similar';
  return 'named product';
}

/** Print on an 80 mm roll: a page rule of that width while the toggle is on (a class alone cannot size @page). */
function useRollPrinting(on: boolean) {
  useEffect(() => {
    if (!on) return;
    document.documentElement.classList.add('print-roll');
    const style = document.createElement('style');
    style.dataset.printRoll = '';
    style.textContent = '@page { size: 80mm auto; margin: 3mm; }';
    document.head.append(style);
    return () => {
      document.documentElement.classList.remove('print-roll');
      style.remove();
    };
  }, [on]);
}

function PackingSlip({ slip }: { slip: Slip }) {
  const address = [slip.address.description, slip.address.street, slip.address.district, slip.address.city].filter(Boolean).join(', ');
  return (
    <li className="card pick-slip" aria-label={`Packing slip #${slip.orderNumber}`}>
      <h4 className="pick-slip-title">
        #{slip.orderNumber} · {slip.shopper.fullName}
        {slip.packed ? <span className="muted"> (packed)</span> : null}
      </h4>
      <p className="pick-slip-meta">{slip.shopper.phoneNumber}</p>
      <p className="pick-slip-meta">{address}</p>
      <ul className="pick-slip-lines">
        {slip.lines.map((line) => (
          <li key={line.productId}>
            <span>
              ☐ {line.productName} × {quantityWithUnit(line.quantity, line.unit)}
            </span>{' '}
            <span className="muted">
              (if missing: {slipPreference(line.substitution)}){line.packedQuantity !== null ? ` · packed ${quantityWithUnit(line.packedQuantity, line.unit)}` : ''}
              {line.substitutedBy ? ` · by ${line.substitutedBy}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <p className="pick-slip-meta">
        Estimate {slip.lines.some((line) => line.estimated) ? 'about ' : ''}
        {formatMoney(slip.estimate)}
        {slip.packed ? ` · packed ${formatMoney(slip.finalAmount)}` : ''}
      </p>
      <Link to={staffPaths.packing(slip.orderId)} className="pick-slip-pack no-print">
        Pack this order
      </Link>
    </li>
  );
}

function PickListView({ list }: { list: PickListData }) {
  const categories = useMemo(() => {
    const groups: { category: string; items: PickListData['items'] }[] = [];
    for (const item of list.items) {
      const last = groups.at(-1);
      if (last?.category === item.category) last.items.push(item);
      else groups.push({ category: item.category, items: [item] });
    }
    return groups;
  }, [list.items]);
  if (!list.slips.length) return <p className="staff-empty">No order to pack in this window.</p>;
  return (
    <div className="pick-list-print">
      <h3 className="pick-heading">
        Pick list · {formatDateTime(list.window.start)}
        {list.window.end ? `–${formatDateTime(list.window.end).slice(-5)}` : ''} · {list.slips.length} orders
      </h3>
      <table className="pick-items">
        <tbody>
          {categories.map((group) => [
            <tr key={group.category} className="pick-category">
              <th colSpan={2} scope="colgroup">
                {group.category}
              </th>
            </tr>,
            ...group.items.map((item) => (
              <tr key={item.productId}>
                <td>
                  ☐ {item.productName}
                  <span className="pick-item-meta">
                    {' '}
                    {item.orders} {item.orders === 1 ? 'order' : 'orders'}
                    {preferenceWords(item.preferences) ? ` · ${preferenceWords(item.preferences)}` : ''}
                  </span>
                </td>
                <td className="pick-quantity">{quantityWithUnit(item.quantity, item.unit)}</td>
              </tr>
            )),
          ])}
        </tbody>
      </table>
      <h3 className="pick-heading">Packing slips</h3>
      <ul className="pick-slips">
        {list.slips.map((slip) => (
          <PackingSlip key={slip.orderId} slip={slip} />
        ))}
      </ul>
    </div>
  );
}

export function PickListSection() {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('window') ?? '';
  const [date, setDate] = useState(chosen.slice(0, 10) || kigaliToday());
  const [roll, setRoll] = useState(false);
  useRollPrinting(roll);
  const times = useRemote(fetchWeeklyTimes, [], 'Could not load the delivery times');
  const starts = times.state.data?.find((day) => day.weekday === isoWeekday(date))?.windows ?? [];
  const list = useRemote(() => (chosen ? fetchPickList(chosen) : Promise.resolve(null)), [chosen], 'Could not load the pick list');
  const choose = (windowId: string) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (windowId) next.set('window', windowId);
    else next.delete('window');
    return next;
  });

  return (
    <section className="staff-section pick-list" aria-labelledby="picklist-title">
      <h2 id="picklist-title" className="staff-section-title">
        Pick list
      </h2>
      <div className="staff-form-pair no-print">
        <label className="pick-field">
          Day
          <input type="date" value={date} onChange={(event) => (setDate(event.target.value), choose(''))} />
        </label>
        <label className="pick-field">
          Window
          <select value={chosen.slice(0, 10) === date ? chosen.slice(11) : ''} onChange={(event) => choose(event.target.value ? `${date}T${event.target.value}` : '')}>
            <option value="">Choose a window</option>
            {starts.map((window) => (
              <option key={window.start} value={window.start}>
                {window.start}–{window.end}
              </option>
            ))}
          </select>
        </label>
      </div>
      {times.state.data && !starts.length ? <p className="staff-empty no-print">The shop delivers on no window that day.</p> : null}
      <LoadState state={list.state} onRetry={() => void list.reload()} label="Loading the pick list..." />
      {list.state.data ? (
        <>
          <div className="pick-print-bar no-print">
            <label className="staff-switch">
              <input type="checkbox" checked={roll} onChange={(event) => setRoll(event.target.checked)} />
              Print for 80 mm roll
            </label>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
          </div>
          <PickListView list={list.state.data} />
        </>
      ) : null}
    </section>
  );
}
