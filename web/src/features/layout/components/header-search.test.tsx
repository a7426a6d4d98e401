// The header search waits 300 ms after typing, goes to /products on clear, searches at once on submit,
// and ignores blank text.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { HeaderSearch } from './header-search';

function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(start: string) {
  render(
    <MemoryRouter initialEntries={[start]}>
      <HeaderSearch />
      <CurrentAddress />
    </MemoryRouter>,
  );
  return {
    input: screen.getByRole('searchbox', { name: 'Search products' }),
    address: () => screen.getByTestId('address').textContent,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('HeaderSearch', () => {
  it('searches 300 ms after the shopper stops typing, with the text trimmed and encoded', () => {
    const { input, address } = renderAt('/about');
    fireEvent.change(input, { target: { value: 'sweet potato ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(address()).toBe('/about');
    act(() => vi.advanceTimersByTime(1));
    expect(address()).toBe('/products?search=sweet%20potato');
  });

  it('restarts the wait on every keystroke', () => {
    const { input, address } = renderAt('/');
    fireEvent.change(input, { target: { value: 'to' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'tom' } });
    act(() => vi.advanceTimersByTime(200));
    expect(address()).toBe('/');
    act(() => vi.advanceTimersByTime(100));
    expect(address()).toBe('/products?search=tom');
  });

  it('keeps what is typed after a pause: the search it started does not take back the letters typed since', () => {
    const { input, address } = renderAt('/about');
    fireEvent.change(input, { target: { value: 'tom' } });
    // A slow phone: the search for "tom" goes, and the next letter arrives before the page follows the address.
    act(() => {
      vi.advanceTimersByTime(300);
      fireEvent.change(input, { target: { value: 'toma' } });
    });
    expect(address()).toBe('/products?search=tom');
    expect(input).toHaveValue('toma');
    act(() => vi.advanceTimersByTime(300));
    expect(address()).toBe('/products?search=toma');
    expect(input).toHaveValue('toma');
  });

  it('ignores blank text', () => {
    const { input, address } = renderAt('/contact');
    fireEvent.change(input, { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(address()).toBe('/contact');
    fireEvent.submit(input.closest('form')!);
    expect(address()).toBe('/contact');
  });

  it('goes back to all products when the box is cleared', () => {
    const { input, address } = renderAt('/products?search=milk');
    expect(input).toHaveValue('milk');
    fireEvent.change(input, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(300));
    expect(address()).toBe('/products');
  });

  it('searches at once when the form is submitted', () => {
    const { input, address } = renderAt('/');
    fireEvent.change(input, { target: { value: 'beans' } });
    fireEvent.submit(input.closest('form')!);
    expect(address()).toBe('/products?search=beans');
  });
});
