// /admin/orders: newest first, filtered by status and payment status, searched by order number, phone
// or name, 20 to a page. The filters live in the address, so Back from an order keeps them.
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@server/modules/orders/order-lists.schema';
import { staffOrdersQuerySchema } from '@server/modules/orders/staff-orders.schema';
import { staffPaths } from '../staff-paths';
import { LabelledField } from '@web/components/ui/labelled-field';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { OrderStatusBadge, PaymentStatusBadge } from '@web/features/orders';
import { fetchOrders } from '../api/staff-api';
import { LoadState } from '../components/load-state';
import { Pager } from '../components/pager';
import { SearchForm } from '../components/search-form';
import { capitalise, channelName, formatDateTime, formatMoney } from '../format';
import { useRemote } from '../use-remote';

interface StatusFilterProps {
  label: string;
  /** The first choice, which filters nothing. */
  anyLabel: string;
  values: readonly string[];
  value: string;
  onChange: (value: string) => void;
}

/** A filter on one of an order's statuses: any, or one of the values. */
function StatusFilter({ label, anyLabel, values, value, onChange }: StatusFilterProps) {
  return (
    <LabelledField label={label}>
      {(control) => (
        <select {...control} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{anyLabel}</option>
          {values.map((choice) => (
            <option key={choice} value={choice}>
              {capitalise(choice)}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

const orderSearchSchema = staffOrdersQuerySchema.pick({ search: true });

export default function OrdersPage() {
  useDocumentTitle('Orders');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const paymentStatus = params.get('paymentStatus') ?? '';
  const search = params.get('search') ?? '';
  const { state, reload } = useRemote(
    () => fetchOrders({ page, status: status || undefined, paymentStatus: paymentStatus || undefined, search: search || undefined }),
    [page, status, paymentStatus, search],
    'Could not load the orders',
  );

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next);
  }

  const data = state.data;
  return (
    <div className="staff-page">
      <h1 className="page-title">Orders</h1>
      <div className="staff-filters">
        <SearchForm
          id="order-search"
          label="Order number, phone or name"
          value={search}
          schema={orderSearchSchema}
          onSearch={(typed) => setFilter('search', typed)}
          autoComplete="off"
          spellCheck={false}
        />
        <StatusFilter label="Status" anyLabel="Any status" values={ORDER_STATUSES} value={status} onChange={(value) => setFilter('status', value)} />
        <StatusFilter label="Payment" anyLabel="Any payment" values={PAYMENT_STATUSES} value={paymentStatus} onChange={(value) => setFilter('paymentStatus', value)} />
      </div>
      <LoadState state={state} onRetry={() => void reload()} label="Loading orders..." />
      {data ? (
        <>
          <p className="muted" aria-live="polite">
            {data.pagination.total === 1 ? '1 order' : `${data.pagination.total} orders`}
          </p>
          {data.orders.length === 0 ? (
            <p className="staff-empty">No orders match.</p>
          ) : (
            <ul className="staff-list" aria-label="Orders">
              {data.orders.map((order) => (
                <li key={order._id} className="staff-row">
                  <Link to={staffPaths.order(order._id)} className="staff-row-link">
                    <span className="staff-row-title">#{order.orderNumber}</span>{' '}
                    <span className="staff-row-sub">
                      {order.customer.fullName}
                      {order.customer.phoneNumber ? ` · ${order.customer.phoneNumber}` : ''}
                    </span>
                  </Link>
                  <span className="staff-row-meta">
                    {formatMoney(order.amount)} · {channelName(order.channel)} · {formatDateTime(order.createdAt)}
                  </span>
                  <span className="staff-row-badges">
                    <OrderStatusBadge status={order.status} label="Order" />
                    <PaymentStatusBadge status={order.paymentStatus} label="Payment" />
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Pager pagination={data.pagination} label="Orders pages" onPage={(next) => setFilter('page', String(next))} />
        </>
      ) : null}
    </div>
  );
}
