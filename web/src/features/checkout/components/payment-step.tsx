// Step 1: cash on delivery, paid by mobile money; the pay code and business name come from GET config.
import { Button } from '../../../components/ui/button';
import { useShopConfig } from '../../../lib/shop-config';

interface PaymentStepProps {
  method: 'cash' | null;
  onMethodChange: (method: 'cash') => void;
  busy: boolean;
  onContinue: () => void;
}

export function PaymentStep({ method, onMethodChange, busy, onContinue }: PaymentStepProps) {
  const config = useShopConfig();
  return (
    <section className="card checkout-step" aria-labelledby="payment-title">
      <h2 id="payment-title" className="checkout-step-title">
        Payment Method
      </h2>
      <fieldset className="payment-options">
        <legend className="visually-hidden">Choose a payment method</legend>
        <label className={`payment-option ${method === 'cash' ? 'is-selected' : ''}`}>
          <input
            type="radio"
            name="paymentType"
            value="cash"
            checked={method === 'cash'}
            onChange={() => onMethodChange('cash')}
          />
          <span>
            <strong>Cash on Delivery</strong>
            <span className="payment-option-note">Pay with Mobile Money when your order arrives</span>
          </span>
        </label>
      </fieldset>
      <div className="momo-instructions">
        <h3>How to pay with Mobile Money</h3>
        <ol>
          <li>
            Dial the MoMo Pay code <strong className="pay-code">{config?.payCode ?? '…'}</strong>
          </li>
          <li>
            Check that the business name reads <strong>{config?.businessName ?? '…'}</strong>
          </li>
          <li>Pay the order total shown in your order summary.</li>
          <li>The administrator verifies payment and calls the customer within 10 minutes.</li>
        </ol>
      </div>
      <div className="checkout-actions">
        <Button onClick={onContinue} busy={busy}>
          {busy ? 'Continuing...' : 'Continue to Delivery'}
        </Button>
      </div>
    </section>
  );
}
