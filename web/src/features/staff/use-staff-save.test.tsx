// Saving a console form (useStaffSave, behind the product, category and delivery forms): the schema's
// refusal is shown under each field and nothing is sent; the server's field errors are shown the same
// way with its message as a toast; a category name already taken (409) is shown under Name.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@web/components/ui/toast';
import { json, mockFetch } from '@web/test/mock-fetch';
import CategoryEditPage from './pages/category-edit-page';
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
});
