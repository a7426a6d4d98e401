// The price rule on a card: the effective price is current, the list price is struck through,
// and the percent-off badge (rounded) shows only when the offer is lower.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { Product } from '../api/catalog-api';
import { ProductCard } from './product-card';

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'eggs',
    productname: 'Eggs (tray of 30)',
    price: 4500,
    offerPrice: null,
    productImage: '/images/products/eggs.svg',
    productUnit: 'tray',
    quantityStep: 1,
    minQuantity: 1,
    description: 'Fresh eggs',
    averageRating: 4.26,
    ratingCount: 3,
    inStock: true,
    productCategory: { _id: 'dairy', name: 'Dairy & Eggs' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderCard(item: Product) {
  const { container } = render(
    <MemoryRouter>
      <ProductCard product={item} />
    </MemoryRouter>,
  );
  return container;
}

describe('ProductCard', () => {
  it('shows the offer as the current price, the list price struck through and the rounded percent off', () => {
    const container = renderCard(product({ price: 1500, offerPrice: 1000 }));
    const current = container.querySelector('.price-current')!;
    expect(current).toHaveTextContent('frw 1,000.00/tray');
    const struck = container.querySelector('s')!;
    expect(struck).toHaveTextContent('frw 1,500.00');
    expect(screen.getByText('33% OFF')).toBeInTheDocument();
  });

  it('shows no badge and nothing struck through without an offer', () => {
    const container = renderCard(product());
    expect(container.querySelector('.price-current')).toHaveTextContent('frw 4,500.00/tray');
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });

  it('ignores an offer that is not lower than the price', () => {
    const container = renderCard(product({ price: 1000, offerPrice: 1200 }));
    expect(container.querySelector('.price-current')).toHaveTextContent('frw 1,000.00/tray');
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });

  it('links to the product, names its category and shows the rating to one decimal', () => {
    renderCard(product());
    expect(screen.getByRole('link', { name: 'Eggs (tray of 30)' })).toHaveAttribute('href', '/product/eggs');
    expect(screen.getByText('Dairy & Eggs')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByRole('button', { name: 'Add to Cart: Eggs (tray of 30)' })).toBeEnabled();
  });

  it("says 'No ratings yet' for an unrated product instead of 0.0", () => {
    const container = renderCard(product({ averageRating: 0, ratingCount: 0 }));
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(container.querySelector('.stars')).toHaveTextContent(/^No ratings yet$/);
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
  });

  it("falls back to 'Unknown' without a category", () => {
    renderCard(product({ productCategory: undefined as never }));
    expect(screen.getByText('Unknown')).toBeInTheDocument();
  });

  it("labels a product staff marked out of stock 'Out of stock' and disables its Add to Cart", () => {
    renderCard(product({ inStock: false }));
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart: Eggs (tray of 30)' })).toBeDisabled();
  });

  it('shows no stock label on a product in stock', () => {
    renderCard(product());
    expect(screen.queryByText('Out of stock')).toBeNull();
  });

  it("says what is left while a counted product runs low ('Only 3 left', the unit for a measured one), and nothing when well stocked", () => {
    renderCard(product({ stock: { low: true, available: 3 } }));
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart: Eggs (tray of 30)' })).toBeEnabled();
    document.body.innerHTML = '';
    renderCard(product({ productUnit: 'kg', stock: { low: true, available: 2.5 } }));
    expect(screen.getByText('Only 2.5 kg left')).toBeInTheDocument();
    document.body.innerHTML = '';
    renderCard(product({ stock: { low: false } }));
    expect(screen.queryByText(/Only .* left/)).toBeNull();
  });

  it('a counted product with none left is out of stock, not "Only 0 left"', () => {
    renderCard(product({ inStock: false, stock: { low: true, available: 0 } }));
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByText(/Only .* left/)).toBeNull();
  });
});
