// /admin/orders/:orderId/packing: the packer's screen, made for a phone in one hand. Each line shows
// what was ordered, its estimate and the shopper's choice if it is missing; the packer records it as
// packed (the real weight or count, with a stepper for weighed lines), short (how much there is), or
// substituted (a product search, the shopper's named product filled in), then Done. Each line is sent
// as it is recorded, and the server's refusal (over the cap, a substitute the shopper refused) shows
// next to the line it is about (docs/packing.md).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Order, OrderLine } from '@server/modules/orders/orders.schema';
import { orderNumber } from '@server/modules/orders/orders.schema';
import { isMeasuredUnit, quantityWithUnit } from '@server/lib/units';
import { ArrowLeftIcon } from '@web/components/ui/icons';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { toApiError } from '@web/lib/api-client';
import { OrderStatusBadge } from '@web/features/orders';
import { fetchOrderToPack, fetchProductName, savePacking, searchProducts } from '../api/packing-api';
import { LoadState } from '../components/load-state';
import { useConsoleAccount } from '../console-account';
import { formatMoney } from '../format';
import { staffPaths } from '../staff-paths';
import { useRemote } from '../use-remote';

type Mode = 'idle' | 'short' | 'substitute';

/** A line moves by its product's own step (0.5 kg for tomatoes sold by the half kilo); a counted one by whole units. */
const stepOf = (line: Pick<OrderLine, 'unit' | 'quantityStep'>) => (line.quantityStep && line.quantityStep > 0 ? line.quantityStep : isMeasuredUnit(line.unit) ? 0.1 : 1);
/** What the packer typed or stepped to, never below nothing. */
const atLeastZero = (value: number) => (Number.isFinite(value) ? Math.max(0, value) : value);
const rounded = (value: number) => Math.round(value * 1000) / 1000;

export function preferenceText(line: Pick<OrderLine, 'substitution'>, namedProduct?: string): string {
  if (line.substitution === 'none') return 'If missing: leave it out';
  if (line.substitution === 'similar') return 'If missing: a similar item';
  return `If missing: ${namedProduct ?? 'a product they named'}`;
}

function recordedText(line: OrderLine): string | null {
  if (line.packedQuantity === null) return null;
  if (line.substitutedBy) {
    const answer = line.substitutedBy.answer === 'asked' ? ' (asked the shopper)' : line.substitutedBy.answer ? ` (${line.substitutedBy.answer.replace('_', ' ')})` : '';
    return `Substituted by ${line.substitutedBy.productName}: ${quantityWithUnit(line.packedQuantity, line.substitutedBy.unit)}${answer}`;
  }
  if (line.packedQuantity === 0) return 'Short: none packed';
  // A weighed line comes out at its real weight, a little under or over: short is for counted lines.
  if (!isMeasuredUnit(line.unit) && line.packedQuantity < line.productQuantity) return `Short: ${quantityWithUnit(line.packedQuantity, line.unit)} packed`;
  return `Packed ${quantityWithUnit(line.packedQuantity, line.unit)}`;
}

function QuantityStepper({ id, label, unit, step, value, onChange }: { id: string; label: string; unit: string; step: number; value: number; onChange: (value: number) => void }) {
  return (
    <div className="packing-stepper">
      <label htmlFor={id}>{label}</label>
      <div className="packing-stepper-row">
        <button type="button" className="packing-step" aria-label={`Less ${label.toLowerCase()}`} onClick={() => onChange(Math.max(0, rounded(value - step)))}>
          −
        </button>
        <input id={id} type="number" inputMode="decimal" min={0} step={step} value={Number.isFinite(value) ? value : ''} onChange={(event) => onChange(atLeastZero(event.target.valueAsNumber))} />
        <span className="packing-unit">{unit}</span>
        <button type="button" className="packing-step" aria-label={`More ${label.toLowerCase()}`} onClick={() => onChange(rounded((Number.isFinite(value) ? value : 0) + step))}>
          +
        </button>
      </div>
    </div>
  );
}

function SubstitutePicker({ line, named, onPick }: { line: OrderLine; named: string | undefined; onPick: (product: { id: string; name: string } | null) => void }) {
  const namedId = typeof line.substitution === 'object' ? line.substitution.productId : null;
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ id: string; name: string; price: number }[]>([]);
  const [chosen, setChosen] = useState<string>(namedId ?? '');
  const find = async () => {
    try {
      const products = await searchProducts(search.trim());
      setFound(products.filter((product) => product._id !== line.productId).map((product) => ({ id: product._id, name: product.productname, price: product.price })));
    } catch (error) {
      toast.error((await toApiError(error, 'Could not search the products')).message);
    }
  };
  const options = [...(namedId ? [{ id: namedId, name: `${named ?? 'Their named product'} (the shopper's choice)`, price: NaN }] : []), ...found.filter((product) => product.id !== namedId)];
  useEffect(() => {
    const option = options.find((product) => product.id === chosen);
    onPick(option ? { id: option.id, name: option.name } : null);
    // Only the choice decides; the list of options changes with every search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen, named]);
  return (
    <div className="packing-substitute">
      <label htmlFor={`search-${line.productId}`}>Find a substitute</label>
      <div className="packing-stepper-row">
        <input id={`search-${line.productId}`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), void find())} />
        <Button variant="secondary" onClick={() => void find()}>
          Search
        </Button>
      </div>
      <label htmlFor={`substitute-${line.productId}`}>Substitute</label>
      <select id={`substitute-${line.productId}`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">Choose a product</option>
        {options.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
            {Number.isFinite(product.price) ? ` · ${formatMoney(product.price)}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function PackingLine({ line, onSave }: { line: OrderLine; onSave: (input: { packed: number; substitutedBy?: string }) => Promise<string | null> }) {
  const [mode, setMode] = useState<Mode>('idle');
  const [amount, setAmount] = useState(line.packedQuantity ?? line.productQuantity);
  const [substitute, setSubstitute] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [named, setNamed] = useState<string>();
  const namedId = typeof line.substitution === 'object' ? line.substitution.productId : null;
  useEffect(() => {
    if (namedId) fetchProductName(namedId).then(setNamed, () => setNamed(undefined));
  }, [namedId]);

  const send = async (input: { packed: number; substitutedBy?: string }) => {
    if (!Number.isFinite(input.packed)) return setError('Give what was packed as a number');
    setSaving(true);
    const refusal = await onSave(input);
    setSaving(false);
    setError(refusal);
    if (!refusal) setMode('idle');
  };
  const recorded = recordedText(line);
  const errorId = `packing-error-${line.productId}`;
  return (
    <li className="card packing-line" aria-label={line.productName}>
      <div className="packing-line-head">
        <strong>{line.productName}</strong>
        {line.packedQuantity !== null ? <span className="packing-done-mark"> ✓</span> : null}
      </div>
      <p className="packing-line-meta">
        Ordered {quantityWithUnit(line.productQuantity, line.unit)} · {line.estimated ? 'about ' : ''}
        {formatMoney(line.subtotal)}
      </p>
      <p className="packing-line-meta">{preferenceText(line, named)}</p>
      {recorded ? <p className="packing-recorded">{recorded}</p> : null}
      {mode !== 'substitute' ? (
        <QuantityStepper id={`packed-${line.productId}`} label={mode === 'short' ? 'How much is there' : isMeasuredUnit(line.unit) ? 'Real weight' : 'Count packed'} unit={line.unit} step={stepOf(line)} value={amount} onChange={setAmount} />
      ) : null}
      {mode === 'substitute' ? (
        <>
          <SubstitutePicker line={line} named={named} onPick={setSubstitute} />
          <QuantityStepper id={`substitute-amount-${line.productId}`} label="Substitute packed" unit={line.unit} step={stepOf(line)} value={amount} onChange={setAmount} />
        </>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="packing-actions">
        {mode === 'idle' ? (
          <>
            <Button busy={saving} onClick={() => void send({ packed: amount })} aria-describedby={error ? errorId : undefined}>
              Packed
            </Button>
            <Button variant="secondary" onClick={() => (setMode('short'), setAmount(0), setError(null))}>
              Short
            </Button>
            {line.substitution !== 'none' ? (
              <Button variant="secondary" onClick={() => (setMode('substitute'), setAmount(line.productQuantity), setError(null))}>
                Substitute
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <Button
              busy={saving}
              onClick={() => {
                if (mode === 'short') return void send({ packed: amount });
                if (!substitute) return setError('Choose the product put in its place');
                void send({ packed: amount, substitutedBy: substitute.id });
              }}
            >
              {mode === 'short' ? 'Save short' : 'Save substitute'}
            </Button>
            <Button variant="secondary" onClick={() => (setMode('idle'), setAmount(line.packedQuantity ?? line.productQuantity), setError(null))}>
              Back
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export default function PackingPage() {
  const { orderId = '' } = useParams();
  const { roles } = useConsoleAccount();
  useDocumentTitle(`Pack order #${orderNumber(orderId)}`);
  const { state, reload, replace } = useRemote(() => fetchOrderToPack(orderId), [orderId], 'Could not load the order');
  const [doneError, setDoneError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const order = state.data;

  const saveLine = (line: OrderLine) => async (input: { packed: number; substitutedBy?: string }) => {
    try {
      const result = await savePacking(orderId, { lines: [{ productId: line.productId, ...input }] });
      replace(result.order);
      return null;
    } catch (error) {
      return (await toApiError(error, 'Could not save the line')).message;
    }
  };
  const finish = async (current: Order) => {
    setFinishing(true);
    try {
      const result = await savePacking(current._id, { lines: [], done: true });
      replace(result.order);
      setDoneError(null);
      toast.success(`${result.message}: ${formatMoney(result.order.finalAmount)} to pay`);
    } catch (error) {
      setDoneError((await toApiError(error, 'Could not end packing')).message);
    } finally {
      setFinishing(false);
    }
  };
  const mayOpenOrder = roles.includes('staff') || roles.includes('owner');

  return (
    <div className="staff-page packing-page">
      <Link to={mayOpenOrder ? staffPaths.order(orderId) : staffPaths.delivery} className="back-link">
        <ArrowLeftIcon size={18} /> {mayOpenOrder ? 'The order' : 'Pick list'}
      </Link>
      <h1 className="page-title">Pack #{orderNumber(order?._id ?? orderId)}</h1>
      <LoadState state={state} onRetry={() => void reload()} label="Loading the order..." />
      {order ? (
        <>
          <p className="staff-row-meta">
            {[order.address.description, order.address.district].filter(Boolean).join(', ')} · {order.deliveryWindow?.label ?? 'no window'} · <OrderStatusBadge status={order.status} />
          </p>
          <ul className="packing-lines">
            {order.products.map((line) => (
              <PackingLine key={`${line.productId}-${line.packedQuantity ?? ''}-${line.substitutedBy?.productId ?? ''}`} line={line} onSave={saveLine(line)} />
            ))}
          </ul>
          <div className="card packing-total">
            <p>
              Estimate {formatMoney(order.amount)}
              {order.packedAt ? (
                <>
                  {' '}
                  · Packed <strong>{formatMoney(order.finalAmount)}</strong>
                </>
              ) : null}
            </p>
            {doneError ? (
              <p className="field-error" role="alert">
                {doneError}
              </p>
            ) : null}
            <Button busy={finishing} onClick={() => void finish(order)}>
              {order.packedAt ? 'Done again (amount recomputed)' : 'Done'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
