// /receipt/:orderId: a delivered order's receipt, as the shopper keeps it (docs/receipts.md): the
// invoice number, each line ordered and sent, the fee, what was paid and how. Printed from the browser
// on A4 or a phone's share sheet; the print stylesheet leaves out the shop's header, footer and chat.
import { t } from '@lingui/core/macro';
import { Link, useParams } from 'react-router-dom';
import type { Receipt, ReceiptPayment } from '@server/modules/orders/receipt.schema';
import { quantityWithUnit } from '@server/lib/units';
import { Button, buttonClass } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/ui/spinner';
import { paths } from '@web/app/paths';
import { toApiError } from '@web/lib/api-client';
import { currentLanguage } from '@web/lib/i18n/i18n';
import { formatDate } from '@web/lib/i18n/format';
import { formatMoney } from '@web/lib/money';
import { useRemote } from '@web/lib/use-remote';
import { RequireLogin } from '@web/features/auth';
import { useDocumentTitle } from '@web/components/ui/use-document-title';
import { fetchReceipt } from '../api/orders-api';
import '../orders.css';

/** How a payment was made, in the shopper's words. */
function paidHow(method: ReceiptPayment['method']): string {
  switch (method) {
    case 'momo':
      return t`Paid by MoMo`;
    case 'pay_code':
      return t`Paid with the MoMo Pay code`;
    case 'shop_cash':
      return t`Paid in cash at the shop`;
    default:
      return t`Paid in cash`;
  }
}

function ReceiptLines({ receipt }: { receipt: Receipt }) {
  const language = currentLanguage();
  const amount = (quantity: number, unit: string) => quantityWithUnit(quantity, unit, language);
  return (
    <table className="receipt-lines">
      <thead>
        <tr>
          <th scope="col">{t`Product`}</th>
          <th scope="col">{t`Ordered`}</th>
          <th scope="col">{t`Sent`}</th>
          <th scope="col">{t`Price`}</th>
          <th scope="col">{t`Amount`}</th>
        </tr>
      </thead>
      <tbody>
        {receipt.lines.map((line) => (
          <tr key={line.productId}>
            <th scope="row">
              {line.name}
              {line.substitutedBy ? <div className="muted">{t`Sent instead: ${line.substitutedBy}`}</div> : null}
              {line.refused ? <div className="muted">{t`Refused at the door: ${amount(line.refused, line.sentUnit)}`}</div> : null}
            </th>
            <td>{amount(line.ordered, line.unit)}</td>
            <td>{amount(line.sent, line.sentUnit)}</td>
            <td>{formatMoney(line.price)}</td>
            <td>{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReceiptTotals({ receipt }: { receipt: Receipt }) {
  return (
    <dl className="order-totals receipt-totals">
      <div>
        <dt>{t`Goods`}</dt>
        <dd>{formatMoney(receipt.goods)}</dd>
      </div>
      <div>
        <dt>{t`Delivery fee`}</dt>
        <dd>{receipt.deliveryFee === null ? t`None` : formatMoney(receipt.deliveryFee)}</dd>
      </div>
      <div className="order-totals-total">
        <dt>{t`Total`}</dt>
        <dd>{formatMoney(receipt.total)}</dd>
      </div>
      {receipt.payments.map((payment, index) => (
        <div key={index}>
          <dt>
            {paidHow(payment.method)} <span className="muted">{formatDate(payment.at, 'withTime')}</span>
            {payment.reference ? <div className="muted">{t`MoMo transaction ${payment.reference}`}</div> : null}
          </dt>
          <dd>{formatMoney(payment.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{t`Still to pay`}</dt>
        <dd>{formatMoney(receipt.balance)}</dd>
      </div>
    </dl>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  useDocumentTitle(t`Receipt ${receipt.invoiceNumber}`);
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <div>
          <strong>{receipt.shop.name}</strong>
          <div className="muted">
            {receipt.shop.phone} · {receipt.shop.email}
          </div>
        </div>
        <div>
          <h1 id="receipt-title" className="page-title">
            {t`Receipt ${receipt.invoiceNumber}`}
          </h1>
          <div>{t`Order #${receipt.orderNumber}`}</div>
        </div>
      </header>
      <dl className="confirm-facts receipt-facts">
        <div>
          <dt>{t`Ordered`}</dt>
          <dd>{formatDate(receipt.placedAt, 'withTime')}</dd>
        </div>
        <div>
          <dt>{t`Delivered`}</dt>
          <dd>{formatDate(receipt.deliveredAt, 'withTime')}</dd>
        </div>
        <div>
          <dt>{t`Customer`}</dt>
          <dd>
            {receipt.customer.fullName}, {receipt.customer.phoneNumber}
          </dd>
        </div>
        <div>
          <dt>{t`Delivered to`}</dt>
          <dd>{receipt.address}</dd>
        </div>
      </dl>
      <ReceiptLines receipt={receipt} />
      <ReceiptTotals receipt={receipt} />
      <div className="receipt-actions">
        <Button onClick={() => window.print()}>{t`Print receipt`}</Button>
        <Link to={paths.trackOrders} className={buttonClass('secondary')}>
          {t`Track Orders`}
        </Link>
      </div>
    </article>
  );
}

type Loaded = { receipt: Receipt } | { missing: string };

function ReceiptLoader() {
  const { orderId = '' } = useParams();
  const { state, reload } = useRemote<Loaded>(
    async (signal) => {
      try {
        return { receipt: await fetchReceipt(orderId, signal) };
      } catch (error) {
        if (signal.aborted) throw error;
        const failure = await toApiError(error, t`Order not found`);
        if (failure.status === 409) return { missing: t`This order is not delivered yet: its receipt is made when it is delivered.` };
        if (failure.status === 404) return { missing: t`We could not find this order. It may belong to another account.` };
        throw failure;
      }
    },
    [orderId],
    t`Failed to fetch order details`,
  );
  if (state.status === 'error') {
    return (
      <div className="container receipt-page">
        <div className="card confirm-missing" role="alert">
          <h1 className="page-title">{t`Failed to fetch order details`}</h1>
          <p>{state.error.message}</p>
          <Button onClick={() => reload()}>{t`Try again`}</Button>
        </div>
      </div>
    );
  }
  if (state.status !== 'ready') return <LoadingBlock label={t`Loading your receipt...`} />;
  const loaded = state.data;
  return (
    <div className="container receipt-page">
      {'receipt' in loaded ? (
        <ReceiptView receipt={loaded.receipt} />
      ) : (
        <div className="card confirm-missing">
          <h1 className="page-title">{t`No receipt yet`}</h1>
          <p>{loaded.missing}</p>
          <Link to={paths.trackOrders} className={buttonClass('secondary')}>
            {t`Track Orders`}
          </Link>
        </div>
      )}
    </div>
  );
}

export default function ReceiptPage() {
  return (
    <RequireLogin>
      <ReceiptLoader />
    </RequireLogin>
  );
}
