// The shared address form: the five required-field messages of docs/product.md section 5, and clean values on submit.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form';

function renderForm(serverErrors?: { message: string; field?: string }[]) {
  const onSubmit = vi.fn();
  render(
    <AddressForm
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
    await userEvent.type(screen.getByLabelText('District'), 'Gasabo');
    await userEvent.type(screen.getByLabelText('Phone number'), '+250788123456');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set as default address' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({
      description: 'Home',
      city: 'Kigali',
      street: 'KN 5 Rd',
      district: 'Gasabo',
      phoneNumber: '+250788123456',
      isDefault: true,
    });
  });

  it("checks the phone number with the server's rule before sending", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText('Description'), 'Home');
    await userEvent.type(screen.getByLabelText('Street'), 'KN 5 Rd');
    await userEvent.type(screen.getByLabelText('District'), 'Gasabo');
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
});
