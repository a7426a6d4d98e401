// /track-orders (docs/product.md section 2): find an order by its id, or page through all orders 10 at a
// time. What is shown follows staff's changes while the page is on screen within seconds, with no reload.
import { t } from '@lingui/core/macro';
import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ORDERS_PAGE_SIZE } from '@server/lib/page-sizes';
import type { Order } from '@server/modules/orders/orders.schema';
import { Button, buttonClass } from '@web/components/ui/button';
import { ChatIcon, PackageIcon, SearchIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/app/paths';
import { toApiError } from '@web/lib/api-client';
import { useRefreshWhileVisible } from '@web/lib/use-refresh-while-visible';
import { toastOnFailure, useRemote } from '@web/lib/use-remote';
import { RequireLogin } from '@web/features/auth';
import { fetchOrder, fetchUserOrders } from '../api/orders-api';
import { OrdersTable } from '../components/orders-table';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import '../orders.css';


/** Shoppers type the 8-character order number they were shown, or paste the whole id. */
function matchesOrder(order: Order, query: string): boolean {
  const id = order._id.toLowerCase();
  const wanted = query.replace(/^#/, '').toLowerCase();
  return id === wanted || (wanted.length >= 6 && id.endsWith(wanted));
}

function TrackOrders() {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Order | null>(null);
  const [searching, setSearching] = useState(false);

  const { state, reload, refresh } = useRemote(
    toastOnFailure(t`Failed to fetch orders`, async (signal) => {
      const result = await fetchUserOrders(page, ORDERS_PAGE_SIZE, signal);
      return { orders: result.orders, totalPages: Math.max(1, result.pagination.totalPages) };
    }),
    [page],
    t`Failed to fetch orders`,
  );
  const orders = state.status === 'ready' ? state.data.orders : [];
  const totalPages = state.status === 'ready' ? state.data.totalPages : 1;

  /** Staff move orders while the shopper watches: ask again quietly, keeping what is shown if that fails. */
  const refreshShown = useCallback(async () => {
    if (!found) return refresh();
    try {
      const order = await fetchOrder(found._id);
      // Unless the shopper cleared or changed the search meanwhile.
      if (order) setFound((shown) => (shown?._id === order._id ? order : shown));
    } catch {
      // The next refresh, or the shopper's own action, tries again; an expired session is handled by api-client.
    }
  }, [found, refresh]);
  useRefreshWhileVisible(() => void refreshShown(), state.status === 'ready' && !searching);

  async function search(event: FormEvent) {
    event.preventDefault();
    const wanted = query.trim().replace(/^#/, '');
    if (!wanted) {
      setFound(null);
      return;
    }
    const onPage = orders.find((order) => matchesOrder(order, wanted));
    if (onPage) {
      setFound(onPage);
      toast.success(t`Order found successfully`);
      return;
    }
    setSearching(true);
    try {
      const order = await fetchOrder(wanted);
      if (!order) throw new Error(t`Order not found`);
      setFound(order);
      toast.success(t`Order found successfully`);
    } catch (error) {
      const failure = await toApiError(error, t`Order not found`);
      if (failure.error !== 'unauthorized') toast.error(t`Order not found`);
      setFound(null);
    } finally {
      setSearching(false);
    }
  }

  return (
    <div className="container track-page">
      <h1 className="page-title">{t`Track Orders`}</h1>
      <div className="track-top">
        <form className="card track-search" role="search" onSubmit={search}>
          <label className="field-label" htmlFor="track-order-id">
            {t`Order ID`}
          </label>
          <div className="track-search-row">
            <input
              id="track-order-id"
              className="input"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t`e.g. 3F9A12BC`}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" busy={searching} icon={<SearchIcon size={16} aria-hidden="true" />}>
              {t`Track`}
            </Button>
          </div>
          {found ? (
            <button
              type="button"
              className="track-clear"
              onClick={() => {
                setFound(null);
                setQuery('');
              }}
            >
              {t`Show all orders`}
            </button>
          ) : null}
        </form>
        <aside className="card track-help" aria-labelledby="help-title">
          <h2 id="help-title">
            <ChatIcon size={18} aria-hidden="true" /> {t`Need Help?`}
          </h2>
          <p>{t`Questions about an order or a delivery? We are happy to help.`}</p>
          <Link to={paths.contact} className={buttonClass('secondary', 'sm')}>
            {t`Contact Us`}
          </Link>
        </aside>
      </div>

      {found ? (
        <section className="card track-results" aria-label={t`Search result`}>
          <OrdersTable orders={[found]} caption={t`The order you searched for`} onOrderChanged={setFound} />
        </section>
      ) : (
        <section className="card track-results" aria-labelledby="orders-title">
          <h2 id="orders-title" className="visually-hidden">
            {t`Your orders`}
          </h2>
          {state.status === 'loading' ? <LoadingBlock label={t`Loading orders...`} /> : null}
          {state.status === 'error' ? (
            <div className="orders-empty" role="alert">
              <p>{t`Failed to fetch orders`}</p>
              <Button variant="secondary" onClick={() => void reload()}>
                {t`Try Again`}
              </Button>
            </div>
          ) : null}
          {state.status === 'ready' && orders.length === 0 ? (
            <div className="orders-empty">
              <PackageIcon size={32} aria-hidden="true" />
              <p>{t`You have not placed any orders yet.`}</p>
              <Link to={paths.products} className={buttonClass('primary')}>
                {t`Start Shopping`}
              </Link>
            </div>
          ) : null}
          {state.status === 'ready' && orders.length > 0 ? (
            <>
              <OrdersTable orders={orders} caption={t`Your orders, page ${page} of ${totalPages}`} onOrderChanged={() => void refresh()} />
              <nav className="pager" aria-label={t`Orders pages`}>
                <Button variant="secondary" onClick={() => setPage((current) => current - 1)} disabled={page <= 1}>
                  {t`Previous`}
                </Button>
                <span aria-live="polite">{t`Page ${page} of ${totalPages}`}</span>
                <Button variant="secondary" onClick={() => setPage((current) => current + 1)} disabled={page >= totalPages}>
                  {t`Next`}
                </Button>
              </nav>
            </>
          ) : null}
        </section>
      )}
    </div>
  );
}

export default function TrackOrdersPage() {
  useDocumentTitle(t`Track Orders`);
  return (
    <RequireLogin>
      <TrackOrders />
    </RequireLogin>
  );
}
