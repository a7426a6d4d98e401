// The confirmation says how each payment works in the one wording checkout, e-mails and the conversation
// use (server/lib/payment-words.ts): the exact amount in cash or by the MoMo Pay code, never "to pay
// with Mobile Money" after "Cash on delivery"; "verifies your payment" only of a payment made with the code.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@server/modules/orders/orders.schema';
import { CASH_WORDS } from '@server/lib/payment-words';
import { NextStepsPanel, PaymentPanel } from './order-details-panels';

const CONFIG = { shopName: 'Isoko', payCode: '654321', businessName: 'Isoko Ltd', supportPhone: '', supportEmail: '', address: '', hours: '', ussdServiceCode: '*384*4766#', momoRequestToPay: true };

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'ord0000000000000abcd1234',
    invoiceNumber: 'INV-1',
    createdAt: '2026-11-23T08:00:00.000Z',
    amount: 2650,
    deliveryFee: null,
    total: 2650,
    timeline: [],
    status: 'pending',
    paymentType: 'cash',
    paymentStatus: 'pending',
    address: { _id: 'a1', description: 'Home', city: 'Kigali', street: 'KN 5 Rd', district: 'Gasabo', phoneNumber: '+250788000111', isDefault: true },
    products: [],
    deliveryWindow: null,
    momoTransactionId: null,
    paymentFailureReason: null,
    momoRequest: null,
    finalAmount: 2650,
    packedAt: null,
    ...overrides,
  };
}

describe('confirmation: how each payment works', () => {
  it('asks a cash order for the exact amount, in cash or by the code, and says what follows a code payment', () => {
    render(
      <>
        <PaymentPanel order={order()} config={CONFIG} />
        <NextStepsPanel order={order()} />
      </>,
    );
    expect(document.body).toHaveTextContent('Please prepare the exact amount of frw 2,650.00: in cash when your order arrives, or paid with MoMo Pay 654321 (Isoko Ltd).');
    expect(document.body).not.toHaveTextContent('to pay with Mobile Money');
    expect(document.body).not.toHaveTextContent(/^The administrator verifies your payment/);
    expect(screen.getByRole('heading', { name: 'What Happens Next' }).nextElementSibling).toHaveTextContent(CASH_WORDS.verified);
    expect(document.body).toHaveTextContent('Cash on delivery or MoMo Pay code');
  });

  it('never says a MoMo or paid order will be verified and called about', () => {
    const { unmount } = render(<NextStepsPanel order={order({ paymentType: 'momo' })} />);
    expect(document.body).toHaveTextContent('Approve the MoMo payment when your phone asks; we will call you about delivery.');
    expect(document.body).not.toHaveTextContent(/verifies/);
    unmount();
    render(
      <>
        <PaymentPanel order={order({ paymentStatus: 'completed' })} config={CONFIG} />
        <NextStepsPanel order={order({ paymentStatus: 'completed' })} />
      </>,
    );
    expect(document.body).toHaveTextContent('Your payment is confirmed');
    expect(document.body).not.toHaveTextContent(/verifies|prepare the exact amount/);
  });
});
