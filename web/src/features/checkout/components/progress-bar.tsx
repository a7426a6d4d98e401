// The three-step progress bar (docs/product.md section 2: Payment, Delivery, Confirmation); the current step
// is announced.
import { msg, t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
const STEPS = [msg`Payment`, msg`Delivery`, msg`Confirmation`];

export function CheckoutProgress({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="checkout-progress" aria-label={t`Checkout progress`}>
      {STEPS.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label.id} className={`checkout-progress-step is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="checkout-progress-dot" aria-hidden="true">
              {step}
            </span>
            <span className="checkout-progress-label">
              {i18n._(label)}
              {state === 'done' ? <span className="visually-hidden"> {t`(completed)`}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
