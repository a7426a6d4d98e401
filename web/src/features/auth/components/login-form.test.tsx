// The login form's rules and messages (docs/product.md sections 5 and 8), with the network mocked at the auth calls.
import { render, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { postLogin } from '../api/auth-api';
import { LoginForm, LOGIN_ERROR_MS } from './login-form';

vi.mock('../api/auth-api', () => ({ postLogin: vi.fn(), postRegister: vi.fn(), getLogout: vi.fn(), getIsAuth: vi.fn() }));

function renderForm() {
  const onSuccess = vi.fn();
  const onForgotPassword = vi.fn();
  render(<LoginForm onSuccess={onSuccess} onForgotPassword={onForgotPassword} />);
  return { onSuccess, onForgotPassword };
}

beforeEach(() => {
  toast.clear();
  vi.mocked(postLogin).mockReset();
});

afterEach(() => vi.useRealTimers());

describe('LoginForm', () => {
  it('asks for an identifier and a password', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please provide an email or phone number')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(postLogin).not.toHaveBeenCalled();
  });

  it('checks the email format when signing in with email', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
  });

  it('checks the phone format when signing in with a phone number', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    await userEvent.type(screen.getByLabelText('Phone number'), '12ab');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid phone number format (e.g., +1234567890)')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    renderForm();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('opens the reset dialog from Forgot password', async () => {
    const { onForgotPassword } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });

  it('signs in with trimmed values and reports success', async () => {
    vi.mocked(postLogin).mockResolvedValue({ success: true, message: 'Login successful!', token: 't', user: { _id: 'u', fullName: 'A', roles: ['shopper'] } });
    const { onSuccess } = renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), '  a@b.rw ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(postLogin).toHaveBeenCalledWith({ identifier: 'a@b.rw', password: 'secret1' });
    expect(toast.current().map((item) => item.message)).toContain('Login successful!');
  });

  it('shows Invalid credentials for a 400, as a toast too, and clears it after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(postLogin).mockRejectedValue(new ApiError('Wrong', 400, 'bad_request'));
    renderForm();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email address'), 'a@b.rw');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(toast.current().map((item) => item.message)).toContain('Invalid credentials');
    act(() => vi.advanceTimersByTime(LOGIN_ERROR_MS + 10));
    expect(screen.queryByText('Invalid credentials', { selector: '.auth-errors p' })).not.toBeInTheDocument();
  });

  it('lists every server error, the first also as a toast', async () => {
    vi.mocked(postLogin).mockRejectedValue(
      new ApiError('Invalid input', 400, 'validation', [
        { message: 'First problem', field: 'identifier' },
        { message: 'Second problem', field: 'password' },
      ]),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Email address'), 'a@b.rw');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('First problem')).toBeInTheDocument();
    expect(screen.getByText('Second problem')).toBeInTheDocument();
    expect(toast.current().map((item) => item.message)).toEqual(['First problem']);
  });
});
