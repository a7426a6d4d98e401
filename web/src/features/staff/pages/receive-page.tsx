// /admin/stock/receive: a delivery in, many products at once. Every product is listed (running low
// first) with a box for how many came in; the boxes filled are received together, all or none, with
// one note. A product that keeps no count starts counting from it. The form is react-hook-form; what
// is sent is checked with the server's own schema first, and the server's refusals land on their rows.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { stockDeliverySchema, type StockRow } from '@server/modules/stock/stock.schema';
import { unitWord } from '@server/lib/units';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { fetchStock, receiveDelivery } from '../api/stock-api';
import { AreaField } from '../components/form-fields';
import { LoadState } from '../components/load-state';
import { staffPaths } from '../staff-paths';
import { useRemote } from '../use-remote';

/** The products a delivery screen lists: the first page of the stock list, at its largest. */
const LISTED = 200;

interface ReceiveValues {
  quantities: string[];
  note: string;
}

/** Each box: empty, or how many came in (whole units for a product counted in pieces). */
function receiveFormSchema(products: readonly StockRow[]) {
  return z.object({
    quantities: z.array(z.string()).superRefine((quantities, context) => {
      quantities.forEach((typed, index) => {
        const value = typed.trim();
        if (!value) return;
        const product = products[index];
        const message = !/^\d+(\.\d{1,3})?$/.test(value) || Number(value) <= 0
          ? 'Enter a number above 0 (at most 3 decimals)'
          : !product?.measured && !Number.isInteger(Number(value))
            ? `Whole ${unitWord(product?.productUnit ?? 'unit', 2)} only`
            : undefined;
        if (message) context.addIssue({ code: 'custom', path: [index], message });
      });
    }),
    note: z.string().trim().max(300, 'Note must be at most 300 characters'),
  });
}

function ReceiveForm({ products }: { products: StockRow[] }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const schema = useMemo(() => receiveFormSchema(products), [products]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReceiveValues>({ resolver: zodResolver(schema), defaultValues: { quantities: products.map(() => ''), note: '' } });

  async function submit(values: ReceiveValues) {
    const rows = values.quantities.flatMap((typed, index) => (typed.trim() ? [index] : []));
    if (!rows.length) {
      setError('root', { message: 'Enter how many came in of at least one product' });
      return;
    }
    // The server's schema first: a refusal of line n is shown on the row it came from.
    const parsed = stockDeliverySchema.safeParse({ lines: rows.map((index) => ({ productId: products[index].productId, quantity: values.quantities[index].trim() })), note: values.note });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const line = issue.path[0] === 'lines' && typeof issue.path[1] === 'number' ? rows[issue.path[1]] : undefined;
        if (line !== undefined) setError(`quantities.${line}`, { message: issue.message });
        else setError('root', { message: issue.message });
      }
      return;
    }
    try {
      const result = await receiveDelivery(parsed.data);
      toast.success(result.message);
      navigate(staffPaths.stock);
    } catch (error) {
      const failure = await toApiError(error, 'Could not receive the delivery');
      if (failure.error === 'unauthorized') return;
      toast.error(failure.message);
      for (const entry of failure.errors) {
        const line = /^lines\.(\d+)\./.exec(entry.field ?? '')?.[1];
        if (line !== undefined && rows[Number(line)] !== undefined) setError(`quantities.${rows[Number(line)]}`, { message: entry.message });
      }
    }
  }

  const wanted = filter.trim().toLowerCase();
  return (
    <form className="staff-form" onSubmit={handleSubmit(submit)} noValidate aria-label="Receive a delivery">
      <label className="field">
        <span className="field-label">Find a product</span>
        <input className="input" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="Type part of a name" />
      </label>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">Products, running low first, with how many came in</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="staff-number">
                On hand
              </th>
              <th scope="col">Came in</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => {
              const error = errors.quantities?.[index]?.message;
              const inputId = `receive-${product.productId}`;
              return (
                <tr key={product.productId} hidden={Boolean(wanted) && !product.productname.toLowerCase().includes(wanted)}>
                  <td>
                    <label htmlFor={inputId}>{product.productname}</label>
                    <span className="muted"> · {product.productUnit}</span>
                    {product.stock?.low ? <span className="staff-badge-warn"> running low</span> : null}
                  </td>
                  <td className="staff-number">{product.stock ? product.stock.onHand : 'not counted'}</td>
                  <td>
                    <input
                      id={inputId}
                      className="input staff-receive-input"
                      inputMode="decimal"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      {...register(`quantities.${index}`)}
                    />
                    {error ? (
                      <p className="field-error" id={`${inputId}-error`}>
                        {error}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AreaField label="Note (who delivered, invoice number...)" rows={2} maxLength={300} error={errors.note?.message} {...register('note')} />
      {errors.root?.message ? (
        <p className="field-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" busy={isSubmitting}>
        {isSubmitting ? 'Receiving...' : 'Receive the delivery'}
      </Button>
    </form>
  );
}

export default function ReceivePage() {
  useDocumentTitle('Receive a delivery');
  const { state, reload } = useRemote(() => fetchStock({ limit: LISTED }), [], 'Could not load the products');
  return (
    <div className="staff-page">
      <h1 className="page-title">Receive a delivery</h1>
      <p className="muted">Fill in how many came in of each product delivered; leave the others empty.</p>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the products..." />
      {state.data ? <ReceiveForm products={state.data.products} /> : null}
    </div>
  );
}
