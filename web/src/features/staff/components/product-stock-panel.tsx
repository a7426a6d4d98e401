// A product's stock on its edit page: the counts (on hand, held by orders, left to sell), a change
// with its reason (received, counted again, spoiled), when the product counts as running low, and the
// ledger every count is the sum of. Forms are react-hook-form with the server's own schemas.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { stockChangeSchema, stockSettingsSchema, type StockChangeInput, type StockCounts, type StockMovement, type StockSettingsInput } from '@server/modules/stock/stock.schema';
import { Button } from '@web/components/ui/button';
import { LabelledField } from '@web/components/ui/labelled-field';
import { toast } from '@web/components/ui/toast';
import { toApiError } from '@web/lib/api-client';
import { changeStock, fetchProductStock, setLowThreshold, stopCounting } from '../api/stock-api';
import { staffPaths } from '../staff-paths';
import { formatDateTime } from '../format';
import { useRemote } from '../use-remote';
import { AreaField, Field } from './form-fields';
import { LoadState } from './load-state';
import { Pager } from './pager';

/** How a ledger row reads. */
const KIND_WORDS: Record<StockMovement['kind'], string> = {
  received: 'Received',
  adjusted: 'Adjusted',
  spoiled: 'Spoiled',
  reserved: 'Reserved by an order',
  released: 'Released (order cancelled)',
  sold: 'Sold (order delivered)',
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The server's refusal of a form: its message as a toast, and each field's under the field. */
async function showRefusal<T extends FieldValues>(error: unknown, fallback: string, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  const failure = await toApiError(error, fallback);
  if (failure.error === 'unauthorized') return;
  toast.error(failure.message);
  for (const entry of failure.errors) {
    const field = fields.find((name) => name === entry.field);
    if (field) setError(field, { message: entry.message });
  }
}

// The form asks how many and why; the server's schema (a signed change and its reason) checks it.
const CHANGE_KINDS = {
  received: { reason: 'received', sign: 1, label: 'Received (a delivery came in)' },
  more: { reason: 'adjusted', sign: 1, label: 'Counted: more than recorded' },
  fewer: { reason: 'adjusted', sign: -1, label: 'Counted: fewer than recorded' },
  spoiled: { reason: 'spoiled', sign: -1, label: 'Spoiled or damaged (taken off)' },
} as const;
type ChangeKind = keyof typeof CHANGE_KINDS;
interface ChangeValues {
  kind: ChangeKind;
  change: string;
  note: string;
}
const changeFormSchema = z.preprocess((values) => {
  const { kind, change, note } = values as ChangeValues;
  const how = CHANGE_KINDS[kind] ?? CHANGE_KINDS.received;
  const amount = String(change ?? '').trim();
  return { reason: how.reason, change: amount && /^\d+(\.\d+)?$/.test(amount) ? how.sign * Number(amount) : amount, note };
}, stockChangeSchema) as unknown as z.ZodType<StockChangeInput, ChangeValues>;
type SettingsValues = z.input<typeof stockSettingsSchema>;

function ChangeForm({ productId, unit, onChanged }: { productId: string; unit: string; onChanged: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeValues, unknown, StockChangeInput>({ resolver: zodResolver(changeFormSchema), defaultValues: { kind: 'received', change: '', note: '' } });

  async function submit(input: StockChangeInput) {
    try {
      const result = await changeStock(productId, input);
      toast.success(result.message);
      reset();
      onChanged();
    } catch (error) {
      await showRefusal(error, 'Could not change the stock', ['change', 'note'], setError);
    }
  }

  return (
    <form className="staff-form staff-stock-form" onSubmit={handleSubmit(submit)} noValidate aria-label="Change the stock">
      <LabelledField label="What happened" id="stock-change-kind">
        {(control) => (
          <select {...control} className="input" {...register('kind')}>
            {Object.entries(CHANGE_KINDS).map(([kind, how]) => (
              <option key={kind} value={kind}>
                {how.label}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <Field label={`How many (${unit})`} inputMode="decimal" error={errors.change?.message} {...register('change')} />
      <AreaField label="Note (optional)" rows={2} maxLength={300} error={errors.note?.message} {...register('note')} />
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save the change'}
      </Button>
    </form>
  );
}

function ThresholdForm({ productId, threshold, onChanged }: { productId: string; threshold: number; onChanged: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsValues, unknown, StockSettingsInput>({ resolver: zodResolver(stockSettingsSchema), defaultValues: { lowThreshold: String(threshold) } });

  async function submit(input: StockSettingsInput) {
    try {
      toast.success((await setLowThreshold(productId, input)).message);
      onChanged();
    } catch (error) {
      await showRefusal(error, 'Could not save the threshold', ['lowThreshold'], setError);
    }
  }

  return (
    <form className="staff-form staff-stock-form" onSubmit={handleSubmit(submit)} noValidate aria-label="Low-stock threshold">
      <Field label="Running low at or under" inputMode="decimal" error={errors.lowThreshold?.message} {...register('lowThreshold')} />
      <Button type="submit" variant="secondary" busy={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save threshold'}
      </Button>
    </form>
  );
}

function Counts({ stock, unit }: { stock: StockCounts; unit: string }) {
  return (
    <dl className="staff-stock-counts">
      <div>
        <dt>On hand</dt>
        <dd>
          {stock.onHand} {unit}
        </dd>
      </div>
      <div>
        <dt>Held by orders</dt>
        <dd>{stock.reserved}</dd>
      </div>
      <div>
        <dt>Left to sell</dt>
        <dd className={stock.low ? 'staff-badge-warn' : undefined}>
          {stock.available}
          {stock.low ? ' (running low)' : ''}
        </dd>
      </div>
    </dl>
  );
}

function Ledger({ movements }: { movements: StockMovement[] }) {
  if (!movements.length) return <p className="staff-empty">No change yet.</p>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">Stock ledger, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">On hand</th>
            <th scope="col">Held</th>
            <th scope="col">Who, why</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((move) => (
            <tr key={move._id}>
              <td>{formatDateTime(move.at)}</td>
              <td>
                {KIND_WORDS[move.kind]}
                {move.order ? (
                  <>
                    {' '}
                    <Link to={staffPaths.order(move.order._id)}>#{move.order.orderNumber}</Link>
                  </>
                ) : null}
              </td>
              <td>{move.onHandChange ? signed(move.onHandChange) : ''}</td>
              <td>{move.reservedChange ? signed(move.reservedChange) : ''}</td>
              <td>{[move.by, move.note].filter(Boolean).join(': ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProductStockPanel({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const { state, reload } = useRemote(() => fetchProductStock(productId, page), [productId, page], 'Could not load the stock');
  const [stopping, setStopping] = useState(false);
  const data = state.data;

  async function stop() {
    if (!window.confirm('Stop counting this product? It then sells while it is marked in stock, whatever is on the shelf.')) return;
    setStopping(true);
    try {
      toast.success((await stopCounting(productId)).message);
      await reload();
    } catch (error) {
      const failure = await toApiError(error, 'Could not stop counting');
      if (failure.error !== 'unauthorized') toast.error(failure.message);
    } finally {
      setStopping(false);
    }
  }

  return (
    <section className="card staff-form staff-stock" aria-labelledby="stock-title">
      <h2 id="stock-title" className="staff-section-title">
        Stock
      </h2>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the stock..." />
      {data ? (
        <>
          {data.stock ? (
            <Counts stock={data.stock} unit={data.product.productUnit} />
          ) : (
            <p className="muted">
              This product keeps no stock count: it sells while it is marked in stock. Receive stock to start counting it; it then goes out of stock by
              itself when none is left.
            </p>
          )}
          <ChangeForm productId={productId} unit={data.product.productUnit} onChanged={() => void reload()} />
          {data.stock ? (
            <>
              <ThresholdForm key={data.stock.lowThreshold} productId={productId} threshold={data.stock.lowThreshold} onChanged={() => void reload()} />
              <h3 className="staff-subtitle">Ledger</h3>
              <Ledger movements={data.movements} />
              <Pager pagination={data.pagination} label="Ledger pages" onPage={setPage} />
              <Button variant="ghost" busy={stopping} onClick={() => void stop()}>
                {stopping ? 'Stopping...' : 'Stop counting this product'}
              </Button>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
