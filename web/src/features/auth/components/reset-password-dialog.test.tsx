// The two-step reset dialog: identify the account and get a code, then set the new password.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { postForgotPassword, postResetPassword } from '../api/auth-api';
import { ResetPasswordDialog } from './reset-password-dialog';

vi.mock('../api/auth-api', () => ({ postForgotPassword: vi.fn(), postResetPassword: vi.fn() }));

beforeEach(() => {
  toast.clear();
  vi.mocked(postForgotPassword).mockReset().mockResolvedValue({ success: true, message: 'If an account matches, we have sent it a 6-digit code. It works for 10 minutes.' });
  vi.mocked(postResetPassword).mockReset().mockResolvedValue({ success: true, message: 'Password updated successfully!' });
});

async function toStepTwo(identifier = 'aline@example.rw') {
  await userEvent.type(screen.getByLabelText('Email address'), identifier);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('6-digit code');
}

describe('ResetPasswordDialog', () => {
  it('validates the identifier before sending a code', async () => {
    render(<ResetPasswordDialog open onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please provide an email or phone number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    await userEvent.type(screen.getByLabelText('Phone number'), 'x1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Invalid phone number format (e.g., +1234567890)')).toBeInTheDocument();
    expect(postForgotPassword).not.toHaveBeenCalled();
  });

  it('sends the code to a phone number keyed as phoneNumber', async () => {
    render(<ResetPasswordDialog open onClose={vi.fn()} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Phone' }));
    await userEvent.type(screen.getByLabelText('Phone number'), '+250788123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('6-digit code');
    expect(postForgotPassword).toHaveBeenCalledWith({ phoneNumber: '+250788123456' });
  });

  it('checks the code, the length and the confirmation on step 2', async () => {
    render(<ResetPasswordDialog open onClose={vi.fn()} />);
    await toStepTwo();
    await userEvent.type(screen.getByLabelText('6-digit code'), '12');
    await userEvent.type(screen.getByLabelText('New password'), '123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), '999');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Enter the 6-digit code we sent you')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(postResetPassword).not.toHaveBeenCalled();
  });

  it('updates the password, says so and closes', async () => {
    const onClose = vi.fn();
    render(<ResetPasswordDialog open onClose={onClose} />);
    await toStepTwo();
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'newsecret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newsecret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postResetPassword).toHaveBeenCalledWith({ email: 'aline@example.rw', code: '123456', password: 'newsecret' });
    expect(toast.current().map((item) => item.message)).toContain('Password updated successfully!');
  });

  it('shows the server error in the dialog', async () => {
    vi.mocked(postResetPassword).mockRejectedValue(
      new ApiError('Invalid input', 400, 'validation', [{ message: 'That code is wrong or has expired' }]),
    );
    render(<ResetPasswordDialog open onClose={vi.fn()} />);
    await toStepTwo();
    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.type(screen.getByLabelText('New password'), 'newsecret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newsecret');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('That code is wrong or has expired')).toBeInTheDocument();
  });

  it('goes back to step 1 and starts over after closing', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<ResetPasswordDialog open onClose={onClose} />);
    await toStepTwo();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('aline@example.rw');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    rerender(<ResetPasswordDialog open={false} onClose={onClose} />);
    rerender(<ResetPasswordDialog open onClose={onClose} />);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });
});
