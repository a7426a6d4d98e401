// The signup form's rules and messages (docs/product.md sections 5 and 8), with the network mocked at the auth calls.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { postRegister } from '../api/auth-api';
import { SignupForm } from './signup-form';

vi.mock('../api/auth-api', () => ({ postLogin: vi.fn(), postRegister: vi.fn(), getLogout: vi.fn(), getIsAuth: vi.fn() }));

beforeEach(() => {
  toast.clear();
  vi.mocked(postRegister).mockReset();
});

async function fill(values: Partial<Record<'name' | 'email' | 'phone' | 'password' | 'confirm', string>>, terms = true) {
  if (values.name) await userEvent.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.phone) await userEvent.type(screen.getByLabelText('Phone number'), values.phone);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
  if (terms) await userEvent.click(screen.getByRole('checkbox', { name: /Terms & Conditions/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupForm', () => {
  it('shows every required message at once', async () => {
    render(<SignupForm onSuccess={vi.fn()} />);
    await fill({}, false);
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the Terms & Conditions')).toBeInTheDocument();
    expect(postRegister).not.toHaveBeenCalled();
  });

  it('checks formats, length and the confirmation', async () => {
    render(<SignupForm onSuccess={vi.fn()} />);
    await fill({ name: 'Aline', email: 'nope', phone: 'abc', password: '123', confirm: '1234' });
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('accepts a phone number alone and sends only the register fields', async () => {
    vi.mocked(postRegister).mockResolvedValue({ success: true, message: 'Registration successful!', token: 't', user: { _id: 'u', fullName: 'Aline', roles: ['shopper'] } });
    const onSuccess = vi.fn();
    render(<SignupForm onSuccess={onSuccess} />);
    await fill({ name: 'Aline', phone: '+250 788 123 456', password: 'secret1', confirm: 'secret1' });
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(postRegister).toHaveBeenCalledWith({
      fullName: 'Aline',
      email: undefined,
      phoneNumber: '+250788123456',
      password: 'secret1',
    });
    expect(toast.current().map((item) => item.message)).toContain('Registration successful!');
  });

  it('lists the server errors, each also as a toast', async () => {
    vi.mocked(postRegister).mockRejectedValue(
      new ApiError('Invalid input', 400, 'validation', [
        { message: 'Email already registered', field: 'email' },
        { message: 'Phone number already registered', field: 'phoneNumber' },
      ]),
    );
    render(<SignupForm onSuccess={vi.fn()} />);
    await fill({ name: 'Aline', email: 'a@b.rw', phone: '+250788123456', password: 'secret1', confirm: 'secret1' });
    expect(await screen.findByText('Email already registered')).toBeInTheDocument();
    expect(screen.getByText('Phone number already registered')).toBeInTheDocument();
    expect(toast.current().map((item) => item.message)).toEqual([
      'Email already registered',
      'Phone number already registered',
    ]);
  });
});
