// The three-step progress bar (docs/product.md section 2: Payment, Delivery, Confirmation); the current step
// is announced.
const STEPS = ['Payment', 'Delivery', 'Confirmation'] as const;

export function CheckoutProgress({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="checkout-progress" aria-label="Checkout progress">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label} className={`checkout-progress-step is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="checkout-progress-dot" aria-hidden="true">
              {step}
            </span>
            <span className="checkout-progress-label">
              {label}
              {state === 'done' ? <span className="visually-hidden"> (completed)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
