// /admin/dispatch: the day's windows, each with its packed orders by district and sector; each order
// given to a rider by hand (a rider at their cash limit is refused with the server's words), or the
// window's unassigned orders shared out among the riders, balanced by count and kept together by place.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DispatchOrder, DispatchReply } from '@server/modules/dispatch/dispatch.schema';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { formatMoney } from '@web/lib/money';
import { toApiError } from '@web/lib/api-client';
import { assignRider, fetchDispatch, shareOutWindow } from '../api/dispatch-api';
import { LoadState } from '../components/load-state';
import { staffPaths } from '../staff-paths';
import { useRemote } from '../use-remote';

type Riders = DispatchReply['riders'];

/** The orders of a window by place: "Gasabo, Kimironko" and the orders going there. */
function byPlace(orders: readonly DispatchOrder[]): [string, DispatchOrder[]][] {
  const groups = new Map<string, DispatchOrder[]>();
  for (const order of orders) {
    const place = [order.district, order.sector].filter(Boolean).join(', ') || 'No district';
    groups.set(place, [...(groups.get(place) ?? []), order]);
  }
  return [...groups];
}

function RiderChoice({ order, riders, onChanged }: { order: DispatchOrder; riders: Riders; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  async function choose(riderId: string) {
    setBusy(true);
    try {
      toast.success(await assignRider(order._id, riderId || null));
      onChanged();
    } catch (error) {
      toast.error((await toApiError(error, 'Could not give the order to the rider')).message);
    } finally {
      setBusy(false);
    }
  }
  const pickedUp = order.status === 'shipped';
  return (
    <select className="input" aria-label={`Rider for order ${order.orderNumber}`} value={order.riderId ?? ''} disabled={busy || pickedUp} onChange={(event) => void choose(event.target.value)}>
      <option value="">No rider</option>
      {riders.map((rider) => (
        <option key={rider._id} value={rider._id}>
          {rider.fullName}
          {rider.atCashLimit ? ' (at cash limit)' : ''}
        </option>
      ))}
    </select>
  );
}

export default function DispatchPage() {
  useDocumentTitle('Dispatch');
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? undefined;
  const { state, reload } = useRemote(() => fetchDispatch(date), [date], 'Could not load the dispatch board');
  const [sharing, setSharing] = useState('');
  const data = state.data;

  async function shareOut(windowId: string) {
    setSharing(windowId);
    try {
      const shared = await shareOutWindow(windowId);
      (shared.left.length ? toast.error : toast.success)(shared.message);
      await reload();
    } catch (error) {
      toast.error((await toApiError(error, 'Could not share the window out')).message);
    } finally {
      setSharing('');
    }
  }

  return (
    <div className="staff-page">
      <div className="staff-block-head">
        <h1 className="page-title">Dispatch</h1>
        <Link to={staffPaths.riders}>Riders and cash</Link>
      </div>
      <label className="staff-search-row">
        Day{' '}
        <input className="input" type="date" value={data?.date ?? date ?? ''} onChange={(event) => setParams(event.target.value ? { date: event.target.value } : {})} />
      </label>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the day's windows..." />
      {data && !data.riders.length ? (
        <p className="staff-empty">
          No rider yet: an owner adds riders on the <Link to={staffPaths.riders}>Riders</Link> page.
        </p>
      ) : null}
      {data && !data.windows.length ? <p className="staff-empty">No orders to deliver this day.</p> : null}
      {data?.windows.map((window) => (
        <section key={window.id} className="card staff-block" aria-labelledby={`window-${window.id}`}>
          <div className="staff-block-head">
            <h2 id={`window-${window.id}`}>{window.label}</h2>
            <Button size="sm" variant="secondary" busy={sharing === window.id} disabled={!data.riders.length || !window.orders.some((order) => !order.riderId)} onClick={() => void shareOut(window.id)}>
              Share out
            </Button>
          </div>
          {window.notPacked ? <p className="muted">{window.notPacked} not packed yet</p> : null}
          {byPlace(window.orders).map(([place, orders]) => (
            <div key={place} className="staff-table-wrap">
              <table className="staff-table">
                <caption>{place}</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Street, landmark</th>
                    <th scope="col">Shopper</th>
                    <th scope="col">To collect</th>
                    <th scope="col">Rider</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order._id}>
                      <td>
                        <Link to={staffPaths.order(order._id)}>#{order.orderNumber}</Link>
                        {order.status === 'shipped' ? ' (on its way)' : ''}
                      </td>
                      <td>
                        {order.street}
                        {order.landmark ? `, ${order.landmark}` : ''}
                      </td>
                      <td>
                        {order.customer.fullName} <a href={`tel:${order.customer.phoneNumber}`}>{order.customer.phoneNumber}</a>
                      </td>
                      <td>{formatMoney(order.amountDue)}</td>
                      <td>
                        <RiderChoice order={order} riders={data.riders} onChanged={() => void reload()} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
