// /admin/stock: every product with its stock, running low first (emptiest first), then the other
// counted products, then those that keep no count; search, a filter, and the way to a delivery.
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { StockRow } from '@server/modules/stock/stock.schema';
import { buttonClass } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { fetchStock, type StockFilter } from '../api/stock-api';
import { LoadState } from '../components/load-state';
import { Pager } from '../components/pager';
import { staffPaths } from '../staff-paths';
import { useRemote } from '../use-remote';

const FILTERS: { value: StockFilter['only'] | ''; label: string }[] = [
  { value: '', label: 'All products' },
  { value: 'low', label: 'Running low' },
  { value: 'counted', label: 'Counted' },
];

function stateOf(row: StockRow): string {
  if (!row.stock) return row.inStock ? 'Not counted' : 'Not counted, marked out of stock';
  if (row.stock.available <= 0) return 'Out of stock';
  return row.stock.low ? 'Running low' : 'In stock';
}

export default function StockPage() {
  useDocumentTitle('Stock');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const only = (params.get('only') ?? '') as StockFilter['only'] | '';
  const [typed, setTyped] = useState(search);
  const { state, reload } = useRemote(() => fetchStock({ page, search: search || undefined, only: only || undefined }), [page, search, only], 'Could not load the stock');

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setParam('search', typed.trim());
  }

  const data = state.data;
  return (
    <div className="staff-page">
      <div className="staff-block-head">
        <h1 className="page-title">Stock</h1>
        <Link to={staffPaths.receiveStock} className={buttonClass('primary', 'sm')}>
          Receive a delivery
        </Link>
      </div>
      <form className="staff-search-row" onSubmit={submit} role="search">
        <label className="visually-hidden" htmlFor="stock-search">
          Search products
        </label>
        <input id="stock-search" className="input" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} placeholder="Search products" />
        <select className="input" aria-label="Show" value={only ?? ''} onChange={(event) => setParam('only', event.target.value)}>
          {FILTERS.map((filter) => (
            <option key={filter.label} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass('secondary', 'sm')}>
          Search
        </button>
      </form>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the stock..." />
      {data && !data.products.length ? <p className="staff-empty">No product matches.</p> : null}
      {data?.products.length ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Stock, running low first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="staff-number">
                  On hand
                </th>
                <th scope="col" className="staff-number">
                  Held by orders
                </th>
                <th scope="col" className="staff-number">
                  Left to sell
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((row) => (
                <tr key={row.productId}>
                  <td>
                    <Link to={staffPaths.product(row.productId)}>{row.productname}</Link>
                    <span className="muted"> · {row.productUnit}</span>
                    {row.hidden ? <span className="muted"> (hidden)</span> : null}
                  </td>
                  <td className="staff-number">{row.stock?.onHand ?? '—'}</td>
                  <td className="staff-number">{row.stock?.reserved ?? '—'}</td>
                  <td className="staff-number">{row.stock?.available ?? '—'}</td>
                  <td>
                    <span className={row.stock?.low ? 'staff-badge-warn' : undefined}>{stateOf(row)}</span>
                    {row.stock ? <span className="muted"> (low at {row.stock.lowThreshold})</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? <Pager pagination={data.pagination} label="Stock pages" onPage={(next) => setParams(new URLSearchParams({ ...Object.fromEntries(params), page: String(next) }))} /> : null}
    </div>
  );
}
