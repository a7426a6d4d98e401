// An order's lines in the shopper's language: in Kinyarwanda a product is called by its local name, as
// the product cards and the cart call it (the confirmation and Track orders show these lines).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderLine } from '@server/modules/orders/orders.schema';
import { startI18n } from '@web/lib/i18n/i18n';
import { OrderLines } from './order-lines';

function line(fields: Partial<OrderLine>): OrderLine {
  return {
    productId: 'cabbage',
    productName: 'Cabbage',
    productImage: '',
    productQuantity: 2,
    unit: 'piece',
    price: 350,
    subtotal: 700,
    productDetails: { productname: 'Cabbage', productImage: '' },
    estimated: false,
    substitution: 'similar',
    packedQuantity: null,
    substitutedBy: null,
    finalSubtotal: null,
    refusedQuantity: 0,
    ...fields,
  } as OrderLine;
}

const CABBAGE = line({ localName: 'amashu' });
const GARLIC = line({ productId: 'garlic', productName: 'Garlic', productDetails: { productname: 'Garlic', productImage: '' } });

afterEach(() => startI18n('en'));

describe('order lines', () => {
  it('call a product by its Kinyarwanda name in Kinyarwanda, and by the catalog name one without', async () => {
    await startI18n('rw');
    render(<OrderLines lines={[CABBAGE, GARLIC]} />);
    expect(screen.getByText('Amashu')).toBeInTheDocument();
    expect(screen.queryByText('Cabbage')).not.toBeInTheDocument();
    expect(screen.getByText('Garlic')).toBeInTheDocument();
  });

  it('name a packed substitute by its Kinyarwanda name too', async () => {
    await startI18n('rw');
    const substitutedBy = { productId: 'cherry-tomatoes', productName: 'Cherry tomatoes', localName: 'inyanya nto', unit: 'pack', price: 1200, answer: 'accepted' as const, answerBy: null };
    render(<OrderLines lines={[line({ localName: 'amashu', packedQuantity: 2, finalSubtotal: 2400, substitutedBy })]} />);
    expect(screen.getByText(/Inyanya nto/)).toBeInTheDocument();
    expect(screen.queryByText(/Cherry tomatoes/)).not.toBeInTheDocument();
  });

  it('keep the catalog name in English', async () => {
    await startI18n('en');
    render(<OrderLines lines={[CABBAGE]} />);
    expect(screen.getByText('Cabbage')).toBeInTheDocument();
    expect(screen.queryByText('Amashu')).not.toBeInTheDocument();
  });
});
