// Step 1: how to pay. Cash on delivery, paid by mobile money with the shop's pay code (the pay code and
// business name come from GET config); and, when the shop has MTN MoMo request-to-pay, "Pay now with
// MoMo": the shopper's phone asks them to approve the payment with their PIN.
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import type { PaymentType } from '@server/modules/orders/order-lists.schema';
import { Button } from '@web/components/ui/button';
import { cashWords, momoWords } from '@web/lib/i18n/payment-words';
import { useShopConfig } from '@web/lib/shop-config';

export type PaymentMethod = PaymentType;

interface PaymentStepProps {
  method: PaymentMethod | null;
  onMethodChange: (method: PaymentMethod) => void;
  /** The MoMo number asked to approve a "Pay now with MoMo" payment. */
  payerPhone: string;
  onPayerPhoneChange: (phone: string) => void;
  payerPhoneError: string;
  busy: boolean;
  onContinue: () => void;
}

/** Cash or the MoMo Pay code, in the words every face uses (web/src/lib/i18n/payment-words.ts): verified only once paid. */
function PayCodeInstructions({ payCode, businessName }: { payCode: string; businessName: string }) {
  return (
    <div className="momo-instructions">
      <h3>{t`How to pay`}</h3>
      <p>{cashWords.how({ code: payCode, business: businessName })}.</p>
      <p>{t`With the MoMo Pay code, before your order arrives or when it does:`}</p>
      <ol>
        <li>
          {t`Dial the MoMo Pay code`} <strong className="pay-code">{payCode}</strong>
        </li>
        <li>
          {t`Check that the business name reads`} <strong>{businessName}</strong>
        </li>
        <li>{t`Pay the order total shown in your order summary.`}</li>
        <li>{cashWords.verified()}</li>
      </ol>
    </div>
  );
}

export function PaymentStep(props: PaymentStepProps) {
  const { method, onMethodChange, payerPhone, onPayerPhoneChange, payerPhoneError, busy, onContinue } = props;
  const config = useShopConfig();
  const ids = useId();
  const momoOffered = config?.momoRequestToPay === true;
  const payCode = config?.payCode ?? '…';
  const businessName = config?.businessName ?? '…';
  return (
    <section className="card checkout-step" aria-labelledby="payment-title">
      <h2 id="payment-title" className="checkout-step-title">
        {t`Payment Method`}
      </h2>
      <fieldset className="payment-options">
        <legend className="visually-hidden">{t`Choose a payment method`}</legend>
        <label className={`payment-option ${method === 'cash' ? 'is-selected' : ''}`}>
          <input type="radio" name="paymentType" value="cash" checked={method === 'cash'} onChange={() => onMethodChange('cash')} />
          <span>
            <strong>{momoOffered ? t`Cash on delivery (MoMo Pay code)` : t`Cash on Delivery`}</strong>
            <span className="payment-option-note">{cashWords.how({ code: payCode, business: businessName })}</span>
          </span>
        </label>
        {momoOffered ? (
          <label className={`payment-option ${method === 'momo' ? 'is-selected' : ''}`}>
            <input type="radio" name="paymentType" value="momo" checked={method === 'momo'} onChange={() => onMethodChange('momo')} />
            <span>
              <strong>{momoWords.name()}</strong>
              <span className="payment-option-note">{momoWords.how()}</span>
            </span>
          </label>
        ) : null}
      </fieldset>
      {method === 'momo' && momoOffered ? (
        <div className="momo-instructions">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-payer`}>
              {t`MoMo number`}
            </label>
            <input
              id={`${ids}-payer`}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t`The delivery phone`}
              value={payerPhone}
              onChange={(event) => onPayerPhoneChange(event.target.value)}
              aria-invalid={payerPhoneError ? true : undefined}
              aria-describedby={payerPhoneError ? `${ids}-payer-error` : undefined}
            />
            {payerPhoneError ? (
              <p id={`${ids}-payer-error`} className="field-error">
                {payerPhoneError}
              </p>
            ) : null}
          </div>
          <h3>{t`How MoMo pay now works`}</h3>
          <ol>
            <li>{t`Place your order.`}</li>
            <li>{t`MTN MoMo asks this number (or, left empty, the delivery address's phone) to approve the order total: enter your MoMo PIN on that phone.`}</li>
            <li>{t`Your order is paid at once; no one needs to call you about payment.`}</li>
            <li>{momoWords.fallback({ code: payCode, business: businessName })}</li>
          </ol>
        </div>
      ) : (
        <PayCodeInstructions payCode={payCode} businessName={businessName} />
      )}
      <div className="checkout-actions">
        <Button onClick={onContinue} busy={busy}>
          {busy ? t`Continuing...` : t`Continue to Delivery`}
        </Button>
      </div>
    </section>
  );
}
