// The cart's lines as the drawer and the cart page show them: what stock says of each (few left, none
// left, fewer left than the line holds), the lines checkout cannot sell apart under their own heading,
// their sums marked as not in the total, and no way to raise a line past what is left.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { toCartItem } from '../cart-item';
import { CartLines } from './cart-lines';

const category = { _id: 'dairy', name: 'Dairy & Eggs' };
const product = (id: string, name: string, unit: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  productname: name,
  price: 1000,
  offerPrice: null,
  productImage: `/images/products/${id}.svg`,
  productUnit: unit,
  description: name,
  averageRating: 4,
  ratingCount: 1,
  inStock: true,
  productCategory: category,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function renderLines(lines: Record<string, unknown>[]) {
  const items = lines.map((line) => toCartItem(line)!);
  return render(
    <MemoryRouter>
      <CartLines items={items} disabled={false} busy={false} />
    </MemoryRouter>,
  );
}

describe('CartLines', () => {
  it('shows the lines checkout cannot sell apart, saying why, out of the total', () => {
    renderLines([
      { productId: product('milk', 'Milk', 'litre'), quantity: 2, price: 1000, subtotal: 2000, sellable: true },
      { productId: product('eggs', 'Eggs', 'tray', { stock: { low: true, available: 2 } }), quantity: 3, price: 1000, subtotal: 3000, sellable: false, reason: 'not_enough', message: 'Only 2 left', available: 2 },
      { productId: product('beans', 'Beans', 'kg', { inStock: false }), quantity: 1, price: 1000, subtotal: 1000, sellable: false, reason: 'out_of_stock', message: 'Out of stock' },
    ]);
    const apart = screen.getByRole('region', { name: 'Not in your total: cannot be sold as it is' });
    expect(within(apart).getByRole('link', { name: 'Eggs' })).toBeInTheDocument();
    expect(within(apart).getByText('Only 2 left: lower the quantity to check out')).toBeInTheDocument();
    expect(within(apart).getByText('Out of stock: remove it to check out')).toBeInTheDocument();
    expect(within(apart).getAllByText('not in the total')).toHaveLength(2);
    // The line checkout can sell is not in that part.
    expect(within(apart).queryByRole('link', { name: 'Milk' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Milk' })).toBeInTheDocument();
    // Lowering is how the shopper fixes it; raising past what is left is not offered.
    expect(screen.getByRole('button', { name: 'Decrease quantity of Eggs' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Eggs' })).toBeDisabled();
  });

  it('says "Only 3 left" on a line running low that checkout can still sell, and stops its + at what is left', () => {
    renderLines([{ productId: product('eggs', 'Eggs', 'tray', { stock: { low: true, available: 3 } }), quantity: 3, price: 1000, subtotal: 3000, sellable: true }]);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Eggs' })).toBeDisabled();
    expect(screen.queryByText('not in the total')).toBeNull();
  });

  it('says nothing of stock for a product that keeps no count, or one well stocked', () => {
    renderLines([
      { productId: product('milk', 'Milk', 'litre'), quantity: 2, price: 1000, subtotal: 2000, sellable: true },
      { productId: product('eggs', 'Eggs', 'tray', { stock: { low: false } }), quantity: 9, price: 1000, subtotal: 9000, sellable: true },
    ]);
    expect(screen.queryByText(/left/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Increase quantity of Eggs' })).toBeEnabled();
  });
});
