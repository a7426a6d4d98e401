// Saving a console form (react-hook-form with the server's schema, and submitStaffForm behind the
// product, category and delivery forms): the schema's refusal is shown under each field and nothing is
// sent; the server's field errors are shown the same way with its message as a toast; a category name
// already taken (409) is shown under Name.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import CategoryEditPage from './pages/category-edit-page';
import DeliveryPage from './pages/delivery-page';
import { ConsoleAccountContext } from './console-account';
import { ProductForm } from './pages/product-edit-page';

const vegetables = { _id: 'cat-veg', name: 'Vegetables', description: '', image: '/uploads/veg.png', imagePath: '/uploads/veg.png', hidden: false };
const tomatoes = {
  _id: 'tomatoes',
  productname: 'Tomatoes',
  localName: 'Inyanya',
  productUnit: 'kg',
  price: 1200,
  offerPrice: null,
  description: 'Red and ripe',
  productCategory: { _id: 'cat-veg', name: 'Vegetables' },
  imagePath: '/uploads/tomatoes.png',
  productImage: '/uploads/tomatoes.png',
  inStock: true,
  hidden: false,
};

beforeEach(() => toast.clear());
afterEach(() => vi.unstubAllGlobals());

/** The message a field's aria-describedby points at, if any. */
const errorOf = (label: string) => {
  const described = screen.getByLabelText(label).getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};
const toasts = () => toast.current().map((item) => item.message);

describe('saving a console form', () => {
  it("shows the schema's refusal under each field and sends nothing", async () => {
    const fetchMock = mockFetch(() => json({}));
    render(<ProductForm product={null} categories={[vegetables] as never} onSaved={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(errorOf('Name')).toBe('Name is required');
    expect(errorOf('Unit (kg, bunch, piece...)')).toBe('Unit is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field errors under their fields and its message as a toast", async () => {
    mockFetch(() => json({ success: false, error: 'bad_request', message: 'Check the product', errors: [{ msg: 'That unit is unknown', param: 'productUnit' }] }, 400));
    const onSaved = vi.fn();
    render(<ProductForm product={tomatoes as never} categories={[vegetables] as never} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(errorOf('Unit (kg, bunch, piece...)')).toBe('That unit is unknown'));
    expect(errorOf('Name')).toBeUndefined();
    expect(toasts()).toEqual(['Check the product']);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('shows a category name already taken under Name', async () => {
    mockFetch((request) =>
      request.method === 'GET'
        ? json({ success: true, categories: [vegetables] })
        : json({ success: false, error: 'conflict', message: 'A category with that name already exists' }, 409),
    );
    render(
      <MemoryRouter initialEntries={['/admin/catalog/categories/cat-veg']}>
        <Routes>
          <Route path="/admin/catalog/categories/:categoryId" element={<CategoryEditPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(errorOf('Name')).toBe('A category with that name already exists'));
    expect(toasts()).toEqual(['A category with that name already exists']);
  });

  it('sends what the schema made of the form: trimmed numbers, and an offer of only spaces as no offer', async () => {
    const fetchMock = mockFetch(async (request) => {
      expect(await request.json()).toMatchObject({ productname: 'Tomatoes', price: 1300, offerPrice: null, inStock: false, image: '/uploads/tomatoes.png' });
      return json({ success: true, message: 'Product updated', product: tomatoes });
    });
    const onSaved = vi.fn();
    render(<ProductForm product={tomatoes as never} categories={[vegetables] as never} onSaved={onSaved} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Price (frw)'));
    await user.type(screen.getByLabelText('Price (frw)'), ' 1300 ');
    await user.type(screen.getByLabelText('Offer price (frw, optional)'), '   ');
    await user.click(screen.getByLabelText('In stock'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(tomatoes, 'Product updated'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the delivery schedule form', () => {
  const schedule = { days: [1, 2, 3, 4, 5, 6], openFrom: '08:00', openUntil: '20:00', windowHours: 2, capacity: 10, sameDayCutoff: '14:00' };
  function renderPage(onPut: (body: unknown) => Response | Promise<Response>) {
    const fetchMock = mockFetch(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/admin/baskets') return json({ success: true, baskets: [] });
      if (request.method === 'PUT') return onPut(await request.json());
      return json({ success: true, schedule, updatedAt: '2026-11-23T08:00:00.000Z', windows: [] });
    });
    // Staff's Delivery page: a packer's shows the pick list alone.
    render(
      <ConsoleAccountContext.Provider value={{ id: 'u1', roles: ['staff'] }}>
        <MemoryRouter>
          <DeliveryPage />
        </MemoryRouter>
      </ConsoleAccountContext.Provider>,
    );
    return fetchMock;
  }
  const puts = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([input, init]) => (input instanceof Request ? input.method : init?.method) === 'PUT');

  it('refuses a schedule with no day or no window length, under the field, and sends nothing', async () => {
    const fetchMock = renderPage(() => json({}));
    const user = userEvent.setup();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await user.click(await screen.findByLabelText(day));
    await user.clear(screen.getByLabelText('Window length (hours)'));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Choose at least one delivery day')).toBeInTheDocument();
    expect(errorOf('Window length (hours)')).toBe('Window length is required');
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('sends the days in order and the numbers as numbers', async () => {
    let sent: unknown;
    renderPage((body) => {
      sent = body;
      return json({ success: true, message: 'Delivery schedule saved', schedule, updatedAt: '2026-11-23T09:00:00.000Z' });
    });
    const user = userEvent.setup();
    // Monday off and on again comes after Sunday in the form; the schema puts the days in order.
    await user.click(await screen.findByLabelText('Monday'));
    await user.click(screen.getByLabelText('Sunday'));
    await user.click(screen.getByLabelText('Monday'));
    await user.clear(screen.getByLabelText('Orders a window takes'));
    await user.type(screen.getByLabelText('Orders a window takes'), '12');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await vi.waitFor(() => expect(toasts()).toEqual(['Delivery schedule saved']));
    expect(sent).toEqual({ ...schedule, days: [1, 2, 3, 4, 5, 6, 7], capacity: 12 });
  });
});
