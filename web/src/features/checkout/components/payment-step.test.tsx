// How each payment works, in one wording (server/lib/payment-words.ts) on checkout, as on the
// confirmation (order-details-panels.test.tsx): cash is cash or the MoMo Pay code, never "Mobile Money
// when your order arrives" under a "Cash on Delivery" heading; "verifies your payment" only of a payment
// made, never before one can be.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CASH_WORDS } from '@server/lib/payment-words';
import { PaymentStep } from './payment-step';

const CONFIG = { shopName: 'Isoko', payCode: '654321', businessName: 'Isoko Ltd', supportPhone: '', supportEmail: '', address: '', hours: '', ussdServiceCode: '*384*4766#', momoRequestToPay: true };
vi.mock('@web/lib/shop-config', () => ({ useShopConfig: () => CONFIG }));

const step = (method: 'cash' | 'momo') => (
  <PaymentStep method={method} onMethodChange={() => {}} payerPhone="" onPayerPhoneChange={() => {}} payerPhoneError="" busy={false} onContinue={() => {}} />
);

describe('checkout: how each payment works', () => {
  it('says cash is cash on delivery or the MoMo Pay code, as the conversation does, and verifies only once paid', () => {
    render(step('cash'));
    const cash = screen.getByRole('radio', { name: /Cash on delivery/ });
    expect(cash.closest('label')).toHaveTextContent('Pay cash on delivery or MoMo Pay 654321 (Isoko Ltd)');
    expect(document.body).not.toHaveTextContent('Pay with Mobile Money when your order arrives');
    expect(document.body).toHaveTextContent(CASH_WORDS.verified);
    // "verifies" appears only as what follows a payment with the code.
    expect(document.body.textContent!.match(/verifies/g)).toHaveLength(1);
    expect(CASH_WORDS.verified).toMatch(/^Once you pay with the MoMo Pay code, /);
  });

  it('says MoMo pay now asks the phone for a PIN, with the code only once the payment failed or expired', () => {
    render(step('momo'));
    expect(document.body).toHaveTextContent('Your phone asks you to approve the payment with your MoMo PIN');
    expect(document.body).toHaveTextContent('Only if the payment fails or expires, pay again or pay with the MoMo Pay code 654321 (Isoko Ltd).');
    expect(document.body).not.toHaveTextContent(/verifies/);
  });
});
