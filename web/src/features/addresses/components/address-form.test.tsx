// The shared address form: the five required-field messages of docs/product.md section 5, and clean values on submit.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@web/features/auth';
import { AddressForm } from './address-form';
import { AddressFormDialog } from './address-form-dialog';

function renderForm(serverErrors?: { message: string; field?: string }[], initial?: Parameters<typeof AddressForm>[0]['initial']) {
  const onSubmit = vi.fn();
  render(
    <AddressForm
      initial={initial}
      submitLabel="Save Address"
      busyLabel="Saving..."
      busy={false}
      serverErrors={serverErrors}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return onSubmit;
}

describe('AddressForm', () => {
  it('requires every field', async () => {
    const onSubmit = renderForm();
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('Street is required')).toBeInTheDocument();
    expect(screen.getByText('District is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats blank text as missing and submits trimmed values', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Description'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.type(screen.getByLabelText('Description'), ' Home ');
    await userEvent.type(screen.getByLabelText('Street'), 'KN 5 Rd');
    await userEvent.selectOptions(screen.getByLabelText('District'), 'Gasabo');
    await userEvent.type(screen.getByLabelText('Phone number'), '+250788123456');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set as default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      description: 'Home',
      city: 'Kigali',
      street: 'KN 5 Rd',
      district: 'Gasabo',
      sector: '',
      phoneNumber: '+250788123456',
      isDefault: true,
    });
  });

  it("checks the phone number with the server's rule before sending", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Description'), 'Home');
    await userEvent.type(screen.getByLabelText('Street'), 'KN 5 Rd');
    await userEvent.selectOptions(screen.getByLabelText('District'), 'Gasabo');
    await userEvent.type(screen.getByLabelText('Phone number'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '0788 123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it('shows the server field errors under their fields', async () => {
    renderForm([{ message: 'Street is too long', field: 'street' }]);
    expect(await screen.findByText('Street is too long')).toBeInTheDocument();
  });

  it("offers Kigali's districts and the chosen district's sectors, the list USSD and chat offer", async () => {
    const onSubmit = renderForm();
    const district = screen.getByLabelText('District');
    expect([...district.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Choose a district', 'Gasabo', 'Kicukiro', 'Nyarugenge']);
    expect(screen.getByLabelText('Sector')).toBeDisabled();
    await userEvent.selectOptions(district, 'Kicukiro');
    const sectors = [...screen.getByLabelText('Sector').querySelectorAll('option')].map((option) => option.textContent);
    expect(sectors).toHaveLength(11);
    expect(sectors).toContain('Kanombe');
    expect(sectors).not.toContain('Kimironko');
    await userEvent.selectOptions(screen.getByLabelText('Sector'), 'Kanombe');
    // Another district: the sector of the last one is no longer offered, nor kept.
    await userEvent.selectOptions(district, 'Gasabo');
    expect(screen.getByLabelText('Sector')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Sector'), 'Kimironko');
    await userEvent.type(screen.getByLabelText('Description'), 'Home');
    await userEvent.type(screen.getByLabelText('Street'), 'KG 9 Ave');
    await userEvent.type(screen.getByLabelText('Phone number'), '0788123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ district: 'Gasabo', sector: 'Kimironko' });
  });

  it('an address saved with a district typed before the list says what was saved and asks for its district', async () => {
    const onSubmit = renderForm(undefined, { description: 'Home', city: 'Kigali', street: 'KG 9 Ave', district: 'Kimironko, near the market', sector: null, phoneNumber: '+250788123456' });
    expect(screen.getByText('Saved as "Kimironko, near the market": choose its district to save changes. Orders to this address still go as saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Street')).toHaveValue('KG 9 Ave');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('District is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a new address offers the phone given at sign-up', async () => {
    useAuthStore.setState({ user: { fullName: 'Aline Uwase', email: 'aline@example.rw', phoneNumber: '+250788765432' } });
    try {
      render(<AddressFormDialog open onClose={vi.fn()} onSaved={vi.fn()} />);
      expect(screen.getByLabelText('Phone number')).toHaveValue('+250788765432');
    } finally {
      useAuthStore.setState({ user: null });
    }
  });
});
